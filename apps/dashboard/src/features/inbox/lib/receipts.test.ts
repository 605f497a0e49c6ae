import { SENDER_TYPE } from '@convo/domain';
import { describe, expect, it } from 'vitest';
import { receiptsFromMessages, withReceipts } from './receipts';
import { testMessage } from './test-message';

const msg = (id: number, senderType: number, status: number) => testMessage({ id, senderType, status });

describe('receipts from a message page', () => {
  it("reads the customer's marks from the agent-side messages only", () => {
    const page = [
      msg(1, SENDER_TYPE.HUMAN_AGENT, 5),
      msg(2, SENDER_TYPE.BOT, 5),
      msg(3, SENDER_TYPE.USER, 5),
      msg(4, SENDER_TYPE.HUMAN_AGENT, 4),
      msg(5, SENDER_TYPE.HUMAN_AGENT, 3),
      msg(6, SENDER_TYPE.USER, 4),
    ];
    expect(receiptsFromMessages(page)).toEqual({ readUpTo: 2, deliveredUpTo: 4 });
    expect(receiptsFromMessages([])).toEqual({ readUpTo: 0, deliveredUpTo: 0 });
  });

  it('only moves the marks forward, and a read message is delivered', () => {
    const state = { readUpTo: 7, deliveredUpTo: 9, other: 'kept' };
    expect(withReceipts(state, { readUpTo: 3, deliveredUpTo: 4 })).toEqual(state);
    expect(withReceipts(state, { readUpTo: 12, deliveredUpTo: 0 })).toEqual({
      readUpTo: 12,
      deliveredUpTo: 12,
      other: 'kept',
    });
  });
});
