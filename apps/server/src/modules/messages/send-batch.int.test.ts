import { MESSAGING_PATHS } from '@convo/api';
import { and, eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { messages, realtimeEvents } from '../../db/schema/index.js';
import {
  groupInfoOf,
  newTenant,
  newVisitorConversation,
  sendTestMessage,
  type Tenant,
} from '../../testing/messaging-fixtures.js';
import { testDatabaseKinds } from '../../testing/test-database.js';
import { useTestApp } from '../../testing/use-test-app.js';
import * as conversations from '../conversations/repository.js';
import { EVENT } from '../realtime/event-types.js';

// Sends of one application that arrive together share a transaction (group commit). Fired all at
// once, they must behave exactly as if sent one by one.
describe.each(testDatabaseKinds())('concurrent sends on %s', (kind) => {
  const { t, tenants } = useTestApp(kind, { tenants: 1 });
  const [tenant] = tenants;

  const visitorConversation = (owner: Tenant) => newVisitorConversation(t, owner, 'Batch');

  const send = (headers: Record<string, string>, groupId: number, key: string, message = key) =>
    sendTestMessage(t, headers, groupId, key, message);
  const info = (groupId: number) => groupInfoOf(t, tenant.admin, groupId);

  it('stores each of many simultaneous sends once, refuses only the bad ones, and counts unread right', async () => {
    const a = await visitorConversation(tenant);
    const b = await visitorConversation(tenant);
    const other = await visitorConversation(await newTenant(t));
    const calls = [
      ...Array.from({ length: 20 }, (_, i) => send(a.visitor.headers, a.groupId, `a-${i}`)),
      ...Array.from({ length: 10 }, (_, i) => send(b.visitor.headers, b.groupId, `b-${i}`)),
      send(a.visitor.headers, a.groupId, 'a-0'), // a retry inside the same burst
      send(a.visitor.headers, b.groupId, 'stranger'), // not a's conversation
      send(a.visitor.headers, other.groupId, 'foreign'), // another tenant's
      send(tenant.admin, a.groupId, 'agent-reply'),
    ];
    const results = await Promise.all(calls);
    const status = results.map((r) => r.statusCode);
    expect(status.slice(0, 31).every((s) => s === 200)).toBe(true);
    expect(status.slice(31, 33)).toEqual([404, 404]);
    expect(status[33]).toBe(200);
    expect(results[30]!.json().id).toBe(results[0]!.json().id);

    const list = await t.app.inject({
      method: 'GET',
      url: `${MESSAGING_PATHS.messageList}?groupId=${a.groupId}&pageSize=60`,
      headers: tenant.admin,
    });
    const keys = list.json().message.map((m: { key: string }) => m.key) as string[];
    expect(keys.filter((k) => k.startsWith('a-'))).toHaveLength(20);
    expect(keys).toContain('agent-reply');
    expect(keys).not.toContain('stranger');
    // The agent's view: 20 unread customer messages in a (the agent's own reply does not count).
    const afterA = await info(a.groupId);
    expect(afterA.status).toBe(0);
    expect((await info(b.groupId)).status).toBe(0);
    const visitorView = await t.app.inject({
      method: 'GET',
      url: `${MESSAGING_PATHS.groupInfo}?groupId=${a.groupId}`,
      headers: a.visitor.headers,
    });
    expect(visitorView.json().response.unreadCount).toBe(1);
  });

  it('answers, and tells every socket, exactly the rows a burst stored (ids taken before the insert)', async () => {
    const a = await visitorConversation(tenant);
    const b = await visitorConversation(tenant);
    const burst = [
      ...Array.from({ length: 6 }, (_, i) => ({
        headers: a.visitor.headers,
        groupId: a.groupId,
        key: `row-a-${i}`,
      })),
      ...Array.from({ length: 3 }, (_, i) => ({
        headers: b.visitor.headers,
        groupId: b.groupId,
        key: `row-b-${i}`,
      })),
      { headers: tenant.admin, groupId: a.groupId, key: 'row-agent' },
    ];
    const answers = await Promise.all(
      burst.map(({ headers, groupId, key }) =>
        t.app.inject({
          method: 'POST',
          url: MESSAGING_PATHS.messageSend,
          headers,
          payload: { key, groupId, message: `text of ${key}`, metadata: { order: key, n: 1 } },
        }),
      ),
    );
    expect(answers.map((r) => r.statusCode)).toEqual(burst.map(() => 200));
    const { db } = t.database;
    const keys = burst.map((s) => s.key);
    const rows = await db
      .select()
      .from(messages)
      .where(and(eq(messages.applicationId, tenant.applicationId), inArray(messages.clientKey, keys)));
    const rowOf = new Map(rows.map((r) => [r.clientKey, r]));
    for (const [i, answer] of answers.entries()) {
      const row = rowOf.get(keys[i]!)!;
      const body = answer.json() as { id: number; createdAt: number; messageKey: string };
      expect(body).toMatchObject({
        id: row.id,
        createdAt: row.createdAt.getTime(),
        messageKey: row.clientKey,
      });
      expect(row.metadata).toEqual({ order: keys[i], n: 1 });
    }
    // Each conversation's last message is its newest stored one.
    for (const { groupId } of [a, b]) {
      const conv = await conversations.findConversation(db, tenant.applicationId, groupId);
      const newest = rows.filter((r) => r.conversationId === groupId).sort((x, y) => y.id - x.id)[0]!;
      expect(conv?.lastMessageId).toBe(newest.id);
      expect(conv?.lastMessageAt?.getTime()).toBe(newest.createdAt.getTime());
    }
    // The events carry the stored message as the list shows it.
    const events = await db
      .select()
      .from(realtimeEvents)
      .where(
        and(
          eq(realtimeEvents.applicationId, tenant.applicationId),
          eq(realtimeEvents.type, EVENT.MESSAGE_RECEIVED),
        ),
      );
    const list = await t.app.inject({
      method: 'GET',
      url: `${MESSAGING_PATHS.messageList}?groupId=${a.groupId}&pageSize=60`,
      headers: tenant.admin,
    });
    // (Whose receipts and which side sent are each reader's own: status and type are left out.)
    for (const listed of list.json().message as { key: string; status: number; type: number }[]) {
      const sentToSockets = events
        .map((e) => e.data.message as { key?: string } | undefined)
        .filter((m) => m?.key === listed.key);
      expect(sentToSockets.length).toBeGreaterThan(0);
      for (const m of sentToSockets)
        expect({ ...m, status: listed.status, type: listed.type }).toEqual(listed);
    }
  });

  it('refuses a key reused for another conversation in the same burst, keeping the first', async () => {
    const a = await visitorConversation(tenant);
    const b = await visitorConversation(tenant);
    const answers = await Promise.all([
      send(a.visitor.headers, a.groupId, 'shared-key', 'one'),
      send(b.visitor.headers, b.groupId, 'shared-key', 'two'),
    ]);
    // Which of the two reaches the batch first depends on their guards' round trips (privilege,
    // flood counter): the one stored keeps the key, the other is refused.
    const codes = answers.map((r) => r!.statusCode);
    expect([...codes].sort()).toEqual([200, 400]);
    const refused = answers[codes.indexOf(400)]!;
    expect(refused.json().message).toBe('This key was used for another message.');
    const kept = answers[codes.indexOf(200)]!;
    expect(kept.json().groupId).toBe(codes[0] === 200 ? a.groupId : b.groupId);
  });

  it('reads the conversations it locks exactly as the query builder reads them', async () => {
    const a = await visitorConversation(tenant);
    expect((await send(a.visitor.headers, a.groupId, 'before-lock')).statusCode).toBe(200);
    const { db } = t.database;
    const expected = await conversations.findConversation(db, tenant.applicationId, a.groupId);
    const members = await conversations.listMembers(db, [a.groupId]);
    const customer = members.find((m) => m.roleType === null)!;
    const locked = await db.transaction((tx) =>
      conversations.lockSendTargets(tx, tenant.applicationId, {
        ids: [a.groupId],
        clientGroupIds: [],
        customerIds: [customer.id],
      }),
    );
    expect(locked).toHaveLength(1);
    expect(locked[0]!.row).toEqual(expected);
    expect(locked[0]!.customerIds).toEqual(new Set([customer.id]));
  });

  it('finds conversations by client group id, whatever characters it holds', async () => {
    const visitor = await newVisitorConversation(t, tenant, 'By client id');
    const clientGroupId = `order "7", part {a}\\b-${Date.now()}`;
    const created = await t.app.inject({
      method: 'POST',
      url: MESSAGING_PATHS.groupCreateV21,
      headers: visitor.visitor.headers,
      payload: { groupName: 'Client id', type: 10, clientGroupId },
    });
    expect(created.statusCode).toBe(200);
    const groupId = created.json().response.id as number;
    // In the same burst: a visitor of another conversation names this one, by its client group id
    // and by its id, while writing to their own (whose membership is checked).
    const stranger = await visitorConversation(tenant);
    const byClientGroup = (headers: Record<string, string>, key: string) =>
      t.app.inject({
        method: 'POST',
        url: MESSAGING_PATHS.messageSend,
        headers,
        payload: { key, clientGroupId, message: key },
      });
    const sent = await Promise.all([
      byClientGroup(visitor.visitor.headers, 'c-1'),
      byClientGroup(visitor.visitor.headers, 'c-2'),
      byClientGroup(stranger.visitor.headers, 'stranger-by-client-id'),
      send(stranger.visitor.headers, groupId, 'stranger-by-id'),
      send(stranger.visitor.headers, stranger.groupId, 'own'),
    ]);
    expect(sent.map((r) => r.statusCode)).toEqual([200, 200, 404, 404, 200]);
    expect(sent.slice(0, 2).map((r) => r.json().groupId)).toEqual([groupId, groupId]);
    const unknown = await t.app.inject({
      method: 'POST',
      url: MESSAGING_PATHS.messageSend,
      headers: visitor.visitor.headers,
      payload: { key: 'c-3', clientGroupId: `${clientGroupId}-other`, message: 'nowhere' },
    });
    expect(unknown.statusCode).toBe(404);
  });
});
