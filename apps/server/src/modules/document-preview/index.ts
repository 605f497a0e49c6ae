// The front door of document-preview: what other modules and the composition root (app.ts) may use.
export { documentPreviewRoutes } from './routes.js';
