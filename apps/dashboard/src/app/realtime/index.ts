// The dashboard's real-time client: one socket per tab, resumable, with React hooks.
export { type ConnectionState, connectionStore, realtime } from './realtime-client';
export { conversationIdOf, QUERY_ROOTS } from './realtime-invalidation';
export type { RealtimeEvent } from './realtime-protocol';
export {
  sendRealtimeFrame,
  useConnectionState,
  useRealtimeConnection,
  useRealtimeEvent,
} from './use-realtime';
