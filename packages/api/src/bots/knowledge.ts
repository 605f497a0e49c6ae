import { z } from 'zod';
import { successEnvelope } from '../accounts/index.js';

// Product API of a bot's knowledge source (issue 15 item 6; SPEC §7 datapool scraper, sitemap,
// document): uploaded documents, single pages and sitemaps, indexed into passages by the worker role.

export const KNOWLEDGE_PATHS = {
  /** GET the bot's sources (status, progress, counts, error). */
  sources: '/api/bots/:botId/knowledge',
  /** GET the counts the builder shows (sources and passages per kind). */
  counts: '/api/bots/:botId/knowledge/counts',
  /** POST multipart/form-data, the file in the field "file". */
  documents: '/api/bots/:botId/knowledge/documents',
  /** POST { url } */
  urls: '/api/bots/:botId/knowledge/urls',
  /** POST { url, pageLimit } */
  sitemaps: '/api/bots/:botId/knowledge/sitemaps',
  /** POST imports the application's help center (published articles, kept in sync); one per bot. */
  helpCenter: '/api/bots/:botId/knowledge/helpcenter',
  /** DELETE removes the source and its passages. */
  source: '/api/bots/:botId/knowledge/:sourceId',
  /** POST fetches (or parses) the source again; its passages are replaced when that succeeds. */
  recrawl: '/api/bots/:botId/knowledge/:sourceId/recrawl',
} as const;

export const knowledgePath = (path: string, botId: string, sourceId?: string) =>
  path.replace(':botId', encodeURIComponent(botId)).replace(':sourceId', encodeURIComponent(sourceId ?? ''));

/** Largest accepted document upload. */
export const KNOWLEDGE_MAX_UPLOAD_BYTES = 20 * 1024 * 1024;
/** Extensions of the documents a knowledge source accepts (the file input's `accept` too). */
export const KNOWLEDGE_DOCUMENT_EXTENSIONS = ['pdf', 'docx', 'txt', 'md', 'html', 'htm'] as const;
export type KnowledgeDocumentExtension = (typeof KNOWLEDGE_DOCUMENT_EXTENSIONS)[number];
export const KNOWLEDGE_DEFAULT_PAGE_LIMIT = 50;
export const KNOWLEDGE_MAX_PAGE_LIMIT = 500;

export const KNOWLEDGE_SOURCE_KINDS = ['document', 'url', 'sitemap', 'helpcenter'] as const;
export type KnowledgeSourceKind = (typeof KNOWLEDGE_SOURCE_KINDS)[number];
export const KNOWLEDGE_SOURCE_STATUSES = ['pending', 'indexing', 'ready', 'failed'] as const;
export type KnowledgeSourceStatus = (typeof KNOWLEDGE_SOURCE_STATUSES)[number];

/**
 * Codes of a source's failure that the dashboard words in its own language (a file over a parse
 * limit, issue 32); `error` keeps the English message.
 */
export const KNOWLEDGE_ERROR_CODES = [
  'UNPACKED_TOO_LARGE',
  'TOO_MANY_ENTRIES',
  'COMPRESSION_RATIO',
  'TOO_MANY_PAGES',
  'TOO_MANY_PASSAGES',
  'PARSE_TIMEOUT',
  'PARSE_OUT_OF_MEMORY',
  'PARSE_CRASHED',
] as const;
export type KnowledgeErrorCode = (typeof KNOWLEDGE_ERROR_CODES)[number];
export const knowledgeErrorDetailSchema = z.object({
  code: z.enum(KNOWLEDGE_ERROR_CODES),
  /** The numbers the message names (sizes in MB, counts, seconds). */
  params: z.record(z.string(), z.number()),
});

export const knowledgeBotParamsSchema = z.object({ botId: z.uuid() });
export const knowledgeSourceParamsSchema = z.object({ botId: z.uuid(), sourceId: z.uuid() });

const webUrl = z
  .string()
  .trim()
  .min(1)
  .max(2048)
  .pipe(z.url({ protocol: /^https?$/, message: 'Enter an http:// or https:// address.' }));

export const knowledgeUrlCreateSchema = z.object({ url: webUrl });
export type KnowledgeUrlCreate = z.input<typeof knowledgeUrlCreateSchema>;

export const knowledgeSitemapCreateSchema = z.object({
  url: webUrl,
  pageLimit: z.number().int().min(1).max(KNOWLEDGE_MAX_PAGE_LIMIT).default(KNOWLEDGE_DEFAULT_PAGE_LIMIT),
});
export type KnowledgeSitemapCreate = z.input<typeof knowledgeSitemapCreateSchema>;

export const knowledgeSourceSchema = z.object({
  id: z.string(),
  botId: z.string(),
  kind: z.enum(KNOWLEDGE_SOURCE_KINDS),
  /** The document's file name, or the page's / sitemap's address. */
  name: z.string(),
  url: z.string().nullable(),
  mimeType: z.string().nullable(),
  status: z.enum(KNOWLEDGE_SOURCE_STATUSES),
  /** Why the source failed (status failed); null otherwise. */
  error: z.string().nullable(),
  /** The failure's code and numbers when the dashboard words it itself; null otherwise. */
  errorDetail: knowledgeErrorDetailSchema.nullable(),
  /** A remark on a source that was indexed (pages skipped, a sitemap cut at its page limit). */
  note: z.string().nullable(),
  /** Pages fetched / to fetch while a URL or sitemap is crawled; parts parsed for a document. */
  progressDone: z.number(),
  progressTotal: z.number(),
  pageLimit: z.number().nullable(),
  passageCount: z.number(),
  createdAt: z.number(),
  updatedAt: z.number(),
});
export type KnowledgeSource = z.infer<typeof knowledgeSourceSchema>;
export const knowledgeSourceListResponseSchema = successEnvelope(z.array(knowledgeSourceSchema));
export const knowledgeSourceResponseSchema = successEnvelope(knowledgeSourceSchema);

export const knowledgeCountsSchema = z.object({
  sources: z.number(),
  documents: z.number(),
  urls: z.number(),
  sitemaps: z.number(),
  /** The imported help center (0 or 1). */
  helpCenters: z.number(),
  /** Sources indexed and answering (status ready). */
  ready: z.number(),
  passages: z.number(),
});
export type KnowledgeCounts = z.infer<typeof knowledgeCountsSchema>;
export const knowledgeCountsResponseSchema = successEnvelope(knowledgeCountsSchema);
