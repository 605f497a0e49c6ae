import { botModels, bots, knowledgePassages, knowledgeSources } from '../../db/schema/index.js';
import type { Db } from '../../platform/db/database.js';

// The demo bot's rows, written at seed time in the seed's transaction (the bots API and the
// training queue do this for real bots).

export async function insertBotForMember(
  db: Db,
  row: {
    applicationId: string;
    userId: string;
    name: string;
    engine: string;
    settings: Record<string, unknown>;
  },
) {
  const [bot] = await db
    .insert(bots)
    .values({ ...row, defaultLanguage: 'en', languages: ['en'] })
    .returning();
  return bot!;
}

export async function insertReadyModel(
  db: Db,
  row: { botId: string; applicationId: string; language: string; model: Record<string, unknown> },
) {
  await db.insert(botModels).values({
    ...row,
    status: 'ready',
    version: 1,
    trainedVersion: 1,
    trainedAt: new Date(),
  });
}

export async function insertReadyDocument(
  db: Db,
  source: { applicationId: string; botId: string; name: string },
  passages: readonly { heading: string | null; text: string }[],
) {
  const [row] = await db
    .insert(knowledgeSources)
    .values({
      ...source,
      kind: 'document',
      mimeType: 'text/markdown',
      status: 'ready',
      progressDone: 1,
      progressTotal: 1,
      passageCount: passages.length,
    })
    .returning({ id: knowledgeSources.id });
  if (passages.length > 0) {
    await db.insert(knowledgePassages).values(
      passages.map((p, position) => ({
        applicationId: source.applicationId,
        botId: source.botId,
        sourceId: row!.id,
        position,
        url: null,
        heading: p.heading,
        text: p.text,
      })),
    );
  }
}
