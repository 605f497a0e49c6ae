// The front door of messaging-users: what other modules and the composition root (app.ts) may use, by name;
// the rest of the module stays private (scripts/check-import-cycles.mjs refuses imports past an
// index.ts). Modules import each other one way only, so re-exporting services and routes closes no circle.

export { type CustomerFilter, customersSubquery, findMemberId } from './customer-audience.js';
export { findUsersByUserIds, listUsers } from './repository.js';
export { messagingUserRoutes } from './routes.js';
export { toMessagingUser } from './service.js';
