// Every conversation's messages this tab has loaded, one state each, kept for the tab's life so
// that switching back is instant. The code that fills and updates them (pages, receipts, live
// messages) is hooks/use-messages.ts, which comes with the pane's chunk; this part comes with the
// list, so that a click asks for the newest page while that chunk is on its way, and asks nothing
// for a conversation already here (the socket keeps it current).

import type { Message } from '@convo/api';
import { sessionStore } from '../../../app/session/session-store';
import { listMessages } from '../api/inbox-api';

export interface MessagesState {
  messages: Message[];
  /** The oldest message of the first page: the list's scroll anchor. */
  anchorId: number | null;
  hasOlder: boolean;
  loading: boolean;
  loadingOlder: boolean;
  notFound: boolean;
  /** Customer receipts: how far each reader got (message ids). */
  readUpTo: number;
  deliveredUpTo: number;
  /** The newest page asked for (by a click) and not yet merged in by use-messages' loadNewest. */
  request: ReturnType<typeof listMessages> | null;
  /** The socket was lost since the newest page: what came meanwhile may be missing. */
  stale: boolean;
  /**
   * Whose receipts move the marks, as the conversation's pane last said: its customer, null for
   * anyone (no customer known), undefined before a pane has shown the conversation (none do).
   */
  customerUserId: string | null | undefined;
}

export const EMPTY: MessagesState = {
  messages: [],
  anchorId: null,
  hasOlder: true,
  loading: true,
  loadingOlder: false,
  notFound: false,
  readUpTo: 0,
  deliveredUpTo: 0,
  request: null,
  stale: false,
  customerUserId: undefined,
};

export const messagesCache = new Map<number, MessagesState>();
const listeners = new Set<() => void>();

// Another session (logout, another account in this tab) must not see these messages.
sessionStore.subscribe((state, previous) => {
  if (state.session?.token !== previous.session?.token) messagesCache.clear();
});

export function setMessagesState(groupId: number, update: (s: MessagesState) => MessagesState) {
  messagesCache.set(groupId, update(messagesCache.get(groupId) ?? EMPTY));
  for (const l of listeners) l();
}

export function subscribeMessages(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/** Whether a conversation wants its newest page: unknown, or empty, missing or stale and idle. */
export function wantsNewestPage(groupId: number): boolean {
  const known = messagesCache.get(groupId);
  return !known || (!known.loading && (known.stale || known.notFound || known.messages.length === 0));
}

/** Asks for a conversation's newest page now, unless it is known or on its way. */
export function prefetchNewestMessages(groupId: number): void {
  if (!wantsNewestPage(groupId)) return;
  const request = listMessages(groupId, undefined);
  // loadNewest takes it and reports its failure.
  request.catch(() => undefined);
  setMessagesState(groupId, (s) => ({ ...s, loading: true, request }));
}
