// The front door of profile: what other modules and the composition root (app.ts) may use.
export { profileRoutes } from './routes.js';
export { memberLanguage } from './service.js';
