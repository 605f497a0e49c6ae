// The front door of messaging-admin: what other modules and the composition root (app.ts) may use.
// The automation connector's "create user" action is the messaging API's `user/v2/create`, with its rules.
export { messagingAdminRoutes } from './routes.js';
export { createUser } from './service.js';
