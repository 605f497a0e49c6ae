// The conversation pane's rows: messages in time order with a day separator before each new day.

import type { Message } from '@convo/api';
import { MESSAGE_CONTENT_TYPE } from '@convo/domain';

export type MessageRow =
  | { kind: 'day'; key: string; dayMs: number }
  | { kind: 'message'; key: string; message: Message };

const startOfDay = (ms: number) => {
  const d = new Date(ms);
  d.setHours(0, 0, 0, 0);
  return d.getTime();
};

const nextDayStart = (dayMs: number) => {
  const d = new Date(dayMs);
  d.setDate(d.getDate() + 1);
  return d.getTime();
};

/** The list's order: time, then id (a message's time never changes). */
const compare = (a: Message, b: Message) => a.createdAtTime - b.createdAtTime || a.id - b.id;

/** Where `m` (same time and id) is in the ascending `list`, or -1. */
function indexOf(list: readonly Message[], m: Message): number {
  let lo = 0;
  let hi = list.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const c = compare(list[mid]!, m);
    if (c === 0) return mid;
    if (c < 0) lo = mid + 1;
    else hi = mid - 1;
  }
  return -1;
}

function mergeAll(current: readonly Message[], incoming: readonly Message[]): Message[] {
  const byId = new Map(current.map((m) => [m.id, m]));
  for (const m of incoming) byId.set(m.id, m);
  return [...byId.values()].sort(compare);
}

/**
 * Adds messages (any order, possibly already known) to an ascending list without duplicates; a known
 * message is replaced by its incoming copy. A page older than the list, or a newer live message,
 * is added at its end without sorting the whole conversation again (5,000 messages and more).
 */
export function mergeMessages(current: readonly Message[], incoming: readonly Message[]): Message[] {
  if (incoming.length === 0) return [...current];
  const sorted = [...incoming].sort(compare);
  if (new Set(sorted.map((m) => m.id)).size !== sorted.length) return mergeAll(current, incoming);
  const first = current[0];
  const last = current[current.length - 1];
  if (!first || !last) return sorted;
  let older = 0;
  while (older < sorted.length && compare(sorted[older]!, first) < 0) older++;
  let newer = sorted.length;
  while (newer > older && compare(sorted[newer - 1]!, last) > 0) newer--;
  // The rest must be messages already in the list (a page overlaps the list by its oldest millisecond).
  let middle: Message[] | null = null;
  for (let i = older; i < newer; i++) {
    const m = sorted[i]!;
    const at = indexOf(current, m);
    if (at < 0) return mergeAll(current, incoming);
    if (current[at] !== m) {
      middle ??= [...current];
      middle[at] = m;
    }
  }
  return [...sorted.slice(0, older), ...(middle ?? current), ...sorted.slice(newer)];
}

// One row object per message: the same message keeps the same row across renders and pages.
const messageRows = new WeakMap<Message, MessageRow>();

export function toRows(messages: readonly Message[]): MessageRow[] {
  const rows: MessageRow[] = [];
  let day = Number.NaN;
  let nextDay = Number.NaN;
  for (const message of messages) {
    const at = message.createdAtTime;
    // Only a new day needs a Date (most messages share their day with the one before).
    if (!(at >= day && at < nextDay)) {
      const d = startOfDay(at);
      if (d !== day) rows.push({ kind: 'day', key: `day-${d}`, dayMs: d });
      day = d;
      nextDay = nextDayStart(d);
    }
    let row = messageRows.get(message);
    if (!row) {
      row = { kind: 'message', key: `m-${message.id}`, message };
      messageRows.set(message, row);
    }
    rows.push(row);
  }
  return rows;
}

const SYSTEM_TYPES: readonly number[] = [
  MESSAGE_CONTENT_TYPE.NOTIFY,
  MESSAGE_CONTENT_TYPE.HIDDEN,
  MESSAGE_CONTENT_TYPE.BLOCK_NOTIFY,
];

/** Notify, hidden and block-notify messages are shown as system lines, not bubbles. */
export function isSystemLine(message: Pick<Message, 'contentType'>): boolean {
  return SYSTEM_TYPES.includes(message.contentType);
}
