import {
  KNOWLEDGE_DOCUMENT_EXTENSIONS,
  KNOWLEDGE_MAX_UPLOAD_BYTES,
  type KnowledgeSitemapCreate,
  type KnowledgeSource,
  knowledgeCountsResponseSchema,
  knowledgePath,
  knowledgeSourceListResponseSchema,
  knowledgeSourceResponseSchema,
  messageResponseSchema,
  KNOWLEDGE_PATHS as P,
} from '@convo/api';
import { apiRequest } from '../../../app/api/api-client';
import { fromFetchFailure, joinUrl, parseResponse } from '../../../app/api/api-error';
import { configStore } from '../../../app/config/config-store';
import { getSession } from '../../../app/session/session-store';

// A bot's knowledge source (Product API, privilege bots): documents, pages and sitemaps.

export const knowledgeKeys = {
  sources: (botId: string) => ['bots', botId, 'knowledge'] as const,
  counts: (botId: string) => ['bots', botId, 'knowledge', 'counts'] as const,
};

/** While a source is queued or indexing, the list is polled this often. */
export const KNOWLEDGE_POLL_MS = 1500;

export const DOCUMENT_ACCEPT = KNOWLEDGE_DOCUMENT_EXTENSIONS.map((e) => `.${e}`).join(',');

export type UploadProblem = 'tooLarge' | 'unsupported' | 'empty';

/** What the server would refuse, checked before sending the bytes. */
export function uploadProblem(file: { name: string; size: number }): UploadProblem | null {
  const ext = /\.([a-z0-9]+)$/i.exec(file.name)?.[1]?.toLowerCase() ?? '';
  if (!(KNOWLEDGE_DOCUMENT_EXTENSIONS as readonly string[]).includes(ext)) return 'unsupported';
  if (file.size === 0) return 'empty';
  if (file.size > KNOWLEDGE_MAX_UPLOAD_BYTES) return 'tooLarge';
  return null;
}

/** True while any source still changes on its own (the list polls). */
export function isBusy(sources: readonly KnowledgeSource[]): boolean {
  return sources.some((s) => s.status === 'pending' || s.status === 'indexing');
}

/** Progress in percent, or null when the total is not known yet (an indeterminate bar). */
export function progressPercent(source: KnowledgeSource): number | null {
  if (source.progressTotal <= 0) return null;
  return Math.min(100, Math.round((source.progressDone / source.progressTotal) * 100));
}

export async function fetchSources(botId: string, signal?: AbortSignal) {
  return (
    await apiRequest(knowledgePath(P.sources, botId), { schema: knowledgeSourceListResponseSchema, signal })
  ).data;
}

export async function fetchCounts(botId: string, signal?: AbortSignal) {
  return (await apiRequest(knowledgePath(P.counts, botId), { schema: knowledgeCountsResponseSchema, signal }))
    .data;
}

export async function addUrl(botId: string, url: string) {
  return (
    await apiRequest(knowledgePath(P.urls, botId), {
      method: 'POST',
      body: { url },
      schema: knowledgeSourceResponseSchema,
    })
  ).data;
}

export async function addHelpCenter(botId: string) {
  return (
    await apiRequest(knowledgePath(P.helpCenter, botId), {
      method: 'POST',
      schema: knowledgeSourceResponseSchema,
    })
  ).data;
}

export async function addSitemap(botId: string, body: KnowledgeSitemapCreate) {
  return (
    await apiRequest(knowledgePath(P.sitemaps, botId), {
      method: 'POST',
      body,
      schema: knowledgeSourceResponseSchema,
    })
  ).data;
}

export async function recrawlSource(botId: string, sourceId: string) {
  return (
    await apiRequest(knowledgePath(P.recrawl, botId, sourceId), {
      method: 'POST',
      body: {},
      schema: knowledgeSourceResponseSchema,
    })
  ).data;
}

export async function deleteSource(botId: string, sourceId: string) {
  return apiRequest(knowledgePath(P.source, botId, sourceId), {
    method: 'DELETE',
    schema: messageResponseSchema,
  });
}

/** Multipart upload (apiRequest sends JSON only); the server checks the bytes against the type. */
export async function uploadDocument(botId: string, file: File) {
  const base = configStore.getState().config?.apiBaseUrl ?? '';
  const token = getSession()?.token;
  const form = new FormData();
  form.append('file', file, file.name);
  let response: Response;
  try {
    response = await fetch(joinUrl(base, knowledgePath(P.documents, botId)), {
      method: 'POST',
      headers: { Accept: 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
      body: form,
      credentials: 'same-origin',
    });
  } catch (error) {
    throw fromFetchFailure(error, undefined);
  }
  return parseResponse(
    { status: response.status, ok: response.ok, body: await response.text() },
    knowledgeSourceResponseSchema,
    'product',
  ).data;
}
