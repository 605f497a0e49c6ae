import { z } from 'zod';
import { messageResponseSchema, successEnvelope } from './accounts.js';

// Help center (issue 16): the product API of its content (SPEC §7 kb/category CRUD and kb/v2,
// dashboard /helpcenter/content and /faq) and the public site's JSON search.

/** The languages an article can be written in (the dashboard's languages). */
export const HELP_CENTER_LANGUAGES = ['en', 'es', 'fr', 'kn'] as const;
export const helpCenterLanguageSchema = z.enum(HELP_CENTER_LANGUAGES);
export type HelpCenterLanguage = z.infer<typeof helpCenterLanguageSchema>;

/** SPEC: FAQ type published or draft. */
export const ARTICLE_STATUSES = ['published', 'draft'] as const;
export const articleStatusSchema = z.enum(ARTICLE_STATUSES);
export type ArticleStatus = z.infer<typeof articleStatusSchema>;

/** Article bodies are HTML; 200 KB leaves room for long articles with tables (images are links). */
export const MAX_ARTICLE_HTML = 200_000;

const name = z.string().trim().min(1, 'Give a name.').max(120);
const description = z.string().trim().max(500);
const slugSchema = z
  .string()
  .trim()
  .toLowerCase()
  .min(1)
  .max(120)
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'Use lower-case letters, digits and dashes.');

export const categoryCreateRequestSchema = z.object({
  name,
  description: description.default(''),
});
export type CategoryCreateRequest = z.input<typeof categoryCreateRequestSchema>;

export const categoryUpdateRequestSchema = z
  .object({ name: name.optional(), description: description.optional() })
  .refine((b) => b.name !== undefined || b.description !== undefined, {
    message: 'Give name or description.',
  });
export type CategoryUpdateRequest = z.input<typeof categoryUpdateRequestSchema>;

/** The whole order: every category id of the application, first first. */
export const categoryOrderRequestSchema = z.object({ ids: z.array(z.uuid()).min(1).max(500) });

export const helpCenterIdParamsSchema = z.object({ id: z.uuid() });

export const categorySchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  slug: z.string(),
  position: z.number(),
  articleCount: z.number(),
  updatedAt: z.number(),
});
export type Category = z.infer<typeof categorySchema>;

export const categoryListResponseSchema = successEnvelope(z.array(categorySchema));
export const categoryResponseSchema = successEnvelope(categorySchema);

export const articleCreateRequestSchema = z.object({
  title: z.string().trim().min(1, 'Give a title.').max(200),
  bodyHtml: z.string().max(MAX_ARTICLE_HTML).default(''),
  status: articleStatusSchema.default('draft'),
  categoryId: z.uuid().nullable().default(null),
  language: helpCenterLanguageSchema.default('en'),
  /** Generated from the title when left out. */
  slug: slugSchema.optional(),
  /** Another article of which this one is a language version. */
  translationOf: z.uuid().optional(),
});
export type ArticleCreateRequest = z.input<typeof articleCreateRequestSchema>;

export const articleUpdateRequestSchema = z
  .object({
    title: z.string().trim().min(1, 'Give a title.').max(200).optional(),
    bodyHtml: z.string().max(MAX_ARTICLE_HTML).optional(),
    status: articleStatusSchema.optional(),
    categoryId: z.uuid().nullable().optional(),
    slug: slugSchema.optional(),
    position: z.number().int().min(0).max(1_000_000).optional(),
  })
  .refine((b) => Object.values(b).some((v) => v !== undefined), { message: 'Give a field to change.' });
export type ArticleUpdateRequest = z.input<typeof articleUpdateRequestSchema>;

export const ARTICLE_BULK_ACTIONS = ['publish', 'unpublish', 'delete'] as const;
export const articleBulkRequestSchema = z.object({
  action: z.enum(ARTICLE_BULK_ACTIONS),
  ids: z.array(z.uuid()).min(1).max(500),
});
export type ArticleBulkRequest = z.input<typeof articleBulkRequestSchema>;

export const articleListQuerySchema = z.object({
  q: z.string().trim().max(200).optional(),
  status: articleStatusSchema.optional(),
  language: helpCenterLanguageSchema.optional(),
  categoryId: z.uuid().optional(),
  limit: z.coerce.number().int().min(1).max(100).default(50),
  offset: z.coerce.number().int().min(0).max(100_000).default(0),
});
export type ArticleListQuery = z.input<typeof articleListQuerySchema>;

export const articleSummarySchema = z.object({
  id: z.string(),
  translationGroupId: z.string(),
  language: helpCenterLanguageSchema,
  title: z.string(),
  slug: z.string(),
  status: articleStatusSchema,
  categoryId: z.string().nullable(),
  position: z.number(),
  helpfulYes: z.number(),
  helpfulNo: z.number(),
  /** The member who saved it last (null when that member was deleted). */
  updatedBy: z.object({ id: z.string(), name: z.string() }).nullable(),
  updatedAt: z.number(),
});
export type ArticleSummary = z.infer<typeof articleSummarySchema>;

export const articleSchema = articleSummarySchema.extend({
  bodyHtml: z.string(),
  /** The other language versions of the same article. */
  translations: z.array(
    z.object({ id: z.string(), language: helpCenterLanguageSchema, status: articleStatusSchema }),
  ),
  /** Where the article is read on the public site (published or not). */
  publicUrl: z.string(),
});
export type Article = z.infer<typeof articleSchema>;

export const articleListResponseSchema = successEnvelope(
  z.object({ items: z.array(articleSummarySchema), total: z.number() }),
);
export const articleResponseSchema = successEnvelope(articleSchema);
export const articleBulkResponseSchema = successEnvelope(z.object({ changed: z.number() }));
export const helpCenterDeleteResponseSchema = messageResponseSchema;

export const articleImageResponseSchema = successEnvelope(z.object({ key: z.string(), url: z.string() }));

/** A host name such as help.example.com (no scheme, port or path). */
export const helpCenterDomainSchema = z
  .string()
  .trim()
  .toLowerCase()
  .max(253)
  .regex(
    /^(?=.{1,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/,
    'Give a host name such as help.example.com (no http:// and no path).',
  );

export const helpCenterSiteUpdateRequestSchema = z
  .object({
    domain: helpCenterDomainSchema.nullable().optional(),
    defaultLanguage: helpCenterLanguageSchema.optional(),
  })
  .refine((b) => b.domain !== undefined || b.defaultLanguage !== undefined, {
    message: 'Give domain or defaultLanguage.',
  });
export type HelpCenterSiteUpdateRequest = z.input<typeof helpCenterSiteUpdateRequestSchema>;

export const helpCenterSiteSchema = z.object({
  domain: z.string().nullable(),
  defaultLanguage: helpCenterLanguageSchema,
  /** The site's address on this server (always served, with or without a custom domain). */
  siteUrl: z.string(),
});
export type HelpCenterSite = z.infer<typeof helpCenterSiteSchema>;
export const helpCenterSiteResponseSchema = successEnvelope(helpCenterSiteSchema);

/** The public site's search-as-you-type answer. */
export const publicSearchQuerySchema = z.object({
  q: z.string().max(200).default(''),
  lang: z.string().max(10).optional(),
});
export const publicSearchResponseSchema = z.object({
  results: z.array(z.object({ title: z.string(), url: z.string(), snippet: z.string() })),
});
export type PublicSearchResponse = z.infer<typeof publicSearchResponseSchema>;

export const HELP_CENTER_PATHS = {
  categories: '/api/helpcenter/categories',
  category: '/api/helpcenter/categories/:id',
  categoryOrder: '/api/helpcenter/categories/order',
  articles: '/api/helpcenter/articles',
  article: '/api/helpcenter/articles/:id',
  articleBulk: '/api/helpcenter/articles/bulk',
  images: '/api/helpcenter/images',
  site: '/api/helpcenter/site',
} as const;

/** The public site of an application on this server (custom domains serve the same pages at /). */
export const HELP_CENTER_PUBLIC_PREFIX = '/hc';
export const helpCenterSitePath = (applicationId: string) =>
  `${HELP_CENTER_PUBLIC_PREFIX}/${encodeURIComponent(applicationId)}`;

export const helpCenterPath = (path: string, id: string) => path.replace(':id', encodeURIComponent(id));
