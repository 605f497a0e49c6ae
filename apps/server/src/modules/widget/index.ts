// The front door of widget: what other modules and the composition root (app.ts) may use.
export { type CsatReceived, widgetBus } from './events.js';
export { kommunicateWidgetRoutes, registerPlatformCors, widgetRoutes } from './routes.js';
export { rateConversation, readRating, toRating, type WidgetDeps } from './service.js';
export { visitorPeerDetails } from './visitor-peers.js';
export { registerVisitorView, visitorViewFactory } from './visitor-view.js';
