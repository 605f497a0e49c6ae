import {
  ANSWER_BOT_DEFAULT_SUGGESTIONS,
  type AnswerBotSettings,
  type AnswerBotView,
  type HelpCenterLanguage,
  helpCenterSitePath,
  type WidgetAnswerArticle,
  type WidgetSuggestionsResponse,
} from '@convo/api';
import type { AuthContext } from '../../http/auth.js';
import { notFound } from '../../http/errors.js';
import type { Db } from '../../platform/db/database.js';
import { findSite, isLanguage, sanitizeArticleHtml, snippetOf } from '../help-center/index.js';
import * as repo from './repository.js';
import { suggestionQuery } from './suggestion-query.js';

// The answer bot (issue 16 item 4): its settings per application, the suggestions the widget shows
// while a visitor types (published articles of the visitor's application only, in their language
// when it has any, else the site's default language) and the deflections ("this answered me").

const DAY_MS = 86_400_000;
const STATS_DAYS = 30;

const articleMissing = () => notFound('Article not found.');

async function settingsOf(db: Db, applicationId: string): Promise<AnswerBotSettings> {
  const row = await repo.findSettings(db, applicationId);
  return {
    enabled: row?.enabled ?? false,
    suggestionCount: row?.suggestionCount ?? ANSWER_BOT_DEFAULT_SUGGESTIONS,
  };
}

export async function getView(db: Db, applicationId: string, now = Date.now()): Promise<AnswerBotView> {
  const since = new Date(now - STATS_DAYS * DAY_MS);
  const [settings, totals, top] = await Promise.all([
    settingsOf(db, applicationId),
    repo.deflectionTotals(db, applicationId, since),
    repo.topDeflectingArticles(db, applicationId, since, 5),
  ]);
  return { ...settings, deflections: { total: totals.total, last30Days: totals.recent }, topArticles: top };
}

export async function updateSettings(
  db: Db,
  applicationId: string,
  input: AnswerBotSettings,
): Promise<AnswerBotView> {
  await repo.upsertSettings(db, applicationId, input);
  return getView(db, applicationId);
}

const articleUrl = (publicUrl: string, applicationId: string, slug: string, language: string) =>
  `${publicUrl}${helpCenterSitePath(applicationId)}/articles/${encodeURIComponent(slug)}?lang=${language}`;

const asLanguage = (value: string): HelpCenterLanguage => (isLanguage(value) ? value : 'en');

/**
 * Suggestions for what the visitor typed: the visitor's language first, then the site's default
 * language for the places left (an article already found in another language is not repeated).
 */
export async function suggest(
  db: Db,
  applicationId: string,
  publicUrl: string,
  input: { q: string; lang?: string | undefined },
): Promise<WidgetSuggestionsResponse> {
  const settings = await settingsOf(db, applicationId);
  if (!settings.enabled) return { enabled: false, articles: [] };
  const tsquery = suggestionQuery(input.q);
  if (!tsquery) return { enabled: true, articles: [] };
  const limit = settings.suggestionCount;
  const wanted = input.lang?.toLowerCase().split(/[-_]/)[0] ?? '';
  const fallback = (await findSite(db, applicationId))?.defaultLanguage ?? 'en';
  const languages = [...new Set([isLanguage(wanted) ? wanted : fallback, fallback])];
  const found: repo.SuggestionRow[] = [];
  for (const language of languages) {
    if (found.length >= limit) break;
    const rows = await repo.searchPublished(db, applicationId, language, tsquery, limit);
    for (const row of rows) {
      if (found.length < limit && !found.some((f) => f.translationGroupId === row.translationGroupId))
        found.push(row);
    }
  }
  return {
    enabled: true,
    articles: found.map((r) => ({
      id: r.id,
      title: r.title,
      snippet: snippetOf(r.text, input.q, 140),
      language: asLanguage(r.language),
      url: articleUrl(publicUrl, applicationId, r.slug, r.language),
    })),
  };
}

/** A published article of the visitor's application, its body sanitized again as the site does. */
export async function readArticle(
  db: Db,
  applicationId: string,
  publicUrl: string,
  id: string,
): Promise<WidgetAnswerArticle> {
  const row = await repo.findPublished(db, applicationId, id);
  if (!row) throw articleMissing();
  return {
    id: row.id,
    title: row.title,
    language: asLanguage(row.language),
    url: articleUrl(publicUrl, applicationId, row.slug, row.language),
    bodyHtml: sanitizeArticleHtml(row.bodyHtml),
  };
}

/** The visitor said the article answered them: counted on the answer-bot screen. */
export async function recordDeflection(
  db: Db,
  caller: AuthContext,
  input: { articleId: string; query: string },
): Promise<{ recorded: true }> {
  const article = await repo.findPublished(db, caller.applicationId, input.articleId);
  if (!article) throw articleMissing();
  await repo.insertDeflection(db, {
    applicationId: caller.applicationId,
    articleId: article.id,
    visitorId: caller.userId,
    query: input.query,
  });
  return { recorded: true };
}
