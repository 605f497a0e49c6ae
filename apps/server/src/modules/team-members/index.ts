// The front door of team-members: what other modules and the composition root (app.ts) may use, by name;
// the rest of the module stays private (scripts/check-import-cycles.mjs refuses imports past an
// index.ts). Modules import each other one way only, so re-exporting services and routes closes no circle.
export { deleteSessionsOf, leaveAllTeams, listMembers, updateMember } from './repository.js';
export { teamMemberRoutes } from './routes.js';
export { type BotCreation, botCreation } from './service.js';
