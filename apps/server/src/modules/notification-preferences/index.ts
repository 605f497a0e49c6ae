// The front door of notification-preferences: what other modules and the composition root (app.ts) may use.
export { notificationPreferenceRoutes } from './routes.js';
