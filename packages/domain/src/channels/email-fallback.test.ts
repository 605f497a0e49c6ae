import { describe, expect, it } from 'vitest';
import { FALLBACK_TYPE } from '../conversations';
import { MESSAGE_CONTENT_TYPE, SENDER_TYPE } from '../messaging';
import { isMessageToCustomer, isMissed, messagesToMail } from './email-fallback';

const progress = { lastDeliveredMessageId: 20, lastReadMessageId: 10, lastCustomerMessageId: 15 };

describe('e-mail fallback rules', () => {
  it('splits a message between undelivered and unread, never both', () => {
    // 5: read; 12: delivered, not read; 25: not delivered.
    expect([5, 12, 25].map((id) => isMissed(FALLBACK_TYPE.UNDELIVERED, id, progress))).toEqual([
      false,
      false,
      true,
    ]);
    expect([5, 12, 25].map((id) => isMissed(FALLBACK_TYPE.UNREAD, id, progress))).toEqual([
      false,
      true,
      false,
    ]);
  });

  it('counts a message unanswered until the customer writes after it; forwarding takes every one', () => {
    expect(isMissed(FALLBACK_TYPE.UNANSWERED, 14, progress)).toBe(false);
    expect(isMissed(FALLBACK_TYPE.UNANSWERED, 16, progress)).toBe(true);
    expect(isMissed(FALLBACK_TYPE.MESSAGE_FORWARDING, 1, progress)).toBe(true);
  });

  it("mails only the team's messages after those mailed already, up to the checked one", () => {
    const agent = (id: number, contentType: number = MESSAGE_CONTENT_TYPE.DEFAULT) => ({
      id,
      senderType: SENDER_TYPE.HUMAN_AGENT,
      contentType,
    });
    const messages = [
      agent(21),
      { id: 22, senderType: SENDER_TYPE.USER, contentType: 0 },
      agent(23, MESSAGE_CONTENT_TYPE.NOTIFY),
      { id: 24, senderType: SENDER_TYPE.BOT, contentType: 0 },
      agent(26),
      agent(30),
    ];
    expect(messagesToMail(FALLBACK_TYPE.UNDELIVERED, messages, progress, 21, 26).map((m) => m.id)).toEqual([
      24, 26,
    ]);
    expect(messagesToMail(FALLBACK_TYPE.UNDELIVERED, messages, progress, 26, 26)).toEqual([]);
    expect(
      isMessageToCustomer({ senderType: SENDER_TYPE.BOT, contentType: MESSAGE_CONTENT_TYPE.MISSED_CALL }),
    ).toBe(false);
  });
});
