// The front door of system: what other modules and the composition root (app.ts) may use.
export { systemRoutes } from './routes.js';
