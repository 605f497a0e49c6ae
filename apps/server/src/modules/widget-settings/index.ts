// The front door of widget-settings: what other modules and the composition root (app.ts) may use, by name;
// the rest of the module stays private (scripts/check-import-cycles.mjs refuses imports past an
// index.ts). Modules import each other one way only, so re-exporting services and routes closes no circle.
export { findChatWidgetSettingsOrDefaults } from './repository.js';
export { widgetSettingsRoutes } from './routes.js';
export { businessHoursOf } from './service.js';
export { cachedVisitorNaming, forgetVisitorNaming, type VisitorNaming } from './visitor-naming.js';
