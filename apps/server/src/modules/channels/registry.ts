import type { IntegrationType } from '@convo/api';
import type { AnyChannelConnector } from './connector.js';
import { lineConnector } from './line/connector.js';
import { telegramConnector } from './telegram/connector.js';
import { viberConnector } from './viber/connector.js';

/** The connectors a server runs, by integration type. */
export type ChannelRegistry = ReadonlyMap<IntegrationType, AnyChannelConnector>;

/** Every connector that works today, pointed at the providers' configured base URLs. */
export function channelConnectors(apiUrls: {
  telegram: string;
  line: string;
  lineData: string;
  viber: string;
}): ChannelRegistry {
  return new Map<IntegrationType, AnyChannelConnector>([
    ['telegram', telegramConnector(apiUrls.telegram)],
    ['line', lineConnector({ api: apiUrls.line, data: apiUrls.lineData })],
    ['viber', viberConnector(apiUrls.viber)],
  ]);
}
