// The front door of widget-settings: what other modules may use, by name; the rest of its repository stays private
// (scripts/check-import-cycles.mjs refuses imports past an index.ts). It re-exports repository files and
// small files, never services or routes, so importing it closes no file circle.
export { findChatWidgetSettingsOrDefaults } from './repository.js';
export { cachedVisitorNaming, forgetVisitorNaming, type VisitorNaming } from './visitor-naming.js';
