import {
  ANSWER_BOT_PATHS,
  type AnswerBotSettings,
  type ArticleBulkRequest,
  type ArticleCreateRequest,
  type ArticleStatus,
  type ArticleUpdateRequest,
  answerBotResponseSchema,
  articleBulkResponseSchema,
  articleImageResponseSchema,
  articleListResponseSchema,
  articleMoveResponseSchema,
  articleResponseSchema,
  type CategoryCreateRequest,
  type CategoryUpdateRequest,
  categoryListResponseSchema,
  categoryResponseSchema,
  type HelpCenterCustomizationInput,
  type HelpCenterLanguage,
  type HelpCenterSiteUpdateRequest,
  helpCenterCustomizationResponseSchema,
  helpCenterDeleteResponseSchema,
  helpCenterPath,
  helpCenterPreviewResponseSchema,
  helpCenterSiteResponseSchema,
  HELP_CENTER_PATHS as P,
} from '@convo/api';
import { apiRequest } from '../../app/api/api-client';
import { parseResponse } from '../../app/api/api-error';
import { getSession } from '../../app/session/session-store';

// Help center content (/helpcenter/content): categories, articles, images and the site settings.

export interface ArticleQuery {
  q?: string | undefined;
  status?: ArticleStatus | undefined;
  language?: HelpCenterLanguage | undefined;
  categoryId?: string | undefined;
  limit?: number | undefined;
  offset?: number | undefined;
}

export const helpCenterKeys = {
  all: ['help-center'] as const,
  categories: ['help-center', 'categories'] as const,
  articles: (query: ArticleQuery) => ['help-center', 'articles', query] as const,
  article: (id: string) => ['help-center', 'article', id] as const,
  site: ['help-center', 'site'] as const,
  customization: ['help-center', 'customization'] as const,
  answerBot: ['help-center', 'answer-bot'] as const,
};

export const fetchAnswerBot = async (signal?: AbortSignal) =>
  (await apiRequest(ANSWER_BOT_PATHS.settings, { schema: answerBotResponseSchema, signal })).data;
export const saveAnswerBot = async (body: AnswerBotSettings) =>
  (await apiRequest(ANSWER_BOT_PATHS.settings, { method: 'PUT', body, schema: answerBotResponseSchema }))
    .data;

/** One place up or down among the articles of the same category and language. */
export const moveArticle = async (id: string, direction: 'up' | 'down') =>
  (
    await apiRequest(helpCenterPath(P.articleMove, id), {
      method: 'POST',
      body: { direction },
      schema: articleMoveResponseSchema,
    })
  ).data;

export const fetchCategories = async (signal?: AbortSignal) =>
  (await apiRequest(P.categories, { schema: categoryListResponseSchema, signal })).data;
export const createCategory = async (body: CategoryCreateRequest) =>
  (await apiRequest(P.categories, { method: 'POST', body, schema: categoryResponseSchema })).data;
export const updateCategory = async (id: string, body: CategoryUpdateRequest) =>
  (
    await apiRequest(helpCenterPath(P.category, id), {
      method: 'PATCH',
      body,
      schema: categoryResponseSchema,
    })
  ).data;
export const deleteCategory = (id: string) =>
  apiRequest(helpCenterPath(P.category, id), { method: 'DELETE', schema: helpCenterDeleteResponseSchema });
export const orderCategories = async (ids: string[]) =>
  (await apiRequest(P.categoryOrder, { method: 'PUT', body: { ids }, schema: categoryListResponseSchema }))
    .data;

export const fetchArticles = async (query: ArticleQuery, signal?: AbortSignal) =>
  (
    await apiRequest(P.articles, {
      schema: articleListResponseSchema,
      query: { ...query },
      signal,
    })
  ).data;
export const fetchArticle = async (id: string, signal?: AbortSignal) =>
  (await apiRequest(helpCenterPath(P.article, id), { schema: articleResponseSchema, signal })).data;
export const createArticle = async (body: ArticleCreateRequest) =>
  (await apiRequest(P.articles, { method: 'POST', body, schema: articleResponseSchema })).data;
export const updateArticle = async (id: string, body: ArticleUpdateRequest) =>
  (await apiRequest(helpCenterPath(P.article, id), { method: 'PATCH', body, schema: articleResponseSchema }))
    .data;
export const deleteArticle = (id: string) =>
  apiRequest(helpCenterPath(P.article, id), { method: 'DELETE', schema: helpCenterDeleteResponseSchema });
export const bulkArticles = async (body: ArticleBulkRequest) =>
  (await apiRequest(P.articleBulk, { method: 'POST', body, schema: articleBulkResponseSchema })).data;

export const fetchSite = async (signal?: AbortSignal) =>
  (await apiRequest(P.site, { schema: helpCenterSiteResponseSchema, signal })).data;
export const updateSite = async (body: HelpCenterSiteUpdateRequest) =>
  (await apiRequest(P.site, { method: 'PATCH', body, schema: helpCenterSiteResponseSchema })).data;

export const fetchCustomization = async (signal?: AbortSignal) =>
  (await apiRequest(P.customization, { schema: helpCenterCustomizationResponseSchema, signal })).data;
export const saveCustomization = async (body: HelpCenterCustomizationInput) =>
  (
    await apiRequest(P.customization, {
      method: 'PUT',
      body,
      schema: helpCenterCustomizationResponseSchema,
    })
  ).data;
export const previewCustomization = async (body: HelpCenterCustomizationInput, signal?: AbortSignal) =>
  (
    await apiRequest(P.customizationPreview, {
      method: 'POST',
      body,
      schema: helpCenterPreviewResponseSchema,
      signal,
    })
  ).data.html;

/** Multipart upload (apiRequest sends JSON only); the server checks the type and the 3 MB limit. */
export async function uploadArticleImage(file: File) {
  const form = new FormData();
  form.append('file', file, file.name);
  const token = getSession()?.token;
  const response = await fetch(P.images, {
    method: 'POST',
    headers: { Accept: 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
    body: form,
    credentials: 'same-origin',
  });
  return parseResponse(
    { status: response.status, ok: response.ok, body: await response.text() },
    articleImageResponseSchema,
    'product',
  ).data;
}
