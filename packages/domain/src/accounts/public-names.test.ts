import { describe, expect, it } from 'vitest';
import { mayNameMembers, publicMemberName, toVisitorView } from './public-names';

const naming = { pseudonym: '', companyName: 'Demo Store' };

describe('publicMemberName', () => {
  it('shows the display name, never an e-mail address', () => {
    expect(publicMemberName('Ana Agent', naming)).toBe('Ana Agent');
    expect(publicMemberName('agent1@demo.convo.local', naming)).toBe('Demo Store');
    expect(publicMemberName('  ', naming)).toBe('Demo Store');
    expect(publicMemberName(null, { pseudonym: '', companyName: '' })).toBe('Support');
  });
  it('shows the pseudonym for everyone when the admin set one', () => {
    expect(publicMemberName('Ana Agent', { ...naming, pseudonym: ' Sam ' })).toBe('Sam');
  });
});

describe('toVisitorView', () => {
  const ctx = { viewerId: 'visitor-1', alias: (id: string) => `alias(${id})`, naming };
  it('replaces every other user id, keeps the viewer and message texts', () => {
    const feed = {
      adminId: 'agent1@demo.convo.local',
      membersId: ['visitor-1', 'agent1@demo.convo.local'],
      groupUsers: [
        { userId: 'visitor-1', role: '2', displayName: 'Vera' },
        { userId: 'agent1@demo.convo.local', role: '1', displayName: 'agent1@demo.convo.local' },
      ],
      assignee: 'agent1@demo.convo.local',
      metadata: { CONVERSATION_ASSIGNEE: 'agent1@demo.convo.local', source: 'widget' },
      name: 'Order 12',
    };
    expect(toVisitorView(feed, ctx)).toEqual({
      adminId: 'alias(agent1@demo.convo.local)',
      membersId: ['visitor-1', 'alias(agent1@demo.convo.local)'],
      groupUsers: [
        { userId: 'visitor-1', role: '2', displayName: 'Vera' },
        { userId: 'alias(agent1@demo.convo.local)', role: '1', displayName: 'Demo Store' },
      ],
      assignee: 'alias(agent1@demo.convo.local)',
      metadata: { CONVERSATION_ASSIGNEE: 'alias(agent1@demo.convo.local)', source: 'widget' },
      name: 'Order 12',
    });
    const event = {
      type: 'message.received',
      data: { message: { from: 'agent1@demo.convo.local', message: 'Write to help@shop.test' } },
    };
    expect(toVisitorView(event, ctx).data.message).toEqual({
      from: 'alias(agent1@demo.convo.local)',
      message: 'Write to help@shop.test',
    });
    expect(toVisitorView({ data: { userId: 'visitor-1' } }, ctx)).toEqual({ data: { userId: 'visitor-1' } });
  });
  it("names a system line's actor publicly", () => {
    const line = {
      message: 'Resolved by agent1@demo.convo.local',
      metadata: { KM_STATUS: '2', KM_ACTOR_NAME: 'agent1@demo.convo.local' },
    };
    expect(toVisitorView(line, ctx)).toEqual({
      message: 'Resolved by Demo Store',
      metadata: { KM_STATUS: '2', KM_ACTOR_NAME: 'Demo Store' },
    });
    const named = {
      message: 'Assigned to Ben Agent',
      metadata: { KM_ACTOR_NAME: 'Ben Agent', KM_ASSIGN_TO: 'b@x.io' },
    };
    expect(toVisitorView(named, { ...ctx, naming: { ...naming, pseudonym: 'Sam' } })).toEqual({
      message: 'Assigned to Sam',
      metadata: { KM_ACTOR_NAME: 'Sam', KM_ASSIGN_TO: 'alias(b@x.io)' },
    });
  });
  it("keeps ids that are not e-mail shaped (a bot's, a number)", () => {
    const reply = {
      message: { from: 'bot-support-1a2b3c', to: 'visitor-1', contactIds: 'bot-support-1a2b3c' },
    };
    expect(toVisitorView(reply, ctx)).toEqual(reply);
    expect(toVisitorView({ userId: 42, adminId: 'ana@x.io' }, ctx)).toEqual({
      userId: 42,
      adminId: 'alias(ana@x.io)',
    });
  });
});

describe('mayNameMembers', () => {
  const ctx = {
    viewerId: 'visitor-1',
    alias: (id: string) => `alias(${id})`,
    naming: { ...naming, pseudonym: 'Sam' },
  };
  it("is false of a visitor's own message with a bot: the view would leave it as it is", () => {
    const event = {
      seq: 3,
      type: 'message.received',
      data: { message: { from: 'visitor-1', to: 'bot-x', message: 'Hi' } },
    };
    expect(mayNameMembers(JSON.stringify(event))).toBe(false);
    expect(toVisitorView(event, ctx)).toEqual(event);
  });
  it('is true of every payload the view rewrites', () => {
    const rewritten: unknown[] = [
      { adminId: 'ana@x.io' },
      { users: [{ userId: 'bot-x', displayName: 'Ana' }] },
      { userDetails: [{ userId: 'bot-x', displayName: 'Ana' }] },
      { groupUsers: [{ userId: 'bot-x', displayName: 'Ana' }] },
      { message: 'Resolved by Ana', metadata: { KM_ACTOR_NAME: 'Ana' } },
      { metadata: { KM_ASSIGN_TO: 'b@x.io' } },
    ];
    for (const payload of rewritten) {
      expect(toVisitorView(payload, ctx)).not.toEqual(payload);
      expect(mayNameMembers(JSON.stringify(payload))).toBe(true);
    }
  });
});
