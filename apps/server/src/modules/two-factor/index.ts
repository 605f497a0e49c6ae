// The front door of two-factor: what other modules and the composition root (app.ts) may use.
export { twoFactorRoutes } from './routes.js';
export { checkSignIn, isEnabled } from './service.js';
