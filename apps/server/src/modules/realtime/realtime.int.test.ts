import { MESSAGING_PATHS } from '@convo/api';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import type { Database } from '../../platform/db/database.js';
import { newTenant, newVisitor, type Tenant } from '../../testing/messaging-fixtures.js';
import { buildTestApp, type TestApp } from '../../testing/test-app.js';
import { openTestDatabase, testDatabaseKinds } from '../../testing/test-database.js';
import { Client } from '../../testing/ws-client.js';

describe.each(testDatabaseKinds())('real-time delivery on %s', (kind) => {
  let database: Database;
  let app: FastifyInstance;
  let base: string;
  let tenant: Tenant;

  async function start() {
    app = (await buildTestApp(database)).app;
    base = await app.listen({ port: 0, host: '127.0.0.1' });
  }

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    await start();
    tenant = await newTenant({ app } as TestApp);
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  const t = () => ({ app }) as TestApp;

  async function conversationWithVisitor(owner: Tenant = tenant) {
    const visitor = await newVisitor(t(), owner);
    const res = await app.inject({
      method: 'POST',
      url: MESSAGING_PATHS.groupCreateV21,
      headers: visitor.headers,
      payload: { groupName: 'Live chat' },
    });
    return { visitor, groupId: res.json().response.id as number };
  }

  const send = (headers: Record<string, string>, groupId: number, key: string, message: string) =>
    app.inject({
      method: 'POST',
      url: MESSAGING_PATHS.messageSend,
      headers,
      payload: { key, groupId, message },
    });

  it('delivers a customer message to a connected agent at once, and the reply to the customer', async () => {
    const agent = await Client.connect(base, tenant.admin['x-authorization']!);
    const { visitor, groupId } = await conversationWithVisitor();
    const customer = await Client.connect(base, visitor.token);
    await send(visitor.headers, groupId, `live-${groupId}`, 'Is anyone there?');
    const got = await agent.next(
      (f) =>
        f.type === 'message.received' &&
        (f.data?.message as { message?: string })?.message === 'Is anyone there?',
    );
    expect(got.conversationId).toBe(groupId);
    expect(got.seq).toBeGreaterThan(0);
    await send(tenant.admin, groupId, `reply-${groupId}`, 'Yes, how can I help?');
    await customer.next(
      (f) =>
        f.type === 'message.received' &&
        (f.data?.message as { message?: string })?.message === 'Yes, how can I help?',
    );
    agent.close();
    customer.close();
  });

  it('replays exactly what a client missed while disconnected, in order, without duplicates', async () => {
    const { visitor, groupId } = await conversationWithVisitor();
    const agent = await Client.connect(base, tenant.admin['x-authorization']!);
    await send(visitor.headers, groupId, `gap-${groupId}-0`, 'before');
    await agent.next((f) => (f.data?.message as { message?: string })?.message === 'before');
    const lastSeq = agent.lastSeq;
    agent.close();
    for (let i = 1; i <= 3; i++) await send(visitor.headers, groupId, `gap-${groupId}-${i}`, `missed ${i}`);
    const again = await Client.connect(base, tenant.admin['x-authorization']!, lastSeq);
    const texts = again
      .events('message.received')
      .map((f) => (f.data?.message as { message?: string } | undefined)?.message ?? '')
      .filter((m) => m.startsWith('missed'));
    expect(texts).toEqual(['missed 1', 'missed 2', 'missed 3']);
    const seqs = again.frames
      .filter((f) => f.seq !== undefined && f.type !== 'ready' && f.type !== 'resumed')
      .map((f) => f.seq!);
    expect(seqs).toEqual([...seqs].sort((a, b) => a - b));
    expect(new Set(seqs).size).toBe(seqs.length);
    expect(Math.min(...seqs)).toBeGreaterThan(lastSeq);
    again.close();
  });

  it('resumes across a server restart: events stored before it are not lost', async () => {
    const { visitor, groupId } = await conversationWithVisitor();
    const agent = await Client.connect(base, tenant.admin['x-authorization']!);
    const lastSeq = agent.lastSeq;
    agent.close();
    await send(visitor.headers, groupId, `restart-${groupId}`, 'sent just before the restart');
    await app.close();
    await start();
    const again = await Client.connect(base, tenant.admin['x-authorization']!, lastSeq);
    await again.next(
      (f) => (f.data?.message as { message?: string })?.message === 'sent just before the restart',
    );
    again.close();
  });

  it("shows the customer's typing to the agent and never another tenant's events", async () => {
    const { visitor, groupId } = await conversationWithVisitor();
    const agent = await Client.connect(base, tenant.admin['x-authorization']!);
    const other = await newTenant(t());
    const stranger = await Client.connect(base, other.admin['x-authorization']!);
    const customer = await Client.connect(base, visitor.token);
    customer.ws.send(JSON.stringify({ type: 'typing', groupId, typing: true }));
    const typing = await agent.next((f) => f.type === 'typing');
    expect(typing.data).toMatchObject({ groupId, typing: true, userId: visitor.userId });
    await send(visitor.headers, groupId, `private-${groupId}`, 'only for my company');
    await agent.next((f) => (f.data?.message as { message?: string })?.message === 'only for my company');
    // A leaked frame could still be on its way: first wait for an event of the stranger's own
    // company, sent after ours, on the stranger's socket; one socket keeps the server's order.
    const own = await conversationWithVisitor(other);
    await send(own.visitor.headers, own.groupId, `marker-${own.groupId}`, 'for the stranger');
    await stranger.next((f) => (f.data?.message as { message?: string })?.message === 'for the stranger');
    expect(JSON.stringify(stranger.frames)).not.toContain('only for my company');
    expect(stranger.events('typing')).toHaveLength(0);
    expect(
      stranger.frames.every((f) => f.conversationId === undefined || f.conversationId === own.groupId),
    ).toBe(true);
    for (const c of [agent, stranger, customer]) c.close();
  });

  it('records a read receipt: the reader is back to zero unread and the customer sees it', async () => {
    const { visitor, groupId } = await conversationWithVisitor();
    const customer = await Client.connect(base, visitor.token);
    const sent = await send(visitor.headers, groupId, `rr-${groupId}`, 'please read me');
    const messageId = sent.json().id as number;
    const agent = await Client.connect(base, tenant.admin['x-authorization']!);
    const unread = async () =>
      (
        await app.inject({
          method: 'GET',
          url: `${MESSAGING_PATHS.groupInfo}?groupId=${groupId}`,
          headers: tenant.admin,
        })
      ).json().response.unreadCount as number;
    expect(await unread()).toBe(1);
    agent.ws.send(JSON.stringify({ type: 'read', groupId, messageId }));
    const receipt = await customer.next((f) => f.type === 'message.read');
    // The customer learns who read it only by the member's alias, never their e-mail (issue 23).
    expect(receipt.data).toMatchObject({
      groupId,
      messageId,
      userId: expect.stringMatching(/^agent-[0-9a-f]{16}$/),
    });
    expect(await unread()).toBe(0);
    for (const c of [agent, customer]) c.close();
  });

  it('refuses a socket without a valid token', async () => {
    const ws = new WebSocket(`${base.replace('http', 'ws')}/ws`);
    await new Promise((r) => ws.once('open', r));
    const closed = new Promise<number>((r) => ws.once('close', (code) => r(code)));
    ws.send(JSON.stringify({ type: 'hello', token: 'not-a-token' }));
    expect(await closed).toBe(4401);
  });
});
