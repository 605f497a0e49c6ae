// The front door of messaging-admin: what other modules and the composition root (app.ts) may use.
export { messagingAdminRoutes } from './routes.js';
