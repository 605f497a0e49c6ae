// The front door of conversation-timeline: what other modules and the composition root (app.ts) may use.
export { conversationTimelineRoutes } from './routes.js';
export { NOTE_EVENT_TYPE, parseGroupIdParam } from './service.js';
