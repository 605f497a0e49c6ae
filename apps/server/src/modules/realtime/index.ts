// The front door of realtime: what other modules may use (the event types, the sink that stores and
// publishes them, the WebSocket hub and its session revoker). It re-exports files that import no
// other module (the hub's lookups are given by app.ts), so importing it closes no circle.
export * from './event-types.js';
export * from './hub.js';
export * from './realtime.js';
export { STOMP_SUBPROTOCOLS, type StompOptions, WS_MAX_MESSAGE_BYTES } from './stomp-session.js';
