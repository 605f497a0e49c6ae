// The front door of support-tickets: its routes, for the composition root.
export { supportTicketRoutes } from './routes.js';
