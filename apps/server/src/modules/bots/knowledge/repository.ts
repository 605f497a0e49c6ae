import { and, asc, eq, sql } from 'drizzle-orm';
import { knowledgePassages, knowledgeSources } from '../../../db/schema/index.js';
import type { Db } from '../../../platform/db/database.js';

// The only place knowledge sources and passages are read or written; every query names the
// application (and the bot) the rows belong to.

export type SourceRow = typeof knowledgeSources.$inferSelect;
export type NewSource = typeof knowledgeSources.$inferInsert;

export interface NewPassage {
  position: number;
  url: string | null;
  heading: string | null;
  text: string;
}

export interface PassageHit {
  id: number;
  sourceId: string;
  sourceName: string;
  url: string | null;
  heading: string | null;
  text: string;
  score: number;
}

export async function insertSource(tx: Db, values: NewSource): Promise<SourceRow> {
  const [row] = await tx.insert(knowledgeSources).values(values).returning();
  return row!;
}

export async function listSources(db: Db, applicationId: string, botId: string): Promise<SourceRow[]> {
  return db
    .select()
    .from(knowledgeSources)
    .where(and(eq(knowledgeSources.applicationId, applicationId), eq(knowledgeSources.botId, botId)))
    .orderBy(asc(knowledgeSources.createdAt), asc(knowledgeSources.id));
}

export async function countSources(db: Db, applicationId: string, botId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(knowledgeSources)
    .where(and(eq(knowledgeSources.applicationId, applicationId), eq(knowledgeSources.botId, botId)));
  return row?.n ?? 0;
}

/** A source of the application; with `botId`, only that bot's. */
export async function findSource(
  db: Db,
  applicationId: string,
  sourceId: string,
  botId?: string,
): Promise<SourceRow | undefined> {
  const [row] = await db
    .select()
    .from(knowledgeSources)
    .where(
      and(
        eq(knowledgeSources.applicationId, applicationId),
        eq(knowledgeSources.id, sourceId),
        botId === undefined ? undefined : eq(knowledgeSources.botId, botId),
      ),
    )
    .limit(1);
  return row;
}

/** Locks the source's row for the rest of the transaction (indexing results are written one at a time). */
export async function lockSource(
  tx: Db,
  applicationId: string,
  sourceId: string,
): Promise<SourceRow | undefined> {
  const [row] = await tx
    .select()
    .from(knowledgeSources)
    .where(and(eq(knowledgeSources.applicationId, applicationId), eq(knowledgeSources.id, sourceId)))
    .for('update');
  return row;
}

export type SourcePatch = Partial<
  Pick<
    SourceRow,
    'status' | 'error' | 'progressDone' | 'progressTotal' | 'passageCount' | 'name' | 'mimeType'
  >
>;

export async function updateSource(
  db: Db,
  applicationId: string,
  sourceId: string,
  patch: SourcePatch,
): Promise<SourceRow | undefined> {
  const [row] = await db
    .update(knowledgeSources)
    .set({ ...patch, updatedAt: new Date() })
    .where(and(eq(knowledgeSources.applicationId, applicationId), eq(knowledgeSources.id, sourceId)))
    .returning();
  return row;
}

export async function deleteSource(
  tx: Db,
  applicationId: string,
  botId: string,
  sourceId: string,
): Promise<SourceRow | undefined> {
  const [row] = await tx
    .delete(knowledgeSources)
    .where(
      and(
        eq(knowledgeSources.applicationId, applicationId),
        eq(knowledgeSources.botId, botId),
        eq(knowledgeSources.id, sourceId),
      ),
    )
    .returning();
  return row;
}

export async function deletePassages(tx: Db, applicationId: string, sourceId: string): Promise<void> {
  await tx
    .delete(knowledgePassages)
    .where(and(eq(knowledgePassages.applicationId, applicationId), eq(knowledgePassages.sourceId, sourceId)));
}

const INSERT_BATCH = 500;

/** Replaces the source's passages (call inside the transaction that locked the source). */
export async function replacePassages(
  tx: Db,
  source: SourceRow,
  passages: readonly NewPassage[],
): Promise<void> {
  await deletePassages(tx, source.applicationId, source.id);
  for (let i = 0; i < passages.length; i += INSERT_BATCH) {
    await tx.insert(knowledgePassages).values(
      passages.slice(i, i + INSERT_BATCH).map((p) => ({
        applicationId: source.applicationId,
        botId: source.botId,
        sourceId: source.id,
        position: p.position,
        url: p.url,
        heading: p.heading,
        text: p.text,
      })),
    );
  }
}

export interface SourceCounts {
  sources: number;
  documents: number;
  urls: number;
  sitemaps: number;
  ready: number;
  passages: number;
}

export async function sourceCounts(db: Db, applicationId: string, botId: string): Promise<SourceCounts> {
  const [row] = await db
    .select({
      sources: sql<number>`count(*)::int`,
      documents: sql<number>`count(*) filter (where ${knowledgeSources.kind} = 'document')::int`,
      urls: sql<number>`count(*) filter (where ${knowledgeSources.kind} = 'url')::int`,
      sitemaps: sql<number>`count(*) filter (where ${knowledgeSources.kind} = 'sitemap')::int`,
      ready: sql<number>`count(*) filter (where ${knowledgeSources.status} = 'ready')::int`,
      passages: sql<number>`coalesce(sum(${knowledgeSources.passageCount}), 0)::int`,
    })
    .from(knowledgeSources)
    .where(and(eq(knowledgeSources.applicationId, applicationId), eq(knowledgeSources.botId, botId)));
  return row ?? { sources: 0, documents: 0, urls: 0, sitemaps: 0, ready: 0, passages: 0 };
}

/**
 * Full-text search of a bot's passages: `tsquery` is a `to_tsquery('simple', …)` expression built
 * by retrieval.ts from plain word characters only. Rank normalised to 0…1 (flags 1|32: by the
 * passage's length, then rank/(rank+1)).
 */
export async function searchPassages(
  db: Db,
  applicationId: string,
  botId: string,
  tsquery: string,
  limit: number,
): Promise<PassageHit[]> {
  const q = sql`to_tsquery('simple', ${tsquery})`;
  const score = sql<number>`ts_rank(${knowledgePassages.searchVector}, ${q}, 33)`;
  const rows = await db
    .select({
      id: knowledgePassages.id,
      sourceId: knowledgePassages.sourceId,
      sourceName: knowledgeSources.name,
      url: knowledgePassages.url,
      heading: knowledgePassages.heading,
      text: knowledgePassages.text,
      score,
    })
    .from(knowledgePassages)
    .innerJoin(
      knowledgeSources,
      and(
        eq(knowledgeSources.id, knowledgePassages.sourceId),
        eq(knowledgeSources.applicationId, applicationId),
      ),
    )
    .where(
      and(
        eq(knowledgePassages.applicationId, applicationId),
        eq(knowledgePassages.botId, botId),
        sql`${knowledgePassages.searchVector} @@ ${q}`,
      ),
    )
    .orderBy(sql`${score} desc`, asc(knowledgePassages.id))
    .limit(limit);
  return rows.map((r) => ({ ...r, score: Number(r.score) }));
}
