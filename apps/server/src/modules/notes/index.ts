// The front door of notes: what other modules and the composition root (app.ts) may use.
export { notesRoutes } from './routes.js';
