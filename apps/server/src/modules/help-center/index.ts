// The front door of help-center: what other modules and the composition root (app.ts) may use, by name;
// the rest of the module stays private (scripts/check-import-cycles.mjs refuses imports past an
// index.ts). Modules import each other one way only, so re-exporting services and routes closes no circle.

export { sanitizeArticleHtml, snippetOf } from './content-html.js';
export { helpCenterBus } from './events.js';
export { publicSiteRoutes } from './public-site/routes.js';
export { createDomainMap, createSiteCache, rewriteForDomain } from './public-site/site-cache.js';
export { findSite, listPublishedForImport } from './repository.js';
export { helpCenterRoutes } from './routes.js';
export { isLanguage } from './service.js';
