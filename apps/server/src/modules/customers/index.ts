// The front door of customers: what other modules and the composition root (app.ts) may use.
export { customerRoutes } from './routes.js';
export { deleteAll } from './service.js';
