// The front door of registration: what other modules and the composition root (app.ts) may use.
export { registrationRoutes } from './routes.js';
export { applicationInfo, registerClient } from './service.js';
