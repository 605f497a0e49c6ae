import { and, eq, inArray, sql } from 'drizzle-orm';
import { botModels, bots } from '../../../../db/schema/index.js';
import type { Db } from '../../../../platform/db/database.js';
import type { StoredModel } from './snapshot.js';

// kompose's reads and writes of the trained model per bot and language (the intents and entities
// it is trained from are the builder's: builder/repository.ts). Every query names the application.

export interface ModelVersion {
  version: number;
  trainedVersion: number;
  status: string;
}

export async function readModelVersion(
  db: Db,
  applicationId: string,
  botId: string,
  language: string,
): Promise<ModelVersion | undefined> {
  const [row] = await db
    .select({
      version: botModels.version,
      trainedVersion: botModels.trainedVersion,
      status: botModels.status,
    })
    .from(botModels)
    .where(
      and(
        eq(botModels.applicationId, applicationId),
        eq(botModels.botId, botId),
        eq(botModels.language, language),
      ),
    )
    .limit(1);
  return row;
}

export async function readModel(
  db: Db,
  applicationId: string,
  botId: string,
  language: string,
): Promise<{ model: StoredModel | null; trainedVersion: number } | undefined> {
  const [row] = await db
    .select({ model: botModels.model, trainedVersion: botModels.trainedVersion })
    .from(botModels)
    .where(
      and(
        eq(botModels.applicationId, applicationId),
        eq(botModels.botId, botId),
        eq(botModels.language, language),
      ),
    )
    .limit(1);
  if (!row) return undefined;
  return { model: (row.model as StoredModel | null) ?? null, trainedVersion: row.trainedVersion };
}

/** The bot still exists in that application and is a kompose bot. */
/** A kompose bot's settings, or null when the bot is gone or runs another engine. */
export async function komposeBotSettings(
  db: Db,
  applicationId: string,
  botId: string,
): Promise<Record<string, unknown> | null> {
  const rows = await db
    .select({ settings: bots.settings })
    .from(bots)
    .where(and(eq(bots.applicationId, applicationId), eq(bots.id, botId), inArray(bots.engine, ['kompose'])))
    .limit(1);
  return rows[0] ? ((rows[0].settings ?? {}) as Record<string, unknown>) : null;
}

/**
 * Stores a model trained for `version`, unless the intents changed again meanwhile (the newer
 * version's job stores its own). Returns whether it was stored.
 */
export async function storeTrainedModel(
  db: Db,
  applicationId: string,
  botId: string,
  language: string,
  version: number,
  model: StoredModel | null,
): Promise<boolean> {
  const rows = await db
    .update(botModels)
    .set({
      model: model as unknown as Record<string, unknown> | null,
      trainedVersion: version,
      status: 'ready',
      error: null,
      trainedAt: sql`now()`,
      updatedAt: sql`now()`,
    })
    .where(
      and(
        eq(botModels.applicationId, applicationId),
        eq(botModels.botId, botId),
        eq(botModels.language, language),
        eq(botModels.version, version),
      ),
    )
    .returning({ version: botModels.version });
  return rows.length > 0;
}

export async function markTrainingFailed(
  db: Db,
  applicationId: string,
  botId: string,
  language: string,
  version: number,
  error: string,
): Promise<void> {
  await db
    .update(botModels)
    .set({ status: 'failed', error, updatedAt: sql`now()` })
    .where(
      and(
        eq(botModels.applicationId, applicationId),
        eq(botModels.botId, botId),
        eq(botModels.language, language),
        eq(botModels.version, version),
      ),
    );
}
