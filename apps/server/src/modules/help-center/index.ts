// The front door of help-center: what other modules may use, by name; the rest of its repository stays private
// (scripts/check-import-cycles.mjs refuses imports past an index.ts). It re-exports repository files and
// small files, never services or routes, so importing it closes no file circle.

export { helpCenterBus } from './events.js';
export { findSite, listPublishedForImport } from './repository.js';
