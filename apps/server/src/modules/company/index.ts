// The front door of company: what other modules and the composition root (app.ts) may use.
export { companyRoutes } from './routes.js';
export { read } from './service.js';
