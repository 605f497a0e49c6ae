// The open conversation's messages: the newest page first, older pages on demand, live messages
// from the socket. Kept per conversation for the tab's life, so switching back is instant.
// Customer receipts start from what each page's message statuses say and move on with live frames.

import type { Message } from '@convo/api';
import { useCallback, useEffect, useState, useSyncExternalStore } from 'react';
import { isApiError } from '../../../app/api/api-error';
import { useConnectionState, useRealtimeEvent } from '../../../app/realtime';
import { sessionStore } from '../../../app/session/session-store';
import { toastError } from '../../../app/toasts';
import { listMessages, MESSAGE_PAGE_SIZE } from '../api/inbox-api';
import { mergeMessages } from '../lib/message-rows';
import { claimNewestMessages } from '../lib/newest-messages-prefetch';
import { receiptsFromMessages, withReceipts } from '../lib/receipts';

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
}

const EMPTY: MessagesState = {
  messages: [],
  anchorId: null,
  hasOlder: true,
  loading: true,
  loadingOlder: false,
  notFound: false,
  readUpTo: 0,
  deliveredUpTo: 0,
};

const cache = new Map<number, MessagesState>();
const listeners = new Set<() => void>();
// Conversations whose messages have been put on screen (see markMessagesShown).
const shown = new Set<number>();
const shownListeners = new Set<() => void>();

// Another session (logout, another account in this tab) must not see these messages.
sessionStore.subscribe((state, previous) => {
  if (state.session?.token !== previous.session?.token) {
    cache.clear();
    shown.clear();
  }
});

function setState(groupId: number, update: (s: MessagesState) => MessagesState) {
  cache.set(groupId, update(cache.get(groupId) ?? EMPTY));
  for (const l of listeners) l();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

async function loadNewest(groupId: number) {
  setState(groupId, (s) => ({ ...s, loading: true }));
  try {
    const page = await (claimNewestMessages(groupId) ?? listMessages(groupId, undefined));
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
    setState(groupId, (s) => ({ ...s, loading: false }));
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
 * Starts loading a conversation's newest page unless it is known or on its way. Called when the agent
 * picks a conversation, so the request does not wait for the pane to render (and again by the pane).
 */
export function preloadMessages(groupId: number): void {
  const known = cache.get(groupId);
  // A conversation seen before: only what arrived since (the socket replay covers live time).
  if (!known || (!known.loading && (known.notFound || known.messages.length === 0))) void loadNewest(groupId);
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

  // After a reconnection the replay brings missed messages; fetching the newest page as well makes
  // sure nothing is missing even if the stored events were pruned.
  const [wasLost, setWasLost] = useState(false);
  useEffect(() => {
    if (connection === 'lost') setWasLost(true);
    if (connection === 'open' && wasLost) {
      setWasLost(false);
      void loadNewest(groupId);
    }
  }, [connection, wasLost, groupId]);

  useRealtimeEvent('message.received', (event) => {
    const parsed = event.data.message as Message | undefined;
    if (!parsed || typeof parsed.id !== 'number') return;
    if (!cache.has(parsed.groupId)) return;
    setState(parsed.groupId, (s) => ({ ...s, messages: mergeMessages(s.messages, [parsed]) }));
  });

  const onReceipt = (kind: 'read' | 'delivered') => (event: { data: Record<string, unknown> }) => {
    const { groupId: g, userId, messageId } = event.data;
    if (typeof g !== 'number' || typeof messageId !== 'number' || !cache.has(g)) return;
    if (customerUserId !== null && userId !== customerUserId) return;
    setState(g, (s) =>
      withReceipts(
        s,
        kind === 'read'
          ? { readUpTo: messageId, deliveredUpTo: messageId }
          : { readUpTo: 0, deliveredUpTo: messageId },
      ),
    );
  };
  useRealtimeEvent('message.read', onReceipt('read'));
  useRealtimeEvent('message.delivered', onReceipt('delivered'));

  const older = useCallback(() => loadOlder(groupId), [groupId]);
  return { state, loadOlder: older };
}

/** Adds a message the agent just sent (before the socket echoes it). */
export function addSentMessage(groupId: number, message: Message) {
  if (cache.has(groupId))
    setState(groupId, (s) => ({ ...s, messages: mergeMessages(s.messages, [message]) }));
}
