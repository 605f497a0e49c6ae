// The front door of google-sign-in: what other modules and the composition root (app.ts) may use.
export { googleSignInRoutes } from './routes.js';
export { isAllowedOrigin } from './service.js';
