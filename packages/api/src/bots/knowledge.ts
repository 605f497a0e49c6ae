import { z } from 'zod';
import { successEnvelope } from '../accounts/index.js';
import {
  KNOWLEDGE_DEFAULT_PAGE_LIMIT,
  KNOWLEDGE_ERROR_CODES,
  KNOWLEDGE_MAX_PAGE_LIMIT,
  KNOWLEDGE_SOURCE_KINDS,
  KNOWLEDGE_SOURCE_STATUSES,
} from './constants.js';

// Product API of a bot's knowledge source (issue 15 item 6; SPEC §7 datapool scraper, sitemap,
// document): uploaded documents, single pages and sitemaps, indexed into passages by the worker role.

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
