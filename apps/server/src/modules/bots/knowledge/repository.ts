import { and, asc, eq, sql } from 'drizzle-orm';
import { knowledgePassages, knowledgeSources } from '../../../db/schema/index.js';
import { type Db, rowsOf } from '../../../platform/db/database.js';

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
    | 'status'
    | 'error'
    | 'errorDetail'
    | 'progressDone'
    | 'progressTotal'
    | 'passageCount'
    | 'name'
    | 'mimeType'
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
  // New entries of a GIN index wait in its pending list, which every search scans whole until a
  // vacuum merges it (PGlite runs no autovacuum): merge them now, at the end of the indexing.
  await tx.execute(sql`select gin_clean_pending_list('knowledge_passages_search_idx'::regclass)`);
}

/** The application's sources of one kind, every bot's (the help-center import is kept in sync). */
export async function listSourcesOfKind(db: Db, applicationId: string, kind: string): Promise<SourceRow[]> {
  return db
    .select()
    .from(knowledgeSources)
    .where(and(eq(knowledgeSources.applicationId, applicationId), eq(knowledgeSources.kind, kind)));
}

export interface SourceCounts {
  sources: number;
  documents: number;
  urls: number;
  sitemaps: number;
  helpCenters: number;
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
      helpCenters: sql<number>`count(*) filter (where ${knowledgeSources.kind} = 'helpcenter')::int`,
      ready: sql<number>`count(*) filter (where ${knowledgeSources.status} = 'ready')::int`,
      passages: sql<number>`coalesce(sum(${knowledgeSources.passageCount}), 0)::int`,
    })
    .from(knowledgeSources)
    .where(and(eq(knowledgeSources.applicationId, applicationId), eq(knowledgeSources.botId, botId)));
  return row ?? { sources: 0, documents: 0, urls: 0, sitemaps: 0, helpCenters: 0, ready: 0, passages: 0 };
}

/**
 * For each term (a tsquery operand built by retrieval.ts: lower-case word characters and `:*`, so
 * the plain cast reads it as `to_tsquery('simple', …)` would, without re-parsing it per row), the ids of up to `cap` of the bot's passages that contain it, in one round trip: the
 * GIN index finds rare terms' passages whole, and a common term stops after `cap` rows.
 */
export async function passagesPerTerm(
  db: Db,
  applicationId: string,
  botId: string,
  terms: readonly string[],
  cap: number,
): Promise<{ term: number; id: number }[]> {
  const branches = terms.map(
    (term, i) =>
      sql`(select ${i}::int as term, ${knowledgePassages.id} as id from ${knowledgePassages}
        where ${knowledgePassages.applicationId} = ${applicationId} and ${knowledgePassages.botId} = ${botId}
        and ${knowledgePassages.searchVector} @@ ${term}::tsquery limit ${cap})`,
  );
  // The planner reads a tsvector filter as cheap and walks the table until it has `cap` rows of a
  // term of middling frequency (thousands of rows); the GIN index answers every term in a few ms.
  const result = await db.transaction(async (tx) => {
    await tx.execute(sql`set local enable_seqscan = off`);
    return tx.execute(sql.join(branches, sql` union all `));
  });
  return rowsOf<{ term: number; id: number | string }>(result).map((r) => ({
    term: Number(r.term),
    id: Number(r.id),
  }));
}

export interface CandidateStats {
  id: number;
  /** The asked lexemes the passage holds, with how many times it holds each. */
  matched: { lexeme: string; tf: number }[];
  /** Its length: the distinct words of its heading and text (length of its tsvector). */
  length: number;
}

/** `{"a","b"}`: lexemes are word characters only (retrieval.ts), so quoting them is enough. */
const textArray = (values: readonly string[]) =>
  `{${values.map((v) => `"${v.replace(/["\\]/g, '')}"`).join(',')}}`;

const idArray = (ids: readonly number[]) => `{${ids.map((id) => Math.trunc(id)).join(',')}}`;

/**
 * What BM25 needs of the bot's passages among `ids`: the lexemes of `lexemes` each holds, with
 * their counts (the positions the tsvector keeps), and its length; no text (see `passageDetails`).
 */
export async function candidateStats(
  db: Db,
  applicationId: string,
  botId: string,
  ids: readonly number[],
  lexemes: readonly string[],
): Promise<CandidateStats[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select({
      id: knowledgePassages.id,
      length: sql<number>`length(${knowledgePassages.searchVector})`,
      matched: sql<
        [string, number][] | null
      >`(select json_agg(json_build_array(v.lexeme, coalesce(array_length(v.positions, 1), 1))) from unnest(${knowledgePassages.searchVector}) as v where v.lexeme = any(${textArray(lexemes)}::text[]))`,
    })
    .from(knowledgePassages)
    .where(
      and(
        eq(knowledgePassages.applicationId, applicationId),
        eq(knowledgePassages.botId, botId),
        sql`${knowledgePassages.id} = any(${idArray(ids)}::bigint[])`,
      ),
    );
  return rows.map((r) => ({
    id: Number(r.id),
    length: Number(r.length),
    matched: (r.matched ?? []).map(([lexeme, tf]) => ({ lexeme, tf: Number(tf) })),
  }));
}

export type PassageDetails = Omit<PassageHit, 'score'>;

/** The bot's passages among `ids` with their text and source (read for the best ranked only). */
export async function passageDetails(
  db: Db,
  applicationId: string,
  botId: string,
  ids: readonly number[],
): Promise<PassageDetails[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select({
      id: knowledgePassages.id,
      sourceId: knowledgePassages.sourceId,
      sourceName: knowledgeSources.name,
      url: knowledgePassages.url,
      heading: knowledgePassages.heading,
      text: knowledgePassages.text,
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
        sql`${knowledgePassages.id} = any(${idArray(ids)}::bigint[])`,
      ),
    );
  return rows.map((r) => ({ ...r, id: Number(r.id) }));
}

/** The average length of the bot's passages (BM25's length normalisation; 0 with none). */
export async function averagePassageLength(db: Db, applicationId: string, botId: string): Promise<number> {
  const [row] = await db
    .select({ avg: sql<number | string | null>`avg(length(${knowledgePassages.searchVector}))` })
    .from(knowledgePassages)
    .where(and(eq(knowledgePassages.applicationId, applicationId), eq(knowledgePassages.botId, botId)));
  return Number(row?.avg ?? 0);
}

/**
 * The bot's passage count (the N of the retrieval's term weights) and a version that changes
 * whenever any of its sources is added, re-indexed or deleted (the retrieval's cache key).
 */
export async function passageStats(
  db: Db,
  applicationId: string,
  botId: string,
): Promise<{ total: number; version: string }> {
  const [row] = await db
    .select({
      total: sql<number>`coalesce(sum(${knowledgeSources.passageCount}), 0)::int`,
      sources: sql<number>`count(*)::int`,
      changed: sql<string>`coalesce(max(${knowledgeSources.updatedAt})::text, '')`,
    })
    .from(knowledgeSources)
    .where(and(eq(knowledgeSources.applicationId, applicationId), eq(knowledgeSources.botId, botId)));
  const total = Number(row?.total ?? 0);
  return { total, version: `${total}:${row?.sources ?? 0}:${row?.changed ?? ''}` };
}

/** `{0.1,-0.2}`: a vector as a real[] literal (finite numbers only). */
const realArray = (vector: readonly number[]) =>
  `{${vector.map((x) => (Number.isFinite(x) ? x : 0)).join(',')}}`;

/** The source's passages without a vector of `model` (to embed after indexing). */
export async function passagesToEmbed(
  db: Db,
  applicationId: string,
  sourceId: string,
  model: string,
): Promise<{ id: number; heading: string | null; text: string }[]> {
  const rows = await db
    .select({ id: knowledgePassages.id, heading: knowledgePassages.heading, text: knowledgePassages.text })
    .from(knowledgePassages)
    .where(
      and(
        eq(knowledgePassages.applicationId, applicationId),
        eq(knowledgePassages.sourceId, sourceId),
        sql`(${knowledgePassages.embeddingModel} is distinct from ${model} or ${knowledgePassages.embedding} is null)`,
      ),
    )
    .orderBy(asc(knowledgePassages.position));
  return rows.map((r) => ({ ...r, id: Number(r.id) }));
}

/** Stores passages' vectors (unit length) with the model that made them. */
export async function storeEmbeddings(
  db: Db,
  applicationId: string,
  model: string,
  vectors: readonly { id: number; vector: readonly number[] }[],
): Promise<void> {
  for (const v of vectors) {
    await db
      .update(knowledgePassages)
      .set({ embedding: sql`${realArray(v.vector)}::real[]`, embeddingModel: model })
      .where(and(eq(knowledgePassages.applicationId, applicationId), eq(knowledgePassages.id, v.id)));
  }
}

/**
 * The bot's passages nearest a unit vector by cosine similarity (the dot product of unit vectors),
 * best first. The one place vectors are compared: a plain real[] column and SQL arithmetic, which
 * PGlite and a PostgreSQL without pgvector both run (docs/decisions.md).
 */
export async function nearestPassages(
  db: Db,
  applicationId: string,
  botId: string,
  model: string,
  vector: readonly number[],
  limit: number,
): Promise<{ id: number; similarity: number }[]> {
  const query = realArray(vector);
  const result = await db.execute(sql`
    select id, similarity from (
      select ${knowledgePassages.id} as id,
        (select sum(a * b) from unnest(${knowledgePassages.embedding}, ${query}::real[]) as t(a, b)) as similarity
      from ${knowledgePassages}
      where ${knowledgePassages.applicationId} = ${applicationId} and ${knowledgePassages.botId} = ${botId}
        and ${knowledgePassages.embeddingModel} = ${model}
        and cardinality(${knowledgePassages.embedding}) = ${vector.length}
    ) as scored
    where similarity is not null
    order by similarity desc, id
    limit ${limit}`);
  return rowsOf<{ id: number | string; similarity: number | string }>(result).map((r) => ({
    id: Number(r.id),
    similarity: Number(r.similarity),
  }));
}
