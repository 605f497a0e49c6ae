// The front door of teams: what other modules may use, by name; the rest of its repository stays private
// (scripts/check-import-cycles.mjs refuses imports past an index.ts). It re-exports repository files and
// small files, never services or routes, so importing it closes no file circle.
export { findTeam } from './repository.js';
export { type WaitingAssignment, waitingAssignment } from './service.js';
