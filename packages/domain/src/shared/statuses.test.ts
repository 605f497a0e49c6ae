import { describe, expect, it } from 'vitest';
import {
  AGENT_DISABLED_STATUS,
  AVAILABILITY_STATUS,
  CONVERSATION_STATUS,
  CONVERSATION_STATUSES,
  FAQ_TYPE,
  INVITED_USER_STATUS,
  isConversationStatus,
  MESSAGING_STATUS,
  SUPPORT_TICKET_STATUS,
  USER_STATUS,
  WELCOME_EVENT_STATUS,
} from './statuses';

describe('status enumerations', () => {
  it('match SPEC §4', () => {
    expect(USER_STATUS).toEqual({ AWAY: 0, ONLINE: 1, EXPIRED: 2, DELETED: 3 });
    expect(Object.values(MESSAGING_STATUS)).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
    expect(MESSAGING_STATUS.ONLINE_WITHOUT_NOTIFICATIONS).toBe(7);
    expect(MESSAGING_STATUS.NOT_AVAILABLE).toBe(6);
    expect(AVAILABILITY_STATUS).toEqual({ ACTIVE: 1, EXPIRED: 2 });
    expect(AGENT_DISABLED_STATUS).toBe(2);
    expect(INVITED_USER_STATUS).toEqual({ INVITED: 0, SIGNED_UP: 1 });
    expect(WELCOME_EVENT_STATUS).toEqual({ ENABLED: '1', DISABLED: '2', DELETED: '3' });
    expect(SUPPORT_TICKET_STATUS).toEqual({ OPEN: 0, SOLVED: 2 });
    expect(FAQ_TYPE).toEqual({ PUBLISHED: 'published', DRAFT: 'draft' });
  });

  it('lists conversation states from initial -1 to waiting 7', () => {
    expect(CONVERSATION_STATUS.INITIAL).toBe(-1);
    expect(CONVERSATION_STATUS.CLOSED).toBe(2);
    expect(CONVERSATION_STATUS.WAITING).toBe(7);
    expect(CONVERSATION_STATUSES).toEqual([-1, 0, 1, 2, 3, 4, 5, 6, 7]);
  });

  it('isConversationStatus recognises only known states', () => {
    expect(isConversationStatus(-1)).toBe(true);
    expect(isConversationStatus(7)).toBe(true);
    expect(isConversationStatus(8)).toBe(false);
    expect(isConversationStatus('2')).toBe(false);
  });
});
