import { MESSAGING_PATHS, WEBHOOK_PATHS } from '@convo/api';
import { CONVERSATION_STATUS, GROUP_ROLE } from '@convo/domain';
import { asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  conversationEvents,
  conversationMembers,
  conversationResponses,
  conversations,
  conversationTags,
  jobs,
  messages,
  realtimeEvents,
  webhookDeliveries,
} from '../../db/schema/index.js';
import {
  newTenant,
  newVisitorConversation,
  sendTestMessage,
  type Tenant,
} from '../../testing/messaging-fixtures.js';
import { testDatabaseKinds } from '../../testing/test-database.js';
import { useTestApp } from '../../testing/use-test-app.js';
import { EVENT } from '../realtime/event-types.js';

// A retried send (same client key) answers the stored message and must have no second effect:
// no unread count, real-time event, webhook job or status transition of its own. Each test reads
// every row a send can write for its own tenant, before and after the retry.
describe.each(testDatabaseKinds())('retried sends on %s', (kind) => {
  const { t } = useTestApp(kind);

  /** A tenant with a message webhook, so every new message queues a delivery and a job. */
  async function tenantWithWebhook() {
    const tenant = await newTenant(t);
    const res = await t.app.inject({
      method: 'POST',
      url: WEBHOOK_PATHS.create,
      headers: { authorization: `Bearer ${tenant.admin['x-authorization']}` },
      // No worker runs in this file: the jobs stay queued for the test to count.
      payload: { url: 'http://127.0.0.1:9/hook' },
    });
    expect(res.statusCode, res.body).toBe(200);
    return tenant;
  }

  /** Every row of the tenant that a send writes (or must not write), in a stable order. */
  async function stateOf(tenant: Tenant) {
    const { db } = t.database;
    const app = tenant.applicationId;
    const [conv, members, tags, timeline, stored, responses, events, queued, deliveries] = await Promise.all([
      db
        .select()
        .from(conversations)
        .where(eq(conversations.applicationId, app))
        .orderBy(asc(conversations.id)),
      db
        .select()
        .from(conversationMembers)
        .where(eq(conversationMembers.applicationId, app))
        .orderBy(asc(conversationMembers.conversationId), asc(conversationMembers.userId)),
      db
        .select()
        .from(conversationTags)
        .where(eq(conversationTags.applicationId, app))
        .orderBy(asc(conversationTags.conversationId), asc(conversationTags.tagId)),
      db
        .select()
        .from(conversationEvents)
        .where(eq(conversationEvents.applicationId, app))
        .orderBy(asc(conversationEvents.id)),
      db.select().from(messages).where(eq(messages.applicationId, app)).orderBy(asc(messages.id)),
      db
        .select()
        .from(conversationResponses)
        .where(eq(conversationResponses.applicationId, app))
        .orderBy(asc(conversationResponses.id)),
      db
        .select()
        .from(realtimeEvents)
        .where(eq(realtimeEvents.applicationId, app))
        .orderBy(asc(realtimeEvents.seq)),
      db.select().from(jobs).where(eq(jobs.applicationId, app)).orderBy(asc(jobs.createdAt), asc(jobs.id)),
      db
        .select()
        .from(webhookDeliveries)
        .where(eq(webhookDeliveries.applicationId, app))
        .orderBy(asc(webhookDeliveries.messageId), asc(webhookDeliveries.id)),
    ]);
    return { conv, members, tags, timeline, stored, responses, events, queued, deliveries };
  }
  type State = Awaited<ReturnType<typeof stateOf>>;

  /** The agents' unread count of a conversation (its assigned agent is a group admin). */
  const agentUnread = (state: State, groupId: number) =>
    state.members
      .filter((m) => m.conversationId === groupId && m.role !== GROUP_ROLE.MEMBER)
      .map((m) => m.unreadCount)
      .reduce((a, b) => Math.max(a, b), 0);
  const messageKeyOf = (e: State['events'][number]) => (e.data.message as { key?: string } | undefined)?.key;
  const receivedKeys = (state: State) =>
    state.events.filter((e) => e.type === EVENT.MESSAGE_RECEIVED).map(messageKeyOf);
  const deliveredIds = (state: State) => state.deliveries.map((d) => d.messageId);

  const send = (headers: Record<string, string>, groupId: number, key: string) =>
    sendTestMessage(t, headers, groupId, key);
  async function sendOk(headers: Record<string, string>, groupId: number, key: string) {
    const res = await send(headers, groupId, key);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { id: number; createdAt: number; messageKey: string };
  }

  it('a customer retrying a send, then an agent retrying theirs, changes nothing the first sends wrote', async () => {
    const tenant = await tenantWithWebhook();
    const { visitor, groupId } = await newVisitorConversation(t, tenant);

    const first = await sendOk(visitor.headers, groupId, 'c-1');
    const afterFirst = await stateOf(tenant);
    // What the retry must not repeat is there once: otherwise this test could not fail.
    expect(receivedKeys(afterFirst)).toEqual(expect.arrayContaining(['c-1']));
    expect(deliveredIds(afterFirst)).toEqual([first.id]);
    expect(afterFirst.queued).toHaveLength(1);
    expect(agentUnread(afterFirst, groupId)).toBe(1);

    const retry = await sendOk(visitor.headers, groupId, 'c-1');
    expect(retry).toEqual(first);
    expect(await stateOf(tenant)).toEqual(afterFirst);

    const reply = await sendOk(tenant.admin, groupId, 'a-1');
    const afterReply = await stateOf(tenant);
    expect(deliveredIds(afterReply)).toEqual([first.id, reply.id]);
    expect(await sendOk(tenant.admin, groupId, 'a-1')).toEqual(reply);
    expect(await stateOf(tenant)).toEqual(afterReply);
  });

  it('a retry reaching a conversation resolved since its first send does not reopen it', async () => {
    const tenant = await tenantWithWebhook();
    const { visitor, groupId } = await newVisitorConversation(t, tenant);
    await sendOk(visitor.headers, groupId, 'before-resolve');
    const resolved = await t.app.inject({
      method: 'PATCH',
      url: `${MESSAGING_PATHS.statusChange}?groupId=${groupId}&status=${CONVERSATION_STATUS.CLOSED}`,
      headers: tenant.admin,
    });
    expect(resolved.statusCode, resolved.body).toBe(200);
    const afterResolve = await stateOf(tenant);
    expect(afterResolve.conv.find((c) => c.id === groupId)?.status).toBe(CONVERSATION_STATUS.CLOSED);

    await sendOk(visitor.headers, groupId, 'before-resolve');
    expect(await stateOf(tenant)).toEqual(afterResolve);

    // A new message does reopen it: the retry above was refused its effects, not ignored by chance.
    await sendOk(visitor.headers, groupId, 'after-resolve');
    expect((await stateOf(tenant)).conv.find((c) => c.id === groupId)?.status).toBe(CONVERSATION_STATUS.OPEN);
  });

  it('concurrent sends of one key store one message with the effects of one', async () => {
    const tenant = await tenantWithWebhook();
    const { visitor, groupId } = await newVisitorConversation(t, tenant);
    const before = await stateOf(tenant);

    const answers = await Promise.all(
      Array.from({ length: 6 }, () => sendOk(visitor.headers, groupId, 'same')),
    );
    expect(new Set(answers.map((a) => a.id)).size).toBe(1);
    const once = await stateOf(tenant);
    expect(once.stored.filter((m) => m.clientKey === 'same')).toHaveLength(1);
    // One message.received event for its audiences (the agents, the customer), not one per send.
    const sameEvents = once.events.filter(
      (e) => e.type === EVENT.MESSAGE_RECEIVED && messageKeyOf(e) === 'same',
    );
    expect(sameEvents).toHaveLength(1);
    expect(sameEvents[0]!.audiences).toHaveLength(2);
    expect(deliveredIds(once)).toEqual([answers[0]!.id]);
    expect(once.queued).toHaveLength(before.queued.length + 1);
    expect(agentUnread(once, groupId)).toBe(agentUnread(before, groupId) + 1);

    // Retries racing each other after the message is stored: still no second effect.
    await Promise.all(Array.from({ length: 6 }, () => sendOk(visitor.headers, groupId, 'same')));
    expect(await stateOf(tenant)).toEqual(once);
  });

  it('a retry inside a batch of new sends adds only the new messages’ effects', async () => {
    const tenant = await tenantWithWebhook();
    // Whether three concurrent sends share one batch depends on their guards' round trips (the
    // visitor's flood counter in Redis): the effects must be right either way, and the retry must
    // have been inside a batch at least once in a few tries (up to 20: on a busy machine the
    // guards' round trips spread the sends more often).
    let sharedBatch = false;
    for (let attempt = 0; attempt < 20 && !sharedBatch; attempt++) {
      const { visitor, groupId } = await newVisitorConversation(t, tenant);
      // Client keys are the application's: each try has its own.
      const [old, new1, new2] = ['old', 'new-1', 'new-2'].map((k) => `${k}-${attempt}`) as [
        string,
        string,
        string,
      ];
      const stored = await sendOk(visitor.headers, groupId, old);
      const before = await stateOf(tenant);

      const [n1, retry, n2] = await Promise.all([
        sendOk(visitor.headers, groupId, new1),
        sendOk(visitor.headers, groupId, old),
        sendOk(visitor.headers, groupId, new2),
      ]);
      expect(retry).toEqual(stored);
      // One batch: its messages share the transaction's time.
      sharedBatch = n2!.createdAt === n1!.createdAt;

      const after = await stateOf(tenant);
      // Across two batches the new messages may be stored in either order.
      const keys = after.stored.map((m) => m.clientKey);
      expect(keys.slice(0, before.stored.length)).toEqual(before.stored.map((m) => m.clientKey));
      expect(keys.slice(before.stored.length).sort()).toEqual([new1, new2].sort());
      expect(after.events.slice(0, before.events.length)).toEqual(before.events);
      expect(after.events.slice(before.events.length).map(messageKeyOf).filter(Boolean)).not.toContain('old');
      const delivered = deliveredIds(after);
      expect(delivered.slice(0, deliveredIds(before).length)).toEqual(deliveredIds(before));
      expect(delivered.slice(deliveredIds(before).length).sort()).toEqual([n1!.id, n2!.id].sort());
      expect(after.queued).toHaveLength(before.queued.length + 2);
      expect(agentUnread(after, groupId)).toBe(agentUnread(before, groupId) + 2);
    }
    expect(sharedBatch).toBe(true);
  });
});
