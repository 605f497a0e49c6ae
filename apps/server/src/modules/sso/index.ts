// The front door of sso: what other modules and the composition root (app.ts) may use.
export { ssoRoutes } from './routes.js';
