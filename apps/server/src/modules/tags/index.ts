// The front door of tags: what other modules and the composition root (app.ts) may use.
export { tagRoutes } from './routes.js';
