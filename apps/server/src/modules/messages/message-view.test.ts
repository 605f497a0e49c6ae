import { MESSAGE_STATUS, SENDER_TYPE } from '@convo/domain';
import { describe, expect, it } from 'vitest';
import { receiptStatus, receiptsOf } from './message-view.js';

const customer = (read: number | null, delivered: number | null) => ({
  roleType: null,
  lastReadMessageId: read,
  lastDeliveredMessageId: delivered,
});
const agent = (read: number | null, delivered: number | null) => ({
  roleType: '1',
  lastReadMessageId: read,
  lastDeliveredMessageId: delivered,
});

describe('receipts of a conversation', () => {
  it('folds each side to its furthest reader; a read message counts as delivered', () => {
    expect(receiptsOf([customer(7, 5), agent(3, null), agent(9, 9), agent(null, null)])).toEqual({
      customer: { readUpTo: 7, deliveredUpTo: 7 },
      agents: { readUpTo: 9, deliveredUpTo: 9 },
    });
    expect(receiptsOf([])).toEqual({
      customer: { readUpTo: 0, deliveredUpTo: 0 },
      agents: { readUpTo: 0, deliveredUpTo: 0 },
    });
  });

  it("gives agent-side messages the customer's receipts and the customer's messages the agents'", () => {
    const receipts = receiptsOf([customer(10, 12), agent(4, 4)]);
    const agentMessage = (id: number) => ({ id, senderType: SENDER_TYPE.HUMAN_AGENT });
    const botMessage = (id: number) => ({ id, senderType: SENDER_TYPE.BOT });
    const customerMessage = (id: number) => ({ id, senderType: SENDER_TYPE.USER });
    expect(receiptStatus(agentMessage(10), receipts)).toBe(MESSAGE_STATUS.DELIVERED_AND_READ);
    expect(receiptStatus(botMessage(11), receipts)).toBe(MESSAGE_STATUS.DELIVERED);
    expect(receiptStatus(agentMessage(13), receipts)).toBe(MESSAGE_STATUS.SENT);
    expect(receiptStatus(customerMessage(4), receipts)).toBe(MESSAGE_STATUS.DELIVERED_AND_READ);
    expect(receiptStatus(customerMessage(5), receipts)).toBe(MESSAGE_STATUS.SENT);
  });

  it('is SENT without receipts (a live message)', () => {
    expect(receiptStatus({ id: 1, senderType: SENDER_TYPE.USER }, undefined)).toBe(MESSAGE_STATUS.SENT);
    expect(MESSAGE_STATUS).toEqual({ SENT: 3, DELIVERED: 4, DELIVERED_AND_READ: 5 });
  });
});
