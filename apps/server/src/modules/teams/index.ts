// The front door of teams: what other modules and the composition root (app.ts) may use, by name;
// the rest of the module stays private (scripts/check-import-cycles.mjs refuses imports past an
// index.ts). Modules import each other one way only, so re-exporting services and routes closes no circle.
export { findTeam, listTeams } from './repository.js';
export { teamRoutes } from './routes.js';
export { requireAdmin, requireMember, type WaitingAssignment, waitingAssignment } from './service.js';
