// The front door of routing: what other modules and the composition root (app.ts) may use.
export { customRouteOf } from './custom-routes.js';
export { customRoutingRoutes } from './routes.js';
export { agentsToNotifyOf, chooseAgent } from './service.js';
