import { describe, expect, it } from 'vitest';
import { type ApplozicMessageInput, kmStatusNumber, toApplozicMessage } from './applozic-message';

const base: ApplozicMessageInput = {
  key: 'k-1',
  groupId: 42,
  clientGroupId: 'cg-42',
  senderUserId: 'alice',
  message: 'Hi',
  contentType: 0,
  metadata: { KM_CHAT_CONTEXT: '{}' },
  fileMeta: null,
  createdAt: 1_700_000_000_000,
  status: 3,
};

describe('the platform message object', () => {
  it('is type 5 for its sender and 4 for everyone else, with to/contactIds naming the sender', () => {
    const mine = toApplozicMessage(base, 'alice');
    const theirs = toApplozicMessage(base, 'bob');
    expect(mine.type).toBe(5);
    expect(theirs.type).toBe(4);
    expect(theirs).toMatchObject({ to: 'alice', contactIds: 'alice', pairedMessageKey: 'k-1' });
    // A broadcast with no single reader is seen from the sender's side.
    expect(toApplozicMessage(base, null).type).toBe(5);
  });

  it('derives sent/delivered/read from the receipt status', () => {
    expect(toApplozicMessage(base, 'bob')).toMatchObject({ sent: true, delivered: false, read: false });
    expect(toApplozicMessage({ ...base, status: 4 }, 'bob')).toMatchObject({ delivered: true, read: false });
    expect(toApplozicMessage({ ...base, status: 5 }, 'bob')).toMatchObject({ delivered: true, read: true });
  });

  it('leaves fileMeta out without a file, carries it with one', () => {
    expect(toApplozicMessage(base, 'bob')).not.toHaveProperty('fileMeta');
    const file = { key: 'f', name: 'a.png' };
    expect(toApplozicMessage({ ...base, fileMeta: file }, 'bob').fileMeta).toEqual(file);
  });

  it('has every field the reference lists, with web as the default source', () => {
    const m = toApplozicMessage(base, 'bob');
    for (const field of [
      'key',
      'to',
      'contactIds',
      'groupId',
      'message',
      'type',
      'createdAtTime',
      'pairedMessageKey',
      'sent',
      'delivered',
      'read',
      'status',
      'metadata',
      'source',
      'conversationId',
    ])
      expect(m, field).toHaveProperty(field);
    expect(m.source).toBe(1);
    expect(toApplozicMessage({ ...base, source: 3 }, 'bob').source).toBe(3);
  });

  it('names a status line’s KM_STATUS as the Kommunicate widget compares it, and reads both forms back', () => {
    const line = { ...base, senderUserId: null, metadata: { KM_STATUS: '2', KM_ACTOR_NAME: 'Ana' } };
    expect(toApplozicMessage(line, 'bob').metadata).toEqual({ KM_STATUS: 'closed', KM_ACTOR_NAME: 'Ana' });
    expect(toApplozicMessage({ ...line, metadata: { KM_STATUS: '0' } }, 'bob').metadata.KM_STATUS).toBe(
      'Open',
    );
    expect(toApplozicMessage({ ...line, metadata: { KM_STATUS: 'odd' } }, 'bob').metadata.KM_STATUS).toBe(
      'odd',
    );
    expect(['2', 'closed', 'Resolved', 'Open', '0'].map(kmStatusNumber)).toEqual(['2', '2', '2', '0', '0']);
    expect(kmStatusNumber('nonsense')).toBeUndefined();
  });
});
