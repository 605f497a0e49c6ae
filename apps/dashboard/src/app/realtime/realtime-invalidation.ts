// Which cached queries an event makes stale. Screens name their query keys with these roots, so
// a change made anywhere (another agent, the widget, the server's routing) reaches every screen.

import type { QueryClient } from '@tanstack/react-query';
import type { RealtimeEvent } from './realtime-protocol';

export const QUERY_ROOTS = {
  /** Conversation lists (any filter) and single conversations. */
  conversations: 'conversations',
  /** ['conversation', groupId]: one conversation's feed. */
  conversation: 'conversation',
  /** ['notes', groupId, page]. */
  notes: 'notes',
  /** ['timeline', groupId]. */
  timeline: 'timeline',
  waitingQueue: 'waiting-queue',
  messageLogs: 'message-logs',
} as const;

const CONVERSATION_EVENTS = new Set([
  'conversation.created',
  'conversation.updated',
  'conversation.assigned',
  'conversation.status_changed',
  'conversation.tagged',
  'conversation.rated',
  'message.received',
  'unread.updated',
]);

/** The conversation an event is about: the envelope's id, else data.groupId. */
export function conversationIdOf(event: RealtimeEvent): number | undefined {
  if (event.conversationId !== undefined) return event.conversationId;
  const groupId = event.data.groupId;
  return typeof groupId === 'number' ? groupId : undefined;
}

export function invalidateFor(queryClient: QueryClient, event: RealtimeEvent): void {
  const groupId = conversationIdOf(event);
  if (CONVERSATION_EVENTS.has(event.type)) {
    void queryClient.invalidateQueries({ queryKey: [QUERY_ROOTS.conversations] });
    if (groupId !== undefined) {
      void queryClient.invalidateQueries({ queryKey: [QUERY_ROOTS.conversation, groupId] });
      if (event.type !== 'message.received')
        void queryClient.invalidateQueries({ queryKey: [QUERY_ROOTS.timeline, groupId] });
    }
  }
  if (event.type.startsWith('note.') && groupId !== undefined) {
    void queryClient.invalidateQueries({ queryKey: [QUERY_ROOTS.notes, groupId] });
    void queryClient.invalidateQueries({ queryKey: [QUERY_ROOTS.timeline, groupId] });
  }
  if (
    event.type === 'waiting_queue.updated' ||
    event.type === 'conversation.assigned' ||
    event.type === 'conversation.status_changed'
  ) {
    void queryClient.invalidateQueries({ queryKey: [QUERY_ROOTS.waitingQueue] });
  }
  if (event.type === 'message.received')
    void queryClient.invalidateQueries({ queryKey: [QUERY_ROOTS.messageLogs] });
}
