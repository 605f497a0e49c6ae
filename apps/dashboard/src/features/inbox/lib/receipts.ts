// The customer's receipts as message/list answers them: each agent-side message's `status`.

import type { Message } from '@convo/api';
import { MESSAGE_STATUS, SENDER_TYPE } from '@convo/domain';

export interface ReceiptMarks {
  readUpTo: number;
  deliveredUpTo: number;
}

/**
 * How far the customer got, from a page of messages: the newest agent-side message they read and
 * the newest delivered (the customer's own messages carry the agents' receipts, so they don't count).
 */
export function receiptsFromMessages(messages: readonly Message[]): ReceiptMarks {
  let readUpTo = 0;
  let deliveredUpTo = 0;
  for (const m of messages) {
    if (m.senderType === SENDER_TYPE.USER) continue;
    if (m.status >= MESSAGE_STATUS.DELIVERED_AND_READ) readUpTo = Math.max(readUpTo, m.id);
    if (m.status >= MESSAGE_STATUS.DELIVERED) deliveredUpTo = Math.max(deliveredUpTo, m.id);
  }
  return { readUpTo, deliveredUpTo };
}

/** Receipts only move forward: a page (or a live frame) never takes a mark back. */
export function withReceipts<S extends ReceiptMarks>(state: S, marks: ReceiptMarks): S {
  return {
    ...state,
    readUpTo: Math.max(state.readUpTo, marks.readUpTo),
    deliveredUpTo: Math.max(state.deliveredUpTo, marks.deliveredUpTo, marks.readUpTo),
  };
}
