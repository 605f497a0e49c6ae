import { and, asc, count, desc, eq, gte, sql } from 'drizzle-orm';
import { helpCenterAnswerBots, helpCenterArticles, helpCenterDeflections } from '../../db/schema/index.js';
import type { Db } from '../../platform/db/database.js';

// The only place the answer bot's rows are read or written (its settings, its deflections and the
// published articles it suggests); every query names the application.

const A = helpCenterArticles;
const D = helpCenterDeflections;
export type AnswerBotRow = typeof helpCenterAnswerBots.$inferSelect;

export async function findSettings(db: Db, applicationId: string): Promise<AnswerBotRow | undefined> {
  const [row] = await db
    .select()
    .from(helpCenterAnswerBots)
    .where(eq(helpCenterAnswerBots.applicationId, applicationId))
    .limit(1);
  return row;
}

export async function upsertSettings(
  db: Db,
  applicationId: string,
  values: { enabled: boolean; suggestionCount: number },
): Promise<AnswerBotRow> {
  const [row] = await db
    .insert(helpCenterAnswerBots)
    .values({ applicationId, ...values })
    .onConflictDoUpdate({
      target: helpCenterAnswerBots.applicationId,
      set: { ...values, updatedAt: new Date() },
    })
    .returning();
  return row!;
}

/**
 * Matches ranked at most: a question shares a common word with a large part of a big help center,
 * and ranking reads each match's vector. Help centers under this many matches rank them all.
 */
export const MAX_RANKED_MATCHES = 1_000;

/**
 * The best published matches of one language: up to MAX_RANKED_MATCHES matches ranked, then the few
 * best rows' titles and the start of their text.
 */
export async function searchPublished(
  db: Db,
  applicationId: string,
  language: string,
  tsquery: string,
  limit: number,
) {
  const query = sql`to_tsquery('simple', ${tsquery})`;
  const matches = db
    .select({ id: A.id, vector: sql`${A.searchVector}`.as('vector') })
    .from(A)
    .where(
      and(
        eq(A.applicationId, applicationId),
        eq(A.status, 'published'),
        eq(A.language, language),
        sql`${A.searchVector} @@ ${query}`,
      ),
    )
    .limit(MAX_RANKED_MATCHES)
    .as('matches');
  const top = db
    .select({ id: matches.id, rank: sql<number>`ts_rank(${matches.vector}, ${query})`.as('rank') })
    .from(matches)
    .orderBy(desc(sql`rank`), asc(matches.id))
    .limit(limit)
    .as('top');
  return db
    .select({
      id: A.id,
      translationGroupId: A.translationGroupId,
      title: A.title,
      slug: A.slug,
      language: A.language,
      text: sql<string>`left(${A.bodyText}, 2000)`,
    })
    .from(top)
    .innerJoin(A, eq(A.id, top.id))
    .orderBy(desc(top.rank), asc(A.id));
}

export type SuggestionRow = Awaited<ReturnType<typeof searchPublished>>[number];

/** A published article of the application (a draft or another application's answers nothing). */
export async function findPublished(db: Db, applicationId: string, id: string) {
  const [row] = await db
    .select({ id: A.id, title: A.title, slug: A.slug, language: A.language, bodyHtml: A.bodyHtml })
    .from(A)
    .where(and(eq(A.applicationId, applicationId), eq(A.id, id), eq(A.status, 'published')))
    .limit(1);
  return row;
}

export async function insertDeflection(
  db: Db,
  values: { applicationId: string; articleId: string; visitorId: string; query: string },
): Promise<void> {
  await db.insert(D).values(values);
}

export async function deflectionTotals(db: Db, applicationId: string, since: Date) {
  const [row] = await db
    .select({
      total: sql<number>`count(*)::int`,
      recent: sql<number>`(count(*) filter (where ${D.createdAt} >= ${since.toISOString()}))::int`,
    })
    .from(D)
    .where(eq(D.applicationId, applicationId));
  return { total: row?.total ?? 0, recent: row?.recent ?? 0 };
}

/** The articles that answered most often (deleted articles are left out). */
export async function topDeflectingArticles(db: Db, applicationId: string, since: Date, limit: number) {
  const n = count(D.id);
  return db
    .select({ articleId: A.id, title: A.title, count: sql<number>`${n}::int` })
    .from(D)
    .innerJoin(A, and(eq(A.id, D.articleId), eq(A.applicationId, D.applicationId)))
    .where(and(eq(D.applicationId, applicationId), gte(D.createdAt, since)))
    .groupBy(A.id, A.title)
    .orderBy(desc(n), asc(A.title))
    .limit(limit);
}
