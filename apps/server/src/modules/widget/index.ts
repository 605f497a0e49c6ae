// The front door of widget: what other modules and the composition root (app.ts) may use.
export { type CsatReceived, widgetBus } from './events.js';
export { widgetRoutes } from './routes.js';
export { rateConversation, type WidgetDeps } from './service.js';
export { registerVisitorView, visitorViewFactory } from './visitor-view.js';
