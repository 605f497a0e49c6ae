import { describe, expect, it } from 'vitest';
import {
  parseMessageStatusBody,
  parseTypingBody,
  presencePush,
  toApplozicPush,
  typingBody,
} from './applozic-push.js';
import { EVENT, type StoredEvent } from './event-types.js';

const message = {
  key: 'k-1',
  id: 7,
  groupId: 42,
  clientGroupId: 'c42',
  from: 'agent@x.test',
  message: 'Hello',
  contentType: 0,
  senderType: 0,
  metadata: {},
  fileMeta: null,
  createdAtTime: 1,
  type: 5,
  status: 3,
};
const event = (type: string, data: Record<string, unknown>): StoredEvent => ({
  seq: 9,
  type,
  appId: 'app',
  conversationId: 42,
  audiences: ['members'],
  data,
});

describe('Convo events as Applozic push notifications (reference §7)', () => {
  it('a message from someone else is APPLOZIC_01, received (type 4), without a null fileMeta', () => {
    const push = toApplozicPush(event(EVENT.MESSAGE_RECEIVED, { message }), { userId: 'visitor-1' });
    expect(push).toMatchObject({ id: '9', type: 'APPLOZIC_01', notifyUser: true });
    const m = push?.message as Record<string, unknown>;
    expect(m).toMatchObject({ key: 'k-1', groupId: 42, type: 4, message: 'Hello', metadata: {} });
    expect('fileMeta' in m).toBe(false);
  });

  it("the viewer's own message is APPLOZIC_02, sent (type 5), not notified", () => {
    const push = toApplozicPush(event(EVENT.MESSAGE_RECEIVED, { message }), { userId: 'agent@x.test' });
    expect(push).toMatchObject({ type: 'APPLOZIC_02', notifyUser: false, message: { type: 5 } });
  });

  it('receipts are "<messageKey>,<userId>": 04 delivered, 08 delivered and read; none of your own', () => {
    const data = { groupId: 42, userId: 'visitor-1', messageId: 7, messageKey: 'k-1' };
    expect(toApplozicPush(event(EVENT.MESSAGE_DELIVERED, data), { userId: 'agent@x.test' })).toMatchObject({
      type: 'APPLOZIC_04',
      message: 'k-1,visitor-1',
    });
    expect(toApplozicPush(event(EVENT.MESSAGE_READ, data), { userId: 'agent@x.test' })).toMatchObject({
      type: 'APPLOZIC_08',
      message: 'k-1,visitor-1',
    });
    expect(toApplozicPush(event(EVENT.MESSAGE_READ, data), { userId: 'visitor-1' })).toBeNull();
  });

  it('conversation changes ask for a group sync (APPLOZIC_15); notes are not pushed', () => {
    for (const type of [EVENT.CONVERSATION_UPDATED, EVENT.CONVERSATION_STATUS, EVENT.CONVERSATION_ASSIGNED]) {
      expect(toApplozicPush(event(type, { groupId: 42 }), { userId: 'u' })).toMatchObject({
        type: 'APPLOZIC_15',
        message: '42',
      });
    }
    expect(toApplozicPush(event(EVENT.NOTE_ADDED, {}), { userId: 'u' })).toBeNull();
  });

  it('reads and writes the plain-text bodies of typing, message-status and presence', () => {
    expect(typingBody('app', 'u1', true)).toBe('app,u1,1');
    expect(parseTypingBody('app,u1,0')).toEqual({ typing: false });
    expect(parseTypingBody('app,u1,yes')).toBeNull();
    expect(parseMessageStatusBody('u1,k-1,4')).toEqual({ messageKey: 'k-1', kind: 'delivered' });
    expect(parseMessageStatusBody('u1,k-1,1')).toEqual({ messageKey: 'k-1', kind: 'read' });
    expect(parseMessageStatusBody('u1,k-1,9')).toBeNull();
    expect(presencePush('a', false, 5)).toMatchObject({ type: 'APPLOZIC_12', message: 'a,5' });
  });
});
