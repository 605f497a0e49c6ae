import { and, asc, desc, eq, inArray, like, or, sql } from 'drizzle-orm';
import {
  applications,
  attachments,
  helpCenterArticles,
  helpCenterCategories,
  helpCenterCategoryTranslations,
  helpCenterFiles,
  helpCenterSites,
  users,
} from '../../db/schema/index.js';
import type { Db } from '../../platform/db/database.js';

// The only place help-center rows are read or written; every query names the application.

export type CategoryRow = typeof helpCenterCategories.$inferSelect;
export type ArticleRow = typeof helpCenterArticles.$inferSelect;
export type SiteRow = typeof helpCenterSites.$inferSelect;

const A = helpCenterArticles;
const C = helpCenterCategories;

// ---- categories

export async function listCategories(db: Db, applicationId: string) {
  return db
    .select({
      category: C,
      articleCount: sql<number>`(select count(*)::int from ${A} where ${A.applicationId} = ${C.applicationId} and ${A.categoryId} = ${C.id})`,
    })
    .from(C)
    .where(eq(C.applicationId, applicationId))
    .orderBy(asc(C.position), asc(C.createdAt));
}

export async function findCategory(db: Db, applicationId: string, id: string) {
  const [row] = await db
    .select()
    .from(C)
    .where(and(eq(C.applicationId, applicationId), eq(C.id, id)))
    .limit(1);
  return row;
}

export async function findCategoryBySlug(db: Db, applicationId: string, slug: string) {
  const [row] = await db
    .select()
    .from(C)
    .where(and(eq(C.applicationId, applicationId), eq(C.slug, slug)))
    .limit(1);
  return row;
}

export async function categorySlugsLike(db: Db, applicationId: string, base: string): Promise<Set<string>> {
  const rows = await db
    .select({ slug: C.slug })
    .from(C)
    .where(and(eq(C.applicationId, applicationId), or(eq(C.slug, base), like(C.slug, `${base}-%`))));
  return new Set(rows.map((r) => r.slug));
}

export async function nextCategoryPosition(db: Db, applicationId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`coalesce(max(${C.position}) + 1, 0)::int` })
    .from(C)
    .where(eq(C.applicationId, applicationId));
  return row?.n ?? 0;
}

export async function insertCategory(
  db: Db,
  values: { applicationId: string; name: string; description: string; slug: string; position: number },
): Promise<CategoryRow> {
  const [row] = await db.insert(C).values(values).returning();
  return row!;
}

export async function updateCategory(
  db: Db,
  applicationId: string,
  id: string,
  values: Partial<Pick<CategoryRow, 'name' | 'description' | 'position'>>,
) {
  const [row] = await db
    .update(C)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(C.applicationId, applicationId), eq(C.id, id)))
    .returning();
  return row;
}

/** Its articles stay, without a category (ON DELETE SET NULL). */
export async function deleteCategory(db: Db, applicationId: string, id: string): Promise<boolean> {
  const rows = await db
    .delete(C)
    .where(and(eq(C.applicationId, applicationId), eq(C.id, id)))
    .returning({ id: C.id });
  return rows.length > 0;
}

// ---- category names in other languages

const CT = helpCenterCategoryTranslations;
export type CategoryTranslationRow = typeof helpCenterCategoryTranslations.$inferSelect;

/** Every translation of the application's categories, or those of one language. */
export async function listCategoryTranslations(
  db: Db,
  applicationId: string,
  language?: string,
): Promise<CategoryTranslationRow[]> {
  return db
    .select()
    .from(CT)
    .where(and(eq(CT.applicationId, applicationId), language ? eq(CT.language, language) : undefined));
}

export async function findCategoryTranslation(
  db: Db,
  applicationId: string,
  categoryId: string,
  language: string,
): Promise<CategoryTranslationRow | undefined> {
  const [row] = await db
    .select()
    .from(CT)
    .where(and(eq(CT.applicationId, applicationId), eq(CT.categoryId, categoryId), eq(CT.language, language)))
    .limit(1);
  return row;
}

/** Replaces the category's translations with these (an empty name removes that language). */
export async function replaceCategoryTranslations(
  tx: Db,
  applicationId: string,
  categoryId: string,
  rows: { language: string; name: string; description: string }[],
): Promise<void> {
  await tx.delete(CT).where(and(eq(CT.applicationId, applicationId), eq(CT.categoryId, categoryId)));
  if (rows.length > 0) await tx.insert(CT).values(rows.map((r) => ({ ...r, applicationId, categoryId })));
}

// ---- articles

export interface ArticleFilter {
  tsquery: string | null;
  status?: string | undefined;
  language?: string | undefined;
  categoryId?: string | undefined;
}

function articleWhere(applicationId: string, f: ArticleFilter) {
  return and(
    eq(A.applicationId, applicationId),
    f.status ? eq(A.status, f.status) : undefined,
    f.language ? eq(A.language, f.language) : undefined,
    f.categoryId ? eq(A.categoryId, f.categoryId) : undefined,
    f.tsquery ? sql`${A.searchVector} @@ to_tsquery('simple', ${f.tsquery})` : undefined,
  );
}

const summaryColumns = {
  id: A.id,
  translationGroupId: A.translationGroupId,
  language: A.language,
  title: A.title,
  slug: A.slug,
  status: A.status,
  categoryId: A.categoryId,
  position: A.position,
  helpfulYes: A.helpfulYes,
  helpfulNo: A.helpfulNo,
  updatedAt: A.updatedAt,
  updatedById: A.updatedBy,
  updatedByName: sql<
    string | null
  >`coalesce(nullif(${users.displayName}, ''), ${users.email}, ${users.userId})`,
};

export async function listArticles(
  db: Db,
  applicationId: string,
  f: ArticleFilter,
  page: { limit: number; offset: number },
) {
  const where = articleWhere(applicationId, f);
  const count = db.select({ n: sql<number>`count(*)::int` }).from(A).where(where);
  if (f.tsquery) {
    // Ranked ids first (see searchPublished), then the page's rows with their editors.
    const top = db
      .select({
        id: A.id,
        rank: sql<number>`ts_rank(${A.searchVector}, to_tsquery('simple', ${f.tsquery}))`.as('rank'),
        // One pass over the matches: the total comes with the page.
        total: sql<number>`(count(*) over ())::int`.as('total'),
      })
      .from(A)
      .where(where)
      .orderBy(desc(sql`rank`), asc(A.id))
      .limit(page.limit)
      .offset(page.offset)
      .as('top');
    const rows = await db
      .select({ ...summaryColumns, total: top.total })
      .from(top)
      .innerJoin(A, eq(A.id, top.id))
      .leftJoin(users, eq(users.id, A.updatedBy))
      .orderBy(desc(top.rank), asc(A.id));
    // A page past the end has no row to carry the total: count then.
    const total = rows[0]?.total ?? (page.offset > 0 ? ((await count)[0]?.n ?? 0) : 0);
    return { items: rows.map(({ total: _t, ...item }) => item), total };
  }
  const [items, [total]] = await Promise.all([
    db
      .select(summaryColumns)
      .from(A)
      .leftJoin(users, eq(users.id, A.updatedBy))
      .where(where)
      .orderBy(asc(A.position), desc(A.updatedAt), asc(A.id))
      .limit(page.limit)
      .offset(page.offset),
    count,
  ]);
  return { items, total: total?.n ?? 0 };
}
export type ArticleSummaryRow = Awaited<ReturnType<typeof listArticles>>['items'][number];

export async function findArticle(db: Db, applicationId: string, id: string) {
  const [row] = await db
    .select({ article: A, updatedByName: summaryColumns.updatedByName })
    .from(A)
    .leftJoin(users, eq(users.id, A.updatedBy))
    .where(and(eq(A.applicationId, applicationId), eq(A.id, id)))
    .limit(1);
  return row;
}

export async function listTranslations(db: Db, applicationId: string, groupId: string) {
  return db
    .select({ id: A.id, language: A.language, status: A.status, slug: A.slug })
    .from(A)
    .where(and(eq(A.applicationId, applicationId), eq(A.translationGroupId, groupId)))
    .orderBy(asc(A.language));
}

export async function articleSlugsLike(
  db: Db,
  applicationId: string,
  language: string,
  base: string,
): Promise<Set<string>> {
  const rows = await db
    .select({ slug: A.slug })
    .from(A)
    .where(
      and(
        eq(A.applicationId, applicationId),
        eq(A.language, language),
        or(eq(A.slug, base), like(A.slug, `${base}-%`)),
      ),
    );
  return new Set(rows.map((r) => r.slug));
}

export async function nextArticlePosition(db: Db, applicationId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`coalesce(max(${A.position}) + 1, 0)::int` })
    .from(A)
    .where(eq(A.applicationId, applicationId));
  return row?.n ?? 0;
}

export type NewArticle = typeof helpCenterArticles.$inferInsert;

export async function insertArticle(
  db: Db,
  values: NewArticle & { applicationId: string },
): Promise<ArticleRow> {
  const [row] = await db.insert(A).values(values).returning();
  return row!;
}

export async function updateArticle(
  db: Db,
  applicationId: string,
  id: string,
  values: Partial<
    Pick<
      ArticleRow,
      'title' | 'slug' | 'bodyHtml' | 'bodyText' | 'status' | 'categoryId' | 'position' | 'updatedBy'
    >
  >,
) {
  const [row] = await db
    .update(A)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(A.applicationId, applicationId), eq(A.id, id)))
    .returning();
  return row;
}

/**
 * The articles sharing a category and a language with the given one, in the order the site shows
 * them (the list's order: position, then the newest first).
 */
export async function listArticleSiblings(
  db: Db,
  applicationId: string,
  article: Pick<ArticleRow, 'language' | 'categoryId'>,
): Promise<{ id: string; position: number }[]> {
  return db
    .select({ id: A.id, position: A.position })
    .from(A)
    .where(
      and(
        eq(A.applicationId, applicationId),
        eq(A.language, article.language),
        article.categoryId === null ? sql`${A.categoryId} is null` : eq(A.categoryId, article.categoryId),
      ),
    )
    .orderBy(asc(A.position), desc(A.updatedAt), asc(A.id));
}

/** Writes positions without touching the editor or the date (ordering is not an edit). */
export async function setArticlePosition(db: Db, applicationId: string, id: string, position: number) {
  await db
    .update(A)
    .set({ position })
    .where(and(eq(A.applicationId, applicationId), eq(A.id, id)));
}

export async function setArticlesStatus(
  db: Db,
  applicationId: string,
  ids: string[],
  status: string,
  updatedBy: string,
): Promise<number> {
  const rows = await db
    .update(A)
    .set({ status, updatedBy, updatedAt: new Date() })
    .where(and(eq(A.applicationId, applicationId), inArray(A.id, ids)))
    .returning({ id: A.id });
  return rows.length;
}

export async function deleteArticles(db: Db, applicationId: string, ids: string[]): Promise<number> {
  const rows = await db
    .delete(A)
    .where(and(eq(A.applicationId, applicationId), inArray(A.id, ids)))
    .returning({ id: A.id });
  return rows.length;
}

// ---- public site (published rows only)

const published = (applicationId: string, language: string) =>
  and(eq(A.applicationId, applicationId), eq(A.status, 'published'), eq(A.language, language));

export async function findPublishedArticle(db: Db, applicationId: string, language: string, slug: string) {
  const [row] = await db
    .select()
    .from(A)
    .where(and(published(applicationId, language), eq(A.slug, slug)))
    .limit(1);
  return row;
}

/** Published versions of one article in the other languages (hreflang links). */
export async function listPublishedTranslations(db: Db, applicationId: string, groupId: string) {
  return db
    .select({ language: A.language, slug: A.slug })
    .from(A)
    .where(
      and(eq(A.applicationId, applicationId), eq(A.translationGroupId, groupId), eq(A.status, 'published')),
    );
}

/** Titles of the published articles of a language, in order (home and category pages). */
export async function listPublishedTitles(
  db: Db,
  applicationId: string,
  language: string,
  categoryId: string | null | undefined,
  limit: number,
) {
  return db
    .select({ title: A.title, slug: A.slug, categoryId: A.categoryId })
    .from(A)
    .where(
      and(
        published(applicationId, language),
        categoryId === undefined
          ? undefined
          : categoryId === null
            ? sql`${A.categoryId} is null`
            : eq(A.categoryId, categoryId),
      ),
    )
    .orderBy(asc(A.position), asc(A.title))
    .limit(limit);
}

/** Published articles of a language by count per category (home page). */
export async function countPublishedByCategory(db: Db, applicationId: string, language: string) {
  return db
    .select({ categoryId: A.categoryId, n: sql<number>`count(*)::int` })
    .from(A)
    .where(published(applicationId, language))
    .groupBy(A.categoryId);
}

/**
 * Ranked in two steps: the ids of the best matches first (only the search vector is read for every
 * match), then the few rows' titles and text, so long bodies are read for the results alone.
 */
export async function searchPublished(
  db: Db,
  applicationId: string,
  language: string,
  tsquery: string,
  limit: number,
) {
  const query = sql`to_tsquery('simple', ${tsquery})`;
  const top = db
    .select({ id: A.id, rank: sql<number>`ts_rank(${A.searchVector}, ${query})`.as('rank') })
    .from(A)
    .where(and(published(applicationId, language), sql`${A.searchVector} @@ ${query}`))
    .orderBy(desc(sql`rank`), asc(A.id))
    .limit(limit)
    .as('top');
  return db
    .select({ title: A.title, slug: A.slug, text: sql<string>`left(${A.bodyText}, 4000)` })
    .from(top)
    .innerJoin(A, eq(A.id, top.id))
    .orderBy(desc(top.rank), asc(A.id));
}

/** Every published article of the application, in every language (the AI agents' import). */
export async function listPublishedForImport(db: Db, applicationId: string, limit: number) {
  return db
    .select({ title: A.title, slug: A.slug, language: A.language, bodyText: A.bodyText })
    .from(A)
    .where(and(eq(A.applicationId, applicationId), eq(A.status, 'published')))
    .orderBy(asc(A.language), asc(A.position), asc(A.id))
    .limit(limit);
}

export async function listSitemap(db: Db, applicationId: string) {
  return db
    .select({ language: A.language, slug: A.slug, updatedAt: A.updatedAt })
    .from(A)
    .where(and(eq(A.applicationId, applicationId), eq(A.status, 'published')))
    .orderBy(asc(A.language), asc(A.position), asc(A.id))
    .limit(50_000);
}

/** Counts a vote on a published article; false when there is no such article. */
export async function recordFeedback(
  db: Db,
  applicationId: string,
  language: string,
  slug: string,
  helpful: boolean,
): Promise<boolean> {
  const rows = await db
    .update(A)
    .set(helpful ? { helpfulYes: sql`${A.helpfulYes} + 1` } : { helpfulNo: sql`${A.helpfulNo} + 1` })
    .where(and(published(applicationId, language), eq(A.slug, slug)))
    .returning({ id: A.id });
  return rows.length > 0;
}

// ---- site settings and domains

export async function findSite(db: Db, applicationId: string): Promise<SiteRow | undefined> {
  const [row] = await db
    .select()
    .from(helpCenterSites)
    .where(eq(helpCenterSites.applicationId, applicationId))
    .limit(1);
  return row;
}

export async function findSiteByDomain(db: Db, domain: string): Promise<SiteRow | undefined> {
  const [row] = await db.select().from(helpCenterSites).where(eq(helpCenterSites.domain, domain)).limit(1);
  return row;
}

export async function upsertSite(
  db: Db,
  applicationId: string,
  values: Partial<Pick<SiteRow, 'domain' | 'defaultLanguage' | 'settings'>>,
): Promise<SiteRow> {
  const [row] = await db
    .insert(helpCenterSites)
    .values({ applicationId, ...values })
    .onConflictDoUpdate({ target: helpCenterSites.applicationId, set: { ...values, updatedAt: new Date() } })
    .returning();
  return row!;
}

export async function listDomains(db: Db): Promise<{ domain: string; applicationId: string }[]> {
  const rows = await db
    .select({ domain: helpCenterSites.domain, applicationId: helpCenterSites.applicationId })
    .from(helpCenterSites)
    .where(sql`${helpCenterSites.domain} is not null`);
  return rows.flatMap((r) => (r.domain ? [{ domain: r.domain, applicationId: r.applicationId }] : []));
}

// ---- public images

export async function insertPublicFile(db: Db, applicationId: string, attachmentId: string): Promise<void> {
  await db.insert(helpCenterFiles).values({ applicationId, attachmentId }).onConflictDoNothing();
}

/** An image uploaded for the help center of this application (never any other attachment). */
export async function findPublicFile(db: Db, applicationId: string, attachmentId: string) {
  const [row] = await db
    .select({
      storageKey: attachments.storageKey,
      contentType: attachments.contentType,
      size: attachments.size,
    })
    .from(helpCenterFiles)
    .innerJoin(attachments, eq(attachments.id, helpCenterFiles.attachmentId))
    .where(
      and(eq(helpCenterFiles.applicationId, applicationId), eq(helpCenterFiles.attachmentId, attachmentId)),
    )
    .limit(1);
  return row;
}

/** What the public site needs of an application: its name, product and site settings. */
export async function findSiteInfo(db: Db, applicationId: string) {
  const [row] = await db
    .select({
      name: applications.name,
      product: applications.product,
      domain: helpCenterSites.domain,
      defaultLanguage: helpCenterSites.defaultLanguage,
      settings: helpCenterSites.settings,
    })
    .from(applications)
    .leftJoin(helpCenterSites, eq(helpCenterSites.applicationId, applications.id))
    .where(eq(applications.id, applicationId))
    .limit(1);
  return row;
}
