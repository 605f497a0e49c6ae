// @convo/api/help-center/constants: this context's constants without zod (no file reached from here
// imports zod; scripts/check-import-cycles.mjs checks it). Types come from @convo/api/help-center with
// `import type`, which the bundle never holds.

export * from './answer-bot-paths.js';

// help-center.ts

/** The languages an article can be written in (the dashboard's languages). */
export const HELP_CENTER_LANGUAGES = ['en', 'es', 'fr', 'kn'] as const;

/** SPEC: FAQ type published or draft. */
export const ARTICLE_STATUSES = ['published', 'draft'] as const;

/** Article bodies are HTML; 200 KB leaves room for long articles with tables (images are links). */
export const MAX_ARTICLE_HTML = 200_000;

/** The category's name and description in the site's other languages (English is name/description). */
export const CATEGORY_TRANSLATED_LANGUAGES = ['es', 'fr', 'kn'] as const;

export type CategoryTranslatedLanguage = (typeof CATEGORY_TRANSLATED_LANGUAGES)[number];

export const ARTICLE_BULK_ACTIONS = ['publish', 'unpublish', 'delete'] as const;

export const HELP_CENTER_MAX_HEADER_LINKS = 5;

export const DEFAULT_HELP_CENTER_COLOR = '#03b49b';

export const HELP_CENTER_PATHS = {
  categories: '/api/helpcenter/categories',
  category: '/api/helpcenter/categories/:id',
  categoryOrder: '/api/helpcenter/categories/order',
  articles: '/api/helpcenter/articles',
  article: '/api/helpcenter/articles/:id',
  articleBulk: '/api/helpcenter/articles/bulk',
  articleMove: '/api/helpcenter/articles/:id/move',
  images: '/api/helpcenter/images',
  site: '/api/helpcenter/site',
  customization: '/api/helpcenter/customization',
  customizationPreview: '/api/helpcenter/customization/preview',
} as const;

/** The Kommunicate knowledge-base widget's category list (public, like the help-center site). */
export const KB_COMPAT_PATHS = { categories: '/kb/category' } as const;

/** The public site of an application on this server (custom domains serve the same pages at /). */
export const HELP_CENTER_PUBLIC_PREFIX = '/hc';

export const helpCenterSitePath = (applicationId: string) =>
  `${HELP_CENTER_PUBLIC_PREFIX}/${encodeURIComponent(applicationId)}`;

export const helpCenterPath = (path: string, id: string) => path.replace(':id', encodeURIComponent(id));
