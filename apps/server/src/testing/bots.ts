import type { BotPlatform } from '@convo/domain';
import { type BotRow, insertBot } from '../modules/bots/repository.js';
import type { Database } from '../platform/db/database.js';

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
