// The front door of customer-attributes: what other modules and the composition root (app.ts) may use.
export { customerAttributeRoutes } from './routes.js';
