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

/** Adds messages (any order, possibly already known) to an ascending list without duplicates. */
export function mergeMessages(current: readonly Message[], incoming: readonly Message[]): Message[] {
  const byId = new Map(current.map((m) => [m.id, m]));
  let added = false;
  for (const m of incoming) {
    if (!byId.has(m.id)) added = true;
    byId.set(m.id, m);
  }
  if (!added && incoming.length === 0) return [...current];
  return [...byId.values()].sort((a, b) => a.createdAtTime - b.createdAtTime || a.id - b.id);
}

export function toRows(messages: readonly Message[]): MessageRow[] {
  const rows: MessageRow[] = [];
  let day = Number.NaN;
  for (const message of messages) {
    const d = startOfDay(message.createdAtTime);
    if (d !== day) {
      day = d;
      rows.push({ kind: 'day', key: `day-${d}`, dayMs: d });
    }
    rows.push({ kind: 'message', key: `m-${message.id}`, message });
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
