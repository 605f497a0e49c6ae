// The front door of realtime: what other modules may use (the event types and the sink that stores and
// publishes them). It re-exports files that import no other module, so importing it closes no circle.
export * from './event-types.js';
export * from './realtime.js';
export { STOMP_SUBPROTOCOLS, type StompOptions } from './stomp-session.js';
