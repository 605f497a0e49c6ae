// The open conversation's row in the list: kept at its place when it stops matching the filter
// (resolved while open) until the agent opens another conversation or changes the filter.

import type { GroupFeed } from '@convo/api';
import type { InboxFilter } from './inbox-filter';

export interface KeptRow {
  id: number;
  index: number;
  filter: InboxFilter;
  /** The row as the list last had it (the conversation's own query has no preview). */
  feed: GroupFeed;
}

/** Where the open conversation was in the list under this filter; forgotten once the agent moves on. */
export function nextKept(
  kept: KeptRow | null,
  items: readonly GroupFeed[],
  selectedId: number | null,
  filter: InboxFilter,
): KeptRow | null {
  if (selectedId === null) return null;
  const index = items.findIndex((f) => f.id === selectedId);
  const feed = items[index];
  if (feed)
    return kept?.feed === feed && kept.index === index && kept.filter === filter
      ? kept
      : { id: selectedId, index, filter, feed };
  return kept && kept.id === selectedId && kept.filter === filter ? kept : null;
}

/** The list with the kept row put back at its place, showing the conversation as it is now. */
export function withKeptRow(
  items: GroupFeed[],
  kept: KeptRow | null,
  selectedId: number | null,
  filter: InboxFilter,
  current: GroupFeed | undefined,
): GroupFeed[] {
  if (!kept || kept.id !== selectedId || kept.filter !== filter || !current || current.id !== kept.id)
    return items;
  if (items.some((f) => f.id === kept.id)) return items;
  const at = Math.min(kept.index, items.length);
  const row = { ...kept.feed, ...current, lastMessage: current.lastMessage ?? kept.feed.lastMessage };
  return [...items.slice(0, at), row, ...items.slice(at)];
}
