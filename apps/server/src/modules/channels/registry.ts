import type { IntegrationType } from '@convo/api';
import type { Db } from '../../platform/db/database.js';
import type { AnyChannelConnector } from './connector.js';
import { emailConnector } from './email/connector.js';
import { facebookConnector } from './facebook/connector.js';
import { instagramConnector } from './instagram/connector.js';
import { lineConnector } from './line/connector.js';
import { slackConnector } from './slack/connector.js';
import { telegramConnector } from './telegram/connector.js';
import { viberConnector } from './viber/connector.js';
import { voiceTwilioConnector } from './voice-twilio/connector.js';
import { whatsAppCloudConnector } from './whatsapp-cloud/connector.js';
import { whatsAppDialog360Connector } from './whatsapp-dialog360/connector.js';
import { whatsAppGallaboxConnector } from './whatsapp-gallabox/connector.js';
import { whatsAppTwilioConnector } from './whatsapp-twilio/connector.js';

/** The connectors a server runs, by integration type. */
export type ChannelRegistry = ReadonlyMap<IntegrationType, AnyChannelConnector>;

/** Every connector that works today, pointed at the providers' configured base URLs. */
export function channelConnectors(
  apiUrls: {
    telegram: string;
    line: string;
    lineData: string;
    viber: string;
    metaGraph: string;
    twilio: string | undefined;
    dialog360: string;
    gallabox: string;
    slack: string;
  },
  db: Db,
  /** The server runs the built-in SMTP receiver (a mailbox may then be connected without IMAP). */
  options: { inboundMail?: boolean } = {},
): ChannelRegistry {
  return new Map<IntegrationType, AnyChannelConnector>([
    ['telegram', telegramConnector(apiUrls.telegram)],
    ['line', lineConnector({ api: apiUrls.line, data: apiUrls.lineData })],
    ['viber', viberConnector(apiUrls.viber)],
    ['whatsapp-cloud-api', whatsAppCloudConnector(apiUrls.metaGraph)],
    ['whatsapp-twilio', whatsAppTwilioConnector(apiUrls.twilio)],
    ['whatsapp-dialog360', whatsAppDialog360Connector(apiUrls.dialog360)],
    ['whatsapp-gallabox', whatsAppGallaboxConnector(apiUrls.gallabox)],
    ['facebook', facebookConnector(apiUrls.metaGraph)],
    ['instagram', instagramConnector(apiUrls.metaGraph)],
    ['email', emailConnector(db, options)],
    ['voice-twilio', voiceTwilioConnector(apiUrls.twilio)],
    ['slack', slackConnector(apiUrls.slack)],
  ]);
}
