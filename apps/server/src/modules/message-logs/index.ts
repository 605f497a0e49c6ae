// The front door of message-logs: what other modules and the composition root (app.ts) may use.
export { messageLogRoutes } from './routes.js';
