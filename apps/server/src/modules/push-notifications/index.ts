// The front door of push-notifications: what other modules and the composition root (app.ts) may use.
export { pushNotificationRoutes } from './routes.js';
