import { type BotPlatform, SENDER_TYPE } from '@convo/domain';
import { type BotRow, insertBot } from '../modules/bots/repository.js';
import type { Database } from '../platform/db/database.js';
import type { Frame } from './ws-client.js';

// A bot in the application for tests that need one before the bots API is in play.
export async function addTestBot(
  database: Database,
  applicationId: string,
  engine: BotPlatform = 'kompose',
  name = 'Test Bot',
): Promise<BotRow> {
  const tag = Math.random().toString(36).slice(2, 8);
  return database.db.transaction((tx) =>
    insertBot(tx, { applicationId, userName: `bot-${tag}`, name, engine, defaultLanguage: 'en' }),
  );
}

/** A bot's answer on a socket (not its welcome message, which opens its first turn). */
export function isBotAnswerFrame(f: Frame): boolean {
  const m = f.data?.message as
    | { senderType?: number; contentType?: number; metadata?: Record<string, unknown> }
    | undefined;
  return (
    f.type === 'message.received' &&
    m?.senderType === SENDER_TYPE.BOT &&
    m.contentType === 0 &&
    m.metadata?.KM_BOT_WELCOME !== 'true'
  );
}
