// The front door of conversation-search: what other modules may use. Import another module only through its
// index.ts (scripts/check-import-cycles.mjs); the functions below are the ones this module publishes, the rest
// of its repository stays private. It re-exports only files that import no other module, so importing it
// cannot close a circle.
export { countByStatus } from './repository.js';
