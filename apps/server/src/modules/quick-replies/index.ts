// The front door of quick-replies: what other modules may use, and its routes. Its service imports
// no other module, so importing it closes no file circle.

export { quickReplyRoutes } from './routes.js';
export { listQuickReplies, listSharedQuickReplies } from './service.js';
