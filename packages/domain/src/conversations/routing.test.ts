import { describe, expect, it } from 'vitest';
import {
  agentsToNotify,
  assigneeOnReply,
  CHANNEL_ROUTING,
  FALLBACK_TYPE,
  isAutomaticAssignment,
  NOTIFY_EVERYBODY_AGENT_LIMIT,
  NOTIFY_VIA,
  ROUTING_STATE,
} from './routing';

describe('routing enumerations', () => {
  it('match SPEC §4', () => {
    expect(ROUTING_STATE).toEqual({ NOTIFY_EVERYBODY: 0, AUTOMATIC_ASSIGNMENT: 1 });
    expect(NOTIFY_EVERYBODY_AGENT_LIMIT).toBe(10);
    expect(CHANNEL_ROUTING).toEqual({ AGENT_OR_BOT: 1, TEAM: 2 });
    expect(FALLBACK_TYPE).toEqual({ MESSAGE_FORWARDING: 0, UNDELIVERED: 1, UNREAD: 2, UNANSWERED: 3 });
    expect(NOTIFY_VIA).toEqual({ NONE: -1, MAIL: 0, SMS: 1, BOTH: 2 });
  });

  it('isAutomaticAssignment', () => {
    expect(isAutomaticAssignment(1)).toBe(true);
    expect(isAutomaticAssignment(0)).toBe(false);
    expect(isAutomaticAssignment(undefined)).toBe(false);
  });

  it('notify everybody is capped at ten agents', () => {
    const agents = Array.from({ length: 12 }, (_, i) => `agent${i}`);
    expect(agentsToNotify(agents)).toEqual(agents.slice(0, 10));
    expect(agentsToNotify(['a', 'b'])).toEqual(['a', 'b']);
  });
  it('gives an unassigned conversation to the person who replies, never to a bot', () => {
    const unassigned = { assigneeId: null };
    expect(assigneeOnReply(unassigned, { id: 'agent-1', senderType: 0 })).toBe('agent-1');
    expect(assigneeOnReply({ assigneeId: 'agent-2' }, { id: 'agent-1', senderType: 0 })).toBeNull();
    expect(assigneeOnReply(unassigned, { id: 'bot-1', senderType: 1 })).toBeNull();
    expect(assigneeOnReply(unassigned, { id: 'visitor-1', senderType: 2 })).toBeNull();
  });
});
