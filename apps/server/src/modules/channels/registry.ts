import type { IntegrationType } from '@convo/api';
import type { Db } from '../../platform/db/database.js';
import type { AnyChannelConnector } from './connector.js';
import { emailConnector } from './email/connector.js';
import { telegramConnector } from './telegram/connector.js';

/** The connectors a server runs, by integration type. */
export type ChannelRegistry = ReadonlyMap<IntegrationType, AnyChannelConnector>;

/** Every connector that works today, pointed at the providers' configured base URLs. */
export function channelConnectors(apiUrls: { telegram: string }, db: Db): ChannelRegistry {
  return new Map<IntegrationType, AnyChannelConnector>([
    ['telegram', telegramConnector(apiUrls.telegram)],
    ['email', emailConnector(db)],
  ]);
}
