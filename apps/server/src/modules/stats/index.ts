// The front door of stats (its SQL measures, shared with analytics): what other modules may use. Import another module only through its
// index.ts (scripts/check-import-cycles.mjs); the functions below are the ones this module publishes, the rest
// of its repository stays private. It re-exports only files that import no other module, so importing it
// cannot close a circle.
export { ENDED, FIRST_RESPONSE_MS, ts, withinBusinessHours } from './repository.js';
