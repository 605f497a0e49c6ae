// The newest page of a conversation's messages, asked for on the click, before the pane's code
// (which holds the messages' state, hooks/use-messages.ts) has loaded: the request and the chunk
// travel together instead of one after the other. The pane takes the answer once, if still fresh.

import { listMessages } from '../api/inbox-api';

type NewestPage = ReturnType<typeof listMessages>;

/** Older than this, an unclaimed answer is dropped (the agent went elsewhere and came back later). */
const FRESH_MS = 10_000;
const pending = new Map<number, { at: number; page: NewestPage }>();

export function prefetchNewestMessages(groupId: number): void {
  const page = listMessages(groupId, undefined);
  // Claimed later, or never: its failure is the claimer's to report.
  page.catch(() => undefined);
  pending.set(groupId, { at: Date.now(), page });
}

/** The prefetched newest page of this conversation, once; null when there is none or it is stale. */
export function claimNewestMessages(groupId: number): NewestPage | null {
  const found = pending.get(groupId);
  pending.delete(groupId);
  return found !== undefined && Date.now() - found.at < FRESH_MS ? found.page : null;
}
