import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import { botAnswers, botEntities, botIntents, botModels } from '../../../db/schema/index.js';
import type { Db } from '../../../platform/db/database.js';

// The builder's tables: intents and entities per bot and language, and the training state of each
// language (bot_models without the model itself). Every query names the application.

export type IntentRow = typeof botIntents.$inferSelect;
export type EntityRow = typeof botEntities.$inferSelect;
export type ModelStateRow = Omit<typeof botModels.$inferSelect, 'model'>;

/** The rows of one bot of one application: every query here starts from this. */
const ofBotIntents = (applicationId: string, botId: string) =>
  and(eq(botIntents.applicationId, applicationId), eq(botIntents.botId, botId));
const ofBotEntities = (applicationId: string, botId: string) =>
  and(eq(botEntities.applicationId, applicationId), eq(botEntities.botId, botId));

export interface IntentValues {
  language: string;
  section: string;
  name: string;
  userSays: string[];
  botSays: Record<string, unknown>[];
}

export async function listIntents(
  db: Db,
  applicationId: string,
  botId: string,
  languages?: readonly string[],
): Promise<IntentRow[]> {
  const filters = [ofBotIntents(applicationId, botId)];
  if (languages) filters.push(inArray(botIntents.language, [...languages]));
  return db
    .select()
    .from(botIntents)
    .where(and(...filters))
    .orderBy(asc(botIntents.language), asc(botIntents.createdAt), asc(botIntents.id));
}

export async function findIntent(
  db: Db,
  applicationId: string,
  botId: string,
  intentId: string,
): Promise<IntentRow | undefined> {
  const [row] = await db
    .select()
    .from(botIntents)
    .where(and(ofBotIntents(applicationId, botId), eq(botIntents.id, intentId)))
    .limit(1);
  return row;
}

export async function findIntentByName(
  db: Db,
  applicationId: string,
  botId: string,
  language: string,
  name: string,
): Promise<IntentRow | undefined> {
  const [row] = await db
    .select()
    .from(botIntents)
    .where(
      and(ofBotIntents(applicationId, botId), eq(botIntents.language, language), eq(botIntents.name, name)),
    )
    .limit(1);
  return row;
}

export async function insertIntent(
  db: Db,
  applicationId: string,
  botId: string,
  values: IntentValues,
): Promise<IntentRow> {
  const [row] = await db
    .insert(botIntents)
    .values({ applicationId, botId, ...values })
    .returning();
  return row!;
}

/** Creates the rows that do not exist yet (by bot, language and name); concurrent calls are safe. */
export async function insertMissingIntents(
  db: Db,
  applicationId: string,
  botId: string,
  rows: readonly IntentValues[],
): Promise<void> {
  if (rows.length === 0) return;
  await db
    .insert(botIntents)
    .values(rows.map((r) => ({ applicationId, botId, ...r })))
    .onConflictDoNothing({ target: [botIntents.botId, botIntents.language, botIntents.name] });
}

/** Creates or replaces the intent of that name in that language (copy to other languages). */
export async function upsertIntent(
  db: Db,
  applicationId: string,
  botId: string,
  values: IntentValues,
): Promise<IntentRow> {
  const [row] = await db
    .insert(botIntents)
    .values({ applicationId, botId, ...values })
    .onConflictDoUpdate({
      target: [botIntents.botId, botIntents.language, botIntents.name],
      set: {
        section: values.section,
        userSays: values.userSays,
        botSays: values.botSays,
        updatedAt: sql`now()`,
      },
    })
    .returning();
  return row!;
}

export async function updateIntent(
  db: Db,
  applicationId: string,
  botId: string,
  intentId: string,
  values: Omit<IntentValues, 'language'>,
): Promise<IntentRow | undefined> {
  const [row] = await db
    .update(botIntents)
    .set({ ...values, updatedAt: sql`now()` })
    .where(and(ofBotIntents(applicationId, botId), eq(botIntents.id, intentId)))
    .returning();
  return row;
}

/** Deletes the intents of that name in the given languages; returns the languages touched. */
export async function deleteIntentsByName(
  db: Db,
  applicationId: string,
  botId: string,
  name: string,
  languages: readonly string[],
): Promise<string[]> {
  const rows = await db
    .delete(botIntents)
    .where(
      and(
        ofBotIntents(applicationId, botId),
        eq(botIntents.name, name),
        inArray(botIntents.language, [...languages]),
      ),
    )
    .returning({ language: botIntents.language });
  return rows.map((r) => r.language);
}

// ---- entities ----

export async function listEntities(
  db: Db,
  applicationId: string,
  botId: string,
  locale?: string,
): Promise<EntityRow[]> {
  const filters = [ofBotEntities(applicationId, botId)];
  if (locale) filters.push(eq(botEntities.locale, locale));
  return db
    .select()
    .from(botEntities)
    .where(and(...filters))
    .orderBy(asc(botEntities.entity), asc(botEntities.locale));
}

export async function findEntity(
  db: Db,
  applicationId: string,
  botId: string,
  entityId: string,
): Promise<EntityRow | undefined> {
  const [row] = await db
    .select()
    .from(botEntities)
    .where(and(ofBotEntities(applicationId, botId), eq(botEntities.id, entityId)))
    .limit(1);
  return row;
}

export interface EntityValues {
  entity: string;
  locale: string;
  values: { value: string; synonyms: string[] }[];
}

export async function insertEntity(
  db: Db,
  applicationId: string,
  botId: string,
  values: EntityValues,
): Promise<EntityRow> {
  const [row] = await db
    .insert(botEntities)
    .values({ applicationId, botId, ...values })
    .returning();
  return row!;
}

export async function updateEntity(
  db: Db,
  applicationId: string,
  botId: string,
  entityId: string,
  values: EntityValues,
): Promise<EntityRow | undefined> {
  const [row] = await db
    .update(botEntities)
    .set({ ...values, updatedAt: sql`now()` })
    .where(and(ofBotEntities(applicationId, botId), eq(botEntities.id, entityId)))
    .returning();
  return row;
}

export async function deleteEntity(
  db: Db,
  applicationId: string,
  botId: string,
  entityId: string,
): Promise<EntityRow | undefined> {
  const [row] = await db
    .delete(botEntities)
    .where(and(ofBotEntities(applicationId, botId), eq(botEntities.id, entityId)))
    .returning();
  return row;
}

// ---- training state ----

const modelStateColumns = {
  botId: botModels.botId,
  language: botModels.language,
  applicationId: botModels.applicationId,
  status: botModels.status,
  version: botModels.version,
  trainedVersion: botModels.trainedVersion,
  error: botModels.error,
  trainedAt: botModels.trainedAt,
  updatedAt: botModels.updatedAt,
};

export async function listModelStates(
  db: Db,
  applicationId: string,
  botId: string,
): Promise<ModelStateRow[]> {
  return db
    .select(modelStateColumns)
    .from(botModels)
    .where(and(eq(botModels.applicationId, applicationId), eq(botModels.botId, botId)));
}

/** A change to train: bumps the language's version and marks it training (call in the save's tx). */
export async function bumpModelVersion(
  db: Db,
  applicationId: string,
  botId: string,
  language: string,
): Promise<number> {
  const [row] = await db
    .insert(botModels)
    .values({ applicationId, botId, language, version: 1, status: 'training' })
    .onConflictDoUpdate({
      target: [botModels.botId, botModels.language],
      set: { version: sql`${botModels.version} + 1`, status: 'training', updatedAt: sql`now()` },
    })
    .returning({ version: botModels.version });
  return row!.version;
}

// ---- threshold preview ----

/** Confidences (percent) of the bot's most recent answers, newest first. */
export async function recentAnswerConfidences(
  db: Db,
  applicationId: string,
  botId: string,
  limit: number,
): Promise<number[]> {
  const rows = await db
    .select({ confidence: botAnswers.confidence })
    .from(botAnswers)
    .where(and(eq(botAnswers.applicationId, applicationId), eq(botAnswers.botId, botId)))
    .orderBy(desc(botAnswers.createdAt))
    .limit(limit);
  return rows.map((r) => r.confidence);
}
