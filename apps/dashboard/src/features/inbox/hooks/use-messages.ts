// The open conversation's messages: the newest page first, older pages on demand, live messages
// from the socket. Kept per conversation for the tab's life, so switching back is instant.
// Customer receipts start from what each page's message statuses say and move on with live frames.

import type { Message } from '@convo/api';
import { useCallback, useEffect, useSyncExternalStore } from 'react';
import { isApiError } from '../../../app/api/api-error';
import { connectionStore, realtime, useConnectionState } from '../../../app/realtime';
import { sessionStore } from '../../../app/session/session-store';
import { toastError } from '../../../app/toasts';
import { listMessages, MESSAGE_PAGE_SIZE } from '../api/inbox-api';
import { mergeMessages } from '../lib/message-rows';
import {
  messagesCache as cache,
  EMPTY,
  type MessagesState,
  setMessagesState as setState,
  subscribeMessages as subscribe,
  wantsNewestPage,
} from '../lib/messages-store';
import { receiptsFromMessages, withReceipts } from '../lib/receipts';

export type { MessagesState };

// Conversations whose messages have been put on screen (see markMessagesShown).
const shown = new Set<number>();
const shownListeners = new Set<() => void>();

sessionStore.subscribe((state, previous) => {
  if (state.session?.token !== previous.session?.token) shown.clear();
});

// Live messages go to every conversation loaded, open or not: one opened again is current
// without asking the server.
realtime.on('message.received', (event) => {
  const parsed = event.data.message as Message | undefined;
  if (!parsed || typeof parsed.id !== 'number' || !cache.has(parsed.groupId)) return;
  setState(parsed.groupId, (s) => ({ ...s, messages: mergeMessages(s.messages, [parsed]) }));
});

// The customer's receipts likewise, for each conversation a pane has shown (it says whose count):
// one opened again shows how far they read without asking the server.
const onReceipt = (kind: 'read' | 'delivered') => (event: { data: Record<string, unknown> }) => {
  const { groupId: g, userId, messageId } = event.data;
  if (typeof g !== 'number' || typeof messageId !== 'number') return;
  const from = cache.get(g)?.customerUserId;
  if (from === undefined || (from !== null && userId !== from)) return;
  setState(g, (s) =>
    withReceipts(
      s,
      kind === 'read'
        ? { readUpTo: messageId, deliveredUpTo: messageId }
        : { readUpTo: 0, deliveredUpTo: messageId },
    ),
  );
};
realtime.on('message.read', onReceipt('read'));
realtime.on('message.delivered', onReceipt('delivered'));

// While the socket is lost, live messages may be missed: each conversation loaded asks for its
// newest page again when next shown (the open one as soon as the socket is back).
connectionStore.subscribe((state, previous) => {
  if (state.state !== 'lost' || previous.state === 'lost') return;
  for (const groupId of cache.keys()) setState(groupId, (s) => ({ ...s, stale: true }));
});

async function loadNewest(groupId: number) {
  const known = cache.get(groupId);
  // The page a click asked for (lib/messages-store.ts), else a new request.
  const request = known?.request ?? listMessages(groupId, undefined);
  const wasStale = known?.stale ?? false;
  // A loss of the socket during the request marks it stale again.
  setState(groupId, (s) => ({ ...s, loading: true, request: null, stale: false }));
  try {
    const page = await request;
    setState(groupId, (s) => {
      const messages = mergeMessages(s.messages, page.message);
      return withReceipts(
        {
          ...s,
          messages,
          anchorId: s.anchorId ?? messages[0]?.id ?? null,
          hasOlder: s.anchorId === null ? page.message.length >= MESSAGE_PAGE_SIZE : s.hasOlder,
          loading: false,
          notFound: false,
        },
        receiptsFromMessages(page.message),
      );
    });
  } catch (error) {
    if (isApiError(error) && (error.status === 404 || error.status === 400)) {
      setState(groupId, (s) => ({ ...s, loading: false, notFound: true }));
      return;
    }
    setState(groupId, (s) => ({ ...s, loading: false, stale: s.stale || wasStale }));
    toastError(error);
  }
}

async function loadOlder(groupId: number) {
  const s = cache.get(groupId);
  if (!s || s.loadingOlder || !s.hasOlder || s.messages.length === 0) return;
  setState(groupId, (x) => ({ ...x, loadingOlder: true }));
  try {
    // endTime is exclusive: ask up to the oldest millisecond inclusive and drop what we have, so
    // messages sharing that millisecond are not skipped.
    const oldest = s.messages[0]!.createdAtTime;
    const page = await listMessages(groupId, oldest + 1);
    setState(groupId, (x) => {
      const messages = mergeMessages(x.messages, page.message);
      const added = messages.length - x.messages.length;
      return withReceipts(
        {
          ...x,
          messages,
          loadingOlder: false,
          hasOlder: page.message.length >= MESSAGE_PAGE_SIZE && added > 0,
        },
        receiptsFromMessages(page.message),
      );
    });
  } catch (error) {
    setState(groupId, (x) => ({ ...x, loadingOlder: false }));
    toastError(error);
  }
}

/**
 * Merges the newest page a click asked for, or starts loading it unless the conversation is known
 * (the socket keeps it current) or its page is on its way. Called when the agent picks a
 * conversation, as soon as this code is here (and again by the pane).
 */
export function preloadMessages(groupId: number): void {
  if (cache.get(groupId)?.request || wantsNewestPage(groupId)) void loadNewest(groupId);
}

function subscribeShown(listener: () => void) {
  shownListeners.add(listener);
  const unsubscribe = subscribe(listener);
  return () => {
    shownListeners.delete(listener);
    unsubscribe();
  };
}

/** The message list calls this once its first rows are in the document. */
export function markMessagesShown(groupId: number): void {
  if (shown.has(groupId)) return;
  shown.add(groupId);
  for (const l of shownListeners) l();
}

/**
 * Whether the conversation's messages are on screen (or could not be loaded): the secondary parts of
 * the pane (side panel) wait for it, so their requests and renders don't delay the messages.
 */
export function useMessagesShown(groupId: number): boolean {
  return useSyncExternalStore(subscribeShown, () => {
    if (shown.has(groupId)) return true;
    const s = cache.get(groupId);
    return s !== undefined && !s.loading && (s.notFound || s.messages.length === 0);
  });
}

export function useMessages(groupId: number, customerUserId: string | null) {
  const state = useSyncExternalStore(subscribe, () => cache.get(groupId) ?? EMPTY);
  const connection = useConnectionState();

  useEffect(() => preloadMessages(groupId), [groupId]);

  // After a reconnection the replay brings missed messages; fetching the newest page as well (the
  // state is stale) makes sure nothing is missing even if the stored events were pruned.
  useEffect(() => {
    if (connection === 'open') preloadMessages(groupId);
  }, [connection, groupId]);

  // The receipts (below) count the customer's only: the pane tells who that is.
  useEffect(() => {
    const known = cache.get(groupId);
    if (known !== undefined && known.customerUserId !== customerUserId)
      setState(groupId, (s) => ({ ...s, customerUserId }));
  }, [groupId, customerUserId]);

  const older = useCallback(() => loadOlder(groupId), [groupId]);
  return { state, loadOlder: older };
}

/** Adds a message the agent just sent (before the socket echoes it). */
export function addSentMessage(groupId: number, message: Message) {
  if (cache.has(groupId))
    setState(groupId, (s) => ({ ...s, messages: mergeMessages(s.messages, [message]) }));
}
