import type {
  Article,
  ArticleStatus,
  ArticleSummary,
  Category,
  HelpCenterCustomization,
  HelpCenterCustomizationView,
  HelpCenterLanguage,
  HelpCenterSite,
} from '@convo/api';
import {
  type articleBulkRequestSchema,
  type articleCreateRequestSchema,
  type articleListQuerySchema,
  CATEGORY_TRANSLATED_LANGUAGES,
  type CategoryTranslations,
  HELP_CENTER_LANGUAGES,
  helpCenterCustomizationSchema,
  helpCenterSitePath,
} from '@convo/api';
import type { z } from 'zod';
import type { AuthContext } from '../../http/auth.js';
import { badRequest, conflict, notFound } from '../../http/errors.js';
import type { Db } from '../../platform/db/database.js';
import { isUniqueViolation } from '../../platform/db/errors.js';
import { articleText, freeSlug, prefixQuery, sanitizeArticleHtml, slugify } from './content-html.js';
import { helpCenterBus } from './events.js';
import * as repo from './repository.js';

// Help center content (issue 16): categories and articles (one row per language version) and the
// site settings (custom domain, default language). Article HTML is sanitized here on every save.

const categoryMissing = () => notFound('Category not found.');
const articleMissing = () => notFound('Article not found.');

export const isLanguage = (value: string): value is HelpCenterLanguage =>
  (HELP_CENTER_LANGUAGES as readonly string[]).includes(value);
const asLanguage = (value: string): HelpCenterLanguage => (isLanguage(value) ? value : 'en');
const asStatus = (value: string): ArticleStatus => (value === 'published' ? 'published' : 'draft');

// ---- categories

function translationsOf(rows: repo.CategoryTranslationRow[], categoryId: string): CategoryTranslations {
  const out: CategoryTranslations = {};
  for (const r of rows) {
    const language = CATEGORY_TRANSLATED_LANGUAGES.find((l) => l === r.language);
    if (r.categoryId === categoryId && language) out[language] = { name: r.name, description: r.description };
  }
  return out;
}

function toCategory(
  row: repo.CategoryRow,
  articleCount: number,
  translations: repo.CategoryTranslationRow[],
): Category {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    slug: row.slug,
    position: row.position,
    translations: translationsOf(translations, row.id),
    articleCount,
    updatedAt: row.updatedAt.getTime(),
  };
}

export async function listCategories(db: Db, applicationId: string): Promise<Category[]> {
  const [rows, translations] = await Promise.all([
    repo.listCategories(db, applicationId),
    repo.listCategoryTranslations(db, applicationId),
  ]);
  return rows.map((r) => toCategory(r.category, r.articleCount, translations));
}

/**
 * The Kommunicate knowledge-base widget's categories (`kb/category?status=published`): those with
 * at least one published article in the language, as the public help-center site shows them.
 */
export async function publishedCategories(db: Db, applicationId: string, language: string) {
  const [rows, counts] = await Promise.all([
    repo.listCategories(db, applicationId),
    repo.countPublishedByCategory(db, applicationId, language),
  ]);
  const count = new Map(counts.map((c) => [c.categoryId, c.n]));
  return rows
    .filter((r) => (count.get(r.category.id) ?? 0) > 0)
    .map(({ category }) => ({
      id: category.id,
      name: category.name,
      description: category.description,
      slug: category.slug,
      articleCount: count.get(category.id) ?? 0,
    }));
}

/** Languages given a name are stored; a language left without a name is removed. */
async function writeTranslations(
  tx: Db,
  applicationId: string,
  categoryId: string,
  translations: CategoryTranslations | undefined,
): Promise<void> {
  if (translations === undefined) return;
  const rows = CATEGORY_TRANSLATED_LANGUAGES.flatMap((language) => {
    const t = translations[language];
    return t?.name ? [{ language, name: t.name, description: t.description }] : [];
  });
  await repo.replaceCategoryTranslations(tx, applicationId, categoryId, rows);
}

export async function createCategory(
  db: Db,
  applicationId: string,
  input: { name: string; description: string; translations?: CategoryTranslations | undefined },
): Promise<Category> {
  return db.transaction(async (tx) => {
    const base = slugify(input.name);
    const slug = freeSlug(base, await repo.categorySlugsLike(tx, applicationId, base));
    const position = await repo.nextCategoryPosition(tx, applicationId);
    const row = await repo.insertCategory(tx, {
      applicationId,
      name: input.name,
      description: input.description,
      slug,
      position,
    });
    await writeTranslations(tx, applicationId, row.id, input.translations);
    return toCategory(row, 0, await repo.listCategoryTranslations(tx, applicationId));
  });
}

export async function updateCategory(
  db: Db,
  applicationId: string,
  id: string,
  input: {
    name?: string | undefined;
    description?: string | undefined;
    translations?: CategoryTranslations | undefined;
  },
): Promise<Category> {
  await db.transaction(async (tx) => {
    const row = await repo.updateCategory(tx, applicationId, id, {
      ...(input.name !== undefined ? { name: input.name } : {}),
      ...(input.description !== undefined ? { description: input.description } : {}),
    });
    if (!row) throw categoryMissing();
    await writeTranslations(tx, applicationId, id, input.translations);
  });
  const found = (await listCategories(db, applicationId)).find((c) => c.id === id);
  if (!found) throw categoryMissing();
  return found;
}

export async function deleteCategory(db: Db, applicationId: string, id: string): Promise<void> {
  if (!(await repo.deleteCategory(db, applicationId, id))) throw categoryMissing();
}

/** The new order must name every category of the application once. */
export async function orderCategories(db: Db, applicationId: string, ids: string[]): Promise<Category[]> {
  return db.transaction(async (tx) => {
    const current = await repo.listCategories(tx, applicationId);
    const known = new Set(current.map((c) => c.category.id));
    if (new Set(ids).size !== ids.length || ids.length !== known.size || ids.some((id) => !known.has(id))) {
      throw badRequest('INVALID_PARAMETER', 'Give every category of the help center once, in the new order.');
    }
    for (const [position, id] of ids.entries())
      await repo.updateCategory(tx, applicationId, id, { position });
    return listCategories(tx, applicationId);
  });
}

// ---- articles

function toSummary(row: repo.ArticleSummaryRow): ArticleSummary {
  return {
    id: row.id,
    translationGroupId: row.translationGroupId,
    language: asLanguage(row.language),
    title: row.title,
    slug: row.slug,
    status: asStatus(row.status),
    categoryId: row.categoryId,
    position: row.position,
    helpfulYes: row.helpfulYes,
    helpfulNo: row.helpfulNo,
    updatedBy: row.updatedById ? { id: row.updatedById, name: row.updatedByName ?? '' } : null,
    updatedAt: row.updatedAt.getTime(),
  };
}

export async function listArticles(
  db: Db,
  applicationId: string,
  query: z.output<typeof articleListQuerySchema>,
): Promise<{ items: ArticleSummary[]; total: number }> {
  const tsquery = query.q ? prefixQuery(query.q) : null;
  if (query.q && !tsquery) return { items: [], total: 0 };
  const { items, total } = await repo.listArticles(
    db,
    applicationId,
    { tsquery, status: query.status, language: query.language, categoryId: query.categoryId },
    { limit: query.limit, offset: query.offset },
  );
  return { items: items.map(toSummary), total };
}

export async function getArticle(db: Db, applicationId: string, id: string): Promise<Article> {
  const found = await repo.findArticle(db, applicationId, id);
  if (!found) throw articleMissing();
  const { article } = found;
  const translations = await repo.listTranslations(db, applicationId, article.translationGroupId);
  return {
    ...toSummary({
      ...article,
      updatedById: article.updatedBy,
      updatedByName: found.updatedByName,
    }),
    bodyHtml: article.bodyHtml,
    translations: translations
      .filter((t) => t.id !== article.id)
      .map((t) => ({ id: t.id, language: asLanguage(t.language), status: asStatus(t.status) })),
    publicUrl: `${helpCenterSitePath(applicationId)}/articles/${article.slug}?lang=${article.language}`,
  };
}

async function checkCategory(db: Db, applicationId: string, categoryId: string | null | undefined) {
  if (categoryId && !(await repo.findCategory(db, applicationId, categoryId))) {
    throw badRequest('INVALID_PARAMETER', 'The category does not exist.', [
      { path: 'categoryId', message: 'Unknown category' },
    ]);
  }
}

const slugTaken = (slug: string) =>
  conflict('SLUG_TAKEN', `Another article in this language already uses the address "${slug}".`);

/** A unique-index race (two saves at once) answers as the check before it would have. */
async function mapUnique<T>(slug: string, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    if (isUniqueViolation(err)) throw slugTaken(slug);
    throw err;
  }
}

export async function createArticle(
  db: Db,
  caller: AuthContext,
  input: z.output<typeof articleCreateRequestSchema>,
): Promise<Article> {
  const applicationId = caller.applicationId;
  const base = input.slug ?? slugify(input.title);
  const id = await mapUnique(base, () =>
    db.transaction(async (tx) => {
      await checkCategory(tx, applicationId, input.categoryId);
      let translationGroupId: string | undefined;
      if (input.translationOf) {
        const source = await repo.findArticle(tx, applicationId, input.translationOf);
        if (!source) throw articleMissing();
        translationGroupId = source.article.translationGroupId;
        const versions = await repo.listTranslations(tx, applicationId, translationGroupId);
        if (versions.some((v) => v.language === input.language)) {
          throw conflict('TRANSLATION_EXISTS', `This article already has a version in "${input.language}".`);
        }
      }
      const taken = await repo.articleSlugsLike(tx, applicationId, input.language, base);
      if (input.slug && taken.has(input.slug)) throw slugTaken(input.slug);
      const bodyHtml = sanitizeArticleHtml(input.bodyHtml);
      const row = await repo.insertArticle(tx, {
        applicationId,
        ...(translationGroupId ? { translationGroupId } : {}),
        language: input.language,
        categoryId: input.categoryId,
        title: input.title,
        slug: freeSlug(base, taken),
        bodyHtml,
        bodyText: articleText(bodyHtml),
        status: input.status,
        position: await repo.nextArticlePosition(tx, applicationId),
        updatedBy: caller.userId,
      });
      if (row.status === 'published')
        await helpCenterBus.emit('help-center.published-changed', { tx, applicationId });
      return row.id;
    }),
  );
  return getArticle(db, applicationId, id);
}

export async function updateArticle(
  db: Db,
  caller: AuthContext,
  id: string,
  input: {
    title?: string | undefined;
    bodyHtml?: string | undefined;
    status?: ArticleStatus | undefined;
    categoryId?: string | null | undefined;
    slug?: string | undefined;
    position?: number | undefined;
  },
): Promise<Article> {
  const applicationId = caller.applicationId;
  await mapUnique(input.slug ?? '', () =>
    db.transaction(async (tx) => {
      const found = await repo.findArticle(tx, applicationId, id);
      if (!found) throw articleMissing();
      await checkCategory(tx, applicationId, input.categoryId);
      if (input.slug !== undefined && input.slug !== found.article.slug) {
        const taken = await repo.articleSlugsLike(tx, applicationId, found.article.language, input.slug);
        if (taken.has(input.slug)) throw slugTaken(input.slug);
      }
      const bodyHtml = input.bodyHtml !== undefined ? sanitizeArticleHtml(input.bodyHtml) : undefined;
      await repo.updateArticle(tx, applicationId, id, {
        ...(input.title !== undefined ? { title: input.title } : {}),
        ...(bodyHtml !== undefined ? { bodyHtml, bodyText: articleText(bodyHtml) } : {}),
        ...(input.status !== undefined ? { status: input.status } : {}),
        ...(input.categoryId !== undefined ? { categoryId: input.categoryId } : {}),
        ...(input.slug !== undefined ? { slug: input.slug } : {}),
        ...(input.position !== undefined ? { position: input.position } : {}),
        updatedBy: caller.userId,
      });
      // Drafts are not imported: only a change to or from the published state is synced.
      if (found.article.status === 'published' || input.status === 'published') {
        await helpCenterBus.emit('help-center.published-changed', { tx, applicationId });
      }
    }),
  );
  return getArticle(db, applicationId, id);
}

export async function deleteArticle(db: Db, applicationId: string, id: string): Promise<void> {
  await db.transaction(async (tx) => {
    if ((await repo.deleteArticles(tx, applicationId, [id])) === 0) throw articleMissing();
    await helpCenterBus.emit('help-center.published-changed', { tx, applicationId });
  });
}

/**
 * Moves an article one place among the articles of its category and language (the order of the
 * public site's lists). The group keeps its own positions, handed out again in the new order.
 */
export async function moveArticle(
  db: Db,
  applicationId: string,
  id: string,
  direction: 'up' | 'down',
): Promise<{ moved: boolean }> {
  return db.transaction(async (tx) => {
    const found = await repo.findArticle(tx, applicationId, id);
    if (!found) throw articleMissing();
    const siblings = await repo.listArticleSiblings(tx, applicationId, found.article);
    const from = siblings.findIndex((s) => s.id === id);
    const to = direction === 'up' ? from - 1 : from + 1;
    if (from < 0 || to < 0 || to >= siblings.length) return { moved: false };
    const order = siblings.map((s) => s.id);
    [order[from], order[to]] = [order[to]!, order[from]!];
    const positions = orderedPositions(siblings.map((s) => s.position));
    for (const [i, articleId] of order.entries()) {
      if (siblings.find((s) => s.id === articleId)?.position !== positions[i]) {
        await repo.setArticlePosition(tx, applicationId, articleId, positions[i]!);
      }
    }
    if (found.article.status === 'published')
      await helpCenterBus.emit('help-center.published-changed', { tx, applicationId });
    return { moved: true };
  });
}

/** The group's positions, ascending and made distinct (ties would leave the order to chance). */
export function orderedPositions(positions: readonly number[]): number[] {
  const out = [...positions].sort((a, b) => a - b);
  for (let i = 1; i < out.length; i++) if (out[i]! <= out[i - 1]!) out[i] = out[i - 1]! + 1;
  return out;
}

/** Ids of other applications (or unknown ids) are skipped: `changed` counts the caller's own. */
export async function bulkArticles(
  db: Db,
  caller: AuthContext,
  input: z.output<typeof articleBulkRequestSchema>,
): Promise<{ changed: number }> {
  const ids = [...new Set(input.ids)];
  return db.transaction(async (tx) => {
    const changed =
      input.action === 'delete'
        ? await repo.deleteArticles(tx, caller.applicationId, ids)
        : await repo.setArticlesStatus(
            tx,
            caller.applicationId,
            ids,
            input.action === 'publish' ? 'published' : 'draft',
            caller.userId,
          );
    if (changed > 0)
      await helpCenterBus.emit('help-center.published-changed', { tx, applicationId: caller.applicationId });
    return { changed };
  });
}

// ---- site settings

export async function getSite(db: Db, applicationId: string, publicUrl: string): Promise<HelpCenterSite> {
  const row = await repo.findSite(db, applicationId);
  return toSite(row, applicationId, publicUrl);
}

function toSite(row: repo.SiteRow | undefined, applicationId: string, publicUrl: string): HelpCenterSite {
  return {
    domain: row?.domain ?? null,
    defaultLanguage: asLanguage(row?.defaultLanguage ?? 'en'),
    siteUrl: `${publicUrl}${helpCenterSitePath(applicationId)}`,
  };
}

const domainClaimed = (domain: string) =>
  conflict(
    'DOMAIN_TAKEN',
    `The domain ${domain} is already used by another help center. Choose another one.`,
  );

export async function updateSite(
  db: Db,
  applicationId: string,
  publicUrl: string,
  input: { domain?: string | null | undefined; defaultLanguage?: HelpCenterLanguage | undefined },
): Promise<HelpCenterSite> {
  if (input.domain) {
    if (input.domain === new URL(publicUrl).hostname) {
      throw badRequest(
        'INVALID_PARAMETER',
        'This is the address of the server itself; give your own domain.',
      );
    }
    const owner = await repo.findSiteByDomain(db, input.domain);
    if (owner && owner.applicationId !== applicationId) throw domainClaimed(input.domain);
  }
  try {
    const row = await repo.upsertSite(db, applicationId, {
      ...(input.domain !== undefined ? { domain: input.domain } : {}),
      ...(input.defaultLanguage !== undefined ? { defaultLanguage: input.defaultLanguage } : {}),
    });
    return toSite(row, applicationId, publicUrl);
  } catch (err) {
    if (isUniqueViolation(err) && input.domain) throw domainClaimed(input.domain);
    throw err;
  }
}

// ---- customization (help_center_sites.settings)

const DEFAULT_CUSTOMIZATION = helpCenterCustomizationSchema.parse({});

/** The stored settings, or the defaults field by field when a stored value no longer validates. */
export function readCustomization(raw: unknown): HelpCenterCustomization {
  const whole = helpCenterCustomizationSchema.safeParse(raw ?? {});
  if (whole.success) return whole.data;
  const record = typeof raw === 'object' && raw !== null ? (raw as Record<string, unknown>) : {};
  const shape = helpCenterCustomizationSchema.shape;
  const field = <K extends keyof HelpCenterCustomization>(key: K): HelpCenterCustomization[K] => {
    const parsed = shape[key].safeParse(record[key]);
    return parsed.success ? (parsed.data as HelpCenterCustomization[K]) : DEFAULT_CUSTOMIZATION[key];
  };
  return {
    title: field('title'),
    primaryColor: field('primaryColor'),
    logoKey: field('logoKey'),
    faviconKey: field('faviconKey'),
    headerLinks: field('headerLinks'),
    footerText: field('footerText'),
    languages: field('languages'),
  };
}

/** Where the site serves one of its uploaded images (the same path the article images use). */
export const siteFileUrl = (applicationId: string, key: string | null) =>
  key ? `${helpCenterSitePath(applicationId)}/files/${key}` : null;

function toCustomizationView(
  settings: HelpCenterCustomization,
  applicationId: string,
  publicUrl: string,
): HelpCenterCustomizationView {
  return {
    ...settings,
    logoUrl: siteFileUrl(applicationId, settings.logoKey),
    faviconUrl: siteFileUrl(applicationId, settings.faviconKey),
    siteUrl: `${publicUrl}${helpCenterSitePath(applicationId)}`,
  };
}

export async function getCustomization(
  db: Db,
  applicationId: string,
  publicUrl: string,
): Promise<HelpCenterCustomizationView> {
  const row = await repo.findSite(db, applicationId);
  return toCustomizationView(readCustomization(row?.settings), applicationId, publicUrl);
}

/** The logo and favicon must be images uploaded to this application's help center. */
export async function checkCustomizationFiles(
  db: Db,
  applicationId: string,
  input: HelpCenterCustomization,
): Promise<void> {
  for (const key of ['logoKey', 'faviconKey'] as const) {
    const value = input[key];
    if (value && !(await repo.findPublicFile(db, applicationId, value))) {
      throw badRequest('INVALID_PARAMETER', 'Upload the image to the help center first.', [
        { path: key, message: 'Unknown image' },
      ]);
    }
  }
}

export async function updateCustomization(
  db: Db,
  applicationId: string,
  publicUrl: string,
  input: HelpCenterCustomization,
): Promise<HelpCenterCustomizationView> {
  return db.transaction(async (tx) => {
    await checkCustomizationFiles(tx, applicationId, input);
    const row = await repo.upsertSite(tx, applicationId, { settings: { ...input } });
    return toCustomizationView(readCustomization(row.settings), applicationId, publicUrl);
  });
}
