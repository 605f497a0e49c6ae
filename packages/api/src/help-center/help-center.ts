import { z } from 'zod';
import { messageResponseSchema, successEnvelope } from '../accounts/index.js';
import {
  ARTICLE_BULK_ACTIONS,
  ARTICLE_STATUSES,
  CATEGORY_TRANSLATED_LANGUAGES,
  DEFAULT_HELP_CENTER_COLOR,
  HELP_CENTER_LANGUAGES,
  HELP_CENTER_MAX_HEADER_LINKS,
  MAX_ARTICLE_HTML,
} from './constants.js';

// Help center (issue 16): the product API of its content (SPEC §7 kb/category CRUD and kb/v2,
// dashboard /helpcenter/content and /faq) and the public site's JSON search.

export const helpCenterLanguageSchema = z.enum(HELP_CENTER_LANGUAGES);
export type HelpCenterLanguage = z.infer<typeof helpCenterLanguageSchema>;

export const articleStatusSchema = z.enum(ARTICLE_STATUSES);
export type ArticleStatus = z.infer<typeof articleStatusSchema>;

const name = z.string().trim().min(1, 'Give a name.').max(120);
const description = z.string().trim().max(500);
const slugSchema = z
  .string()
  .trim()
  .toLowerCase()
  .min(1)
  .max(120)
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'Use lower-case letters, digits and dashes.');

export const categoryTranslationsSchema = z.partialRecord(
  z.enum(CATEGORY_TRANSLATED_LANGUAGES),
  z.object({ name: z.string().trim().max(120), description: description.default('') }),
);
export type CategoryTranslations = z.infer<typeof categoryTranslationsSchema>;

export const categoryCreateRequestSchema = z.object({
  name,
  description: description.default(''),
  translations: categoryTranslationsSchema.optional(),
});
export type CategoryCreateRequest = z.input<typeof categoryCreateRequestSchema>;

export const categoryUpdateRequestSchema = z
  .object({
    name: name.optional(),
    description: description.optional(),
    translations: categoryTranslationsSchema.optional(),
  })
  .refine((b) => b.name !== undefined || b.description !== undefined || b.translations !== undefined, {
    message: 'Give name, description or translations.',
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
  translations: categoryTranslationsSchema,
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

/** Moves an article one place up or down among its category's articles of the same language. */
export const articleMoveRequestSchema = z.object({ direction: z.enum(['up', 'down']) });
export type ArticleMoveRequest = z.infer<typeof articleMoveRequestSchema>;
export const articleMoveResponseSchema = successEnvelope(z.object({ moved: z.boolean() }));

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

// ---- customization (issue 16 item 3): how the public site looks, kept in help_center_sites.settings

/** #rrggbb only: the site derives its darker and text colours from it. */
export const helpCenterColorSchema = z
  .string()
  .trim()
  .regex(/^#[0-9a-fA-F]{6}$/, 'Give a colour as #rrggbb, for example #03b49b.')
  .transform((v) => v.toLowerCase());
/** Absolute http(s) links only: a javascript: or data: URL never reaches the public page. */
export const helpCenterLinkUrlSchema = z
  .string()
  .trim()
  .max(500)
  .refine(
    (v) => {
      try {
        const u = new URL(v);
        return (u.protocol === 'https:' || u.protocol === 'http:') && u.hostname !== '';
      } catch {
        return false;
      }
    },
    { message: 'Give a full web address starting with https:// or http://.' },
  );
export const helpCenterHeaderLinkSchema = z.object({
  label: z.string().trim().min(1, 'Give the link a label.').max(40),
  url: helpCenterLinkUrlSchema,
});
export type HelpCenterHeaderLink = z.infer<typeof helpCenterHeaderLinkSchema>;

export const helpCenterCustomizationSchema = z.object({
  /** Shown in the header and the page titles; empty means the application's name. */
  title: z.string().trim().max(80).default(''),
  primaryColor: helpCenterColorSchema.default(DEFAULT_HELP_CENTER_COLOR),
  /** Keys of images uploaded through HELP_CENTER_PATHS.images (public on the site). */
  logoKey: z.uuid().nullable().default(null),
  faviconKey: z.uuid().nullable().default(null),
  headerLinks: z
    .array(helpCenterHeaderLinkSchema)
    .max(HELP_CENTER_MAX_HEADER_LINKS, `Give at most ${HELP_CENTER_MAX_HEADER_LINKS} header links.`)
    .default([]),
  footerText: z.string().trim().max(500).default(''),
  /** The languages the site offers in its switcher (at least one). */
  languages: z
    .array(helpCenterLanguageSchema)
    .min(1, 'Show at least one language.')
    .refine((l) => new Set(l).size === l.length, { message: 'Give each language once.' })
    .default([...HELP_CENTER_LANGUAGES]),
});
export type HelpCenterCustomization = z.output<typeof helpCenterCustomizationSchema>;
export type HelpCenterCustomizationInput = z.input<typeof helpCenterCustomizationSchema>;

/** PUT replaces the whole customization (fields left out take their defaults). */
export const helpCenterCustomizationRequestSchema = helpCenterCustomizationSchema;
/** The saved settings as answered (plain types: response schemas carry no transforms). */
export const helpCenterCustomizationViewSchema = z.object({
  title: z.string(),
  primaryColor: z.string(),
  logoKey: z.string().nullable(),
  faviconKey: z.string().nullable(),
  headerLinks: z.array(z.object({ label: z.string(), url: z.string() })),
  footerText: z.string(),
  languages: z.array(helpCenterLanguageSchema),
  /** Where the logo and favicon are served (null when not set). */
  logoUrl: z.string().nullable(),
  faviconUrl: z.string().nullable(),
  siteUrl: z.string(),
});
export type HelpCenterCustomizationView = z.infer<typeof helpCenterCustomizationViewSchema>;
export const helpCenterCustomizationResponseSchema = successEnvelope(helpCenterCustomizationViewSchema);
/** The site's home page rendered with unsaved settings, for the dashboard's live preview. */
export const helpCenterPreviewResponseSchema = successEnvelope(z.object({ html: z.string() }));

/** The public site's search-as-you-type answer. */
export const publicSearchQuerySchema = z.object({
  q: z.string().max(200).default(''),
  lang: z.string().max(10).optional(),
});
export const publicSearchResponseSchema = z.object({
  results: z.array(z.object({ title: z.string(), url: z.string(), snippet: z.string() })),
});
export type PublicSearchResponse = z.infer<typeof publicSearchResponseSchema>;

export const kbCategoryQuerySchema = z.object({
  applicationId: z.string().trim().min(1).max(64).optional(),
  appId: z.string().trim().min(1).max(64).optional(),
  /** Only "published" has a meaning here: a category is listed when it has published articles. */
  status: z.string().max(20).optional(),
  lang: z.string().trim().min(2).max(10).optional(),
});

export const kbCategoryListResponseSchema = z.object({
  code: z.literal('SUCCESS'),
  data: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      description: z.string(),
      slug: z.string(),
      articleCount: z.number(),
    }),
  ),
});
