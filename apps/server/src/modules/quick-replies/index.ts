// The front door of quick-replies: what other modules may use. Its service imports no other module,
// so importing it closes no file circle.
export { listQuickReplies, listSharedQuickReplies } from './service.js';
