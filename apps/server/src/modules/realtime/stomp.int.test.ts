import { ACCOUNT_PATHS, MESSAGING_PATHS, REGISTRATION_PATHS } from '@convo/api';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../platform/db/database.js';
import { newTenant, type Tenant } from '../../testing/messaging-fixtures.js';
import { connectStomp, RawSocket } from '../../testing/stomp-client.js';
import { buildTestApp, newSignup, type TestApp } from '../../testing/test-app.js';
import { openTestDatabase, testDatabaseKinds } from '../../testing/test-database.js';
import { Client } from '../../testing/ws-client.js';

// The Applozic/Kommunicate clients' STOMP 1.1 on `/ws`, beside Convo's JSON protocol.

const HEART_BEAT_MS = 150;

describe.each(testDatabaseKinds())('STOMP on /ws on %s', (kind) => {
  let database: Database;
  let app: FastifyInstance;
  let base: string;
  let tenant: Tenant;
  const t = () => ({ app }) as TestApp;

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    app = (await buildTestApp(database, {}, { stompOptions: { heartBeatMs: HEART_BEAT_MS } })).app;
    base = await app.listen({ port: 0, host: '127.0.0.1' });
    tenant = await newTenant(t());
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  /** A visitor as register/client answers it: the token, and the userKey that names their topic. */
  async function visitorOf(owner: Tenant, userId = `v-${Math.random().toString(36).slice(2, 10)}`) {
    const res = await app.inject({
      method: 'POST',
      url: REGISTRATION_PATHS.registerClient,
      payload: {
        userId,
        applicationId: owner.applicationId,
        authenticationTypeId: 0,
        displayName: 'Visitor',
      },
    });
    const body = res.json() as { authToken: string; userKey: string };
    const headers = { 'x-authorization': body.authToken, 'application-key': owner.applicationId };
    const group = await app.inject({
      method: 'POST',
      url: MESSAGING_PATHS.groupCreateV21,
      headers,
      payload: { groupName: 'Live chat' },
    });
    return {
      userId,
      token: body.authToken,
      userKey: body.userKey,
      headers,
      groupId: group.json().response.id as number,
    };
  }

  const send = (headers: Record<string, string>, groupId: number, key: string, message = key) =>
    app.inject({
      method: 'POST',
      url: MESSAGING_PATHS.messageSend,
      headers,
      payload: { key, groupId, message },
    });

  /** What the widget sends: login = the application key, passcode = the authToken. */
  const widgetLogin = (owner: Tenant, token: string) => ({
    login: owner.applicationId,
    passcode: token,
    host: '/',
  });

  it("delivers an agent's message to the visitor's /topic/<userKey> as APPLOZIC_01, type 4", async () => {
    const visitor = await visitorOf(tenant);
    const stomp = await connectStomp(base, widgetLogin(tenant, visitor.token));
    expect(stomp.connected.version).toBe('1.1');
    const topic = `/topic/${visitor.userKey}`;
    await stomp.subscribe(topic);
    // The client also subscribes to the encrypted variant when it has a userEncryptionKey: its own
    // is allowed. Convo hands out no such key, so everything comes on the plain topic, once.
    await stomp.subscribe(`/topic/encr-${visitor.userKey}`);
    await send(tenant.admin, visitor.groupId, `agent-${visitor.groupId}`, 'How can I help?');
    const got = await stomp.next((m) => m.body.includes('How can I help?'));
    expect(got.headers.destination).toBe(topic);
    await expect(stomp.next((m) => m.headers.destination !== topic, 300)).rejects.toThrow();
    const push = JSON.parse(got.body) as {
      type: string;
      message: Record<string, unknown>;
      notifyUser: boolean;
    };
    expect(push.type).toBe('APPLOZIC_01');
    expect(push.notifyUser).toBe(true);
    expect(push.message).toMatchObject({
      groupId: visitor.groupId,
      type: 4,
      key: `agent-${visitor.groupId}`,
    });
    // What an end user may read about the team: the agent's e-mail id never reaches them.
    expect(tenant.adminUserName).toContain('@');
    expect(got.body).not.toContain(tenant.adminUserName);
    // The visitor's own message comes back as "sent" (APPLOZIC_02, type 5) for their other tabs.
    await send(visitor.headers, visitor.groupId, `own-${visitor.groupId}`, 'Where is my order?');
    const own = await stomp.next((m) => m.body.includes('Where is my order?'));
    expect(JSON.parse(own.body)).toMatchObject({ type: 'APPLOZIC_02', message: { type: 5 } });
    await stomp.close();
  });

  it('carries typing both ways on the typing topic, and read status to the agent as APPLOZIC_08', async () => {
    const { owner: tenant, userKey } = await tenantWithAdminKey();
    const visitor = await visitorOf(tenant);
    const typingTopic = `/topic/typing-${tenant.applicationId}-${visitor.groupId}`;
    const agent = await connectStomp(base, widgetLogin(tenant, tenant.admin['x-authorization']!));
    const agentSession = await Client.connect(base, tenant.admin['x-authorization']!);
    await agent.subscribe(typingTopic);
    await agent.subscribe(`/topic/${userKey}`);
    const customer = await connectStomp(base, widgetLogin(tenant, visitor.token));
    await customer.subscribe(typingTopic);

    customer.client.publish({
      destination: typingTopic,
      headers: { 'content-type': 'text/plain' },
      body: `${tenant.applicationId},${visitor.userId},1`,
    });
    const typing = await agent.next((m) => m.headers.destination === typingTopic);
    expect(typing.body).toBe(`${tenant.applicationId},${visitor.userId},1`);
    // Convo's own protocol sees the same typing.
    await agentSession.next((f) => f.type === 'typing');

    const key = `read-${visitor.groupId}`;
    await send(tenant.admin, visitor.groupId, key, 'Your order shipped');
    await customer.subscribe(`/topic/${visitor.userKey}`);
    customer.client.publish({
      destination: '/topic/message-status',
      headers: { 'content-type': 'text/plain' },
      body: `${visitor.userId},${key},1`,
    });
    const read = await agent.next((m) => m.body.includes('APPLOZIC_08'));
    expect(JSON.parse(read.body)).toMatchObject({ type: 'APPLOZIC_08', message: `${key},${visitor.userId}` });
    // The receipt is Convo's own: the JSON protocol gets message.read for the same message.
    await agentSession.next((f) => f.type === 'message.read' && f.data?.messageKey === key);
    await Promise.all([agent.close(), customer.close()]);
    agentSession.close();
  });

  /** A new tenant and its admin's userKey (their own topic), from the signup's session view. */
  async function tenantWithAdminKey() {
    const res = await app.inject({ method: 'POST', url: ACCOUNT_PATHS.signup, payload: newSignup() });
    const data = res.json().data as {
      token: string;
      applicationId: string;
      userName: string;
      userKey: string;
    };
    const owner: Tenant = {
      applicationId: data.applicationId,
      admin: { 'x-authorization': data.token, 'application-key': data.applicationId },
      adminUserName: data.userName,
    };
    return { owner, userKey: data.userKey };
  }

  it('resumes after a reconnect without loss: convo-last-seq replays what was missed, in order', async () => {
    const visitor = await visitorOf(tenant);
    const topic = `/topic/${visitor.userKey}`;
    const first = await connectStomp(base, widgetLogin(tenant, visitor.token));
    await first.subscribe(topic);
    await send(tenant.admin, visitor.groupId, `before-${visitor.groupId}`, 'before');
    const seen = await first.next((m) => m.body.includes('"before"'));
    const lastSeq = seen.headers['convo-seq']!;
    await first.close();
    for (let i = 1; i <= 3; i++)
      await send(tenant.admin, visitor.groupId, `gap-${visitor.groupId}-${i}`, `missed ${i}`);
    const again = await connectStomp(base, {
      ...widgetLogin(tenant, visitor.token),
      'convo-last-seq': lastSeq,
    });
    await again.subscribe(topic);
    await send(tenant.admin, visitor.groupId, `after-${visitor.groupId}`, 'after');
    await again.next((m) => m.body.includes('"after"'));
    const texts = again
      .pushes(topic)
      .map((p) => (p.message as { message?: string }).message)
      .filter((m) => m !== 'before');
    expect(texts).toEqual(['missed 1', 'missed 2', 'missed 3', 'after']);
    const seqs = again.messages.map((m) => Number(m.headers['convo-seq']));
    expect(seqs).toEqual([...seqs].sort((a, b) => a - b));
    expect(new Set(seqs).size).toBe(seqs.length);
    await again.close();
  });

  it("never gives a second application's session the first's events, even with the same userIds", async () => {
    const other = await newTenant(t());
    const sameId = `same-${Math.random().toString(36).slice(2, 8)}`;
    const mine = await visitorOf(tenant, sameId);
    const theirs = await visitorOf(other, sameId);
    const a = await connectStomp(base, widgetLogin(tenant, mine.token));
    const b = await connectStomp(base, widgetLogin(other, theirs.token));
    await a.subscribe(`/topic/${mine.userKey}`);
    await b.subscribe(`/topic/${theirs.userKey}`);
    await send(tenant.admin, mine.groupId, `iso-${mine.groupId}`, 'for tenant A only');
    await a.next((m) => m.body.includes('for tenant A only'));
    await new Promise((r) => setTimeout(r, 200));
    expect(b.messages.filter((m) => m.body.includes('for tenant A only'))).toEqual([]);
    await Promise.all([a.close(), b.close()]);

    // B's token cannot name A's topics, nor log in as A's application.
    const raw = await RawSocket.open(base);
    raw.send(`CONNECT\naccept-version:1.1\npasscode:${theirs.token}\n\n\0`);
    await raw.until((r) => r.some((f) => f.startsWith('CONNECTED')));
    raw.send(`SUBSCRIBE\nid:0\ndestination:/topic/${mine.userKey}\n\n\0`);
    expect((await raw.closed).code).toBe(4403);
    expect(raw.received.at(-1)).toMatch(/^ERROR\n/);
    const wrongApp = await RawSocket.open(base);
    wrongApp.send(
      `CONNECT\naccept-version:1.1\nlogin:${tenant.applicationId}\npasscode:${theirs.token}\n\n\0`,
    );
    expect((await wrongApp.closed).code).toBe(4401);
    expect(wrongApp.received).toHaveLength(1);
    expect(wrongApp.received[0]).toMatch(/^ERROR\n/);
  });

  it("refuses a visitor's subscription to another conversation's topics with an ERROR frame", async () => {
    const visitor = await visitorOf(tenant);
    const stranger = await visitorOf(tenant);
    for (const destination of [
      `/topic/typing-${tenant.applicationId}-${stranger.groupId}`,
      `/topic/group-${tenant.applicationId}-${stranger.groupId}`,
      `/topic/support-channel-${tenant.applicationId}`,
      `/topic/${stranger.userKey}`,
      // The encrypted variant the Applozic client also subscribes to: the same rule.
      `/topic/encr-${stranger.userKey}`,
    ]) {
      const raw = await RawSocket.open(base, ['v11.stomp']);
      expect(raw.ws.protocol).toBe('v11.stomp');
      raw.send(`CONNECT\naccept-version:1.1\npasscode:${visitor.token}\n\n\0`);
      await raw.until((r) => r.length === 1);
      raw.send(`SUBSCRIBE\nid:0\ndestination:${destination}\nreceipt:r\n\n\0`);
      expect((await raw.closed).code).toBe(4403);
      expect(raw.received).toHaveLength(2);
      expect(raw.received[1]).toMatch(/^ERROR\n(.*\n)*message:Not allowed/);
    }
  });

  it('answers a malformed frame with one ERROR frame and closes; Convo JSON still works on /ws', async () => {
    for (const bad of [
      'SEND\ndestination:/topic/a\\tb\n\n\0', // undefined escape
      'SEND\ncontent-length:x\n\nbody\0',
      'HELLO\n\n\0',
      `SEND\ndestination:/q\n\n${'x'.repeat(70 * 1024)}`, // past the frame limit
    ]) {
      const raw = await RawSocket.open(base, ['v12.stomp', 'v11.stomp']);
      raw.send(`CONNECT\naccept-version:1.1,1.2\npasscode:${tenant.admin['x-authorization']}\n\n\0`);
      await raw.until((r) => r.length === 1);
      raw.send(bad.length > 60 * 1024 ? bad.slice(0, 60 * 1024) : bad);
      if (bad.length > 60 * 1024) raw.send(bad.slice(60 * 1024));
      expect((await raw.closed).code).toBe(1002);
      expect(raw.received).toHaveLength(2);
      expect(raw.received[1]).toMatch(/^ERROR\n/);
    }
    // No subprotocol, not STOMP: our own JSON protocol, as before.
    const json = await Client.connect(base, tenant.admin['x-authorization']!);
    json.ws.send('{"type":"ping"}');
    await json.next((f) => f.type === 'pong');
    json.close();
    // A bad token: ERROR, then close.
    const raw = await RawSocket.open(base);
    raw.send('CONNECT\naccept-version:1.1\nlogin:x\npasscode:nope\n\n\0');
    expect((await raw.closed).code).toBe(4401);
    expect(raw.received[0]).toMatch(/^ERROR\n(.*\n)*message:Sign in again/);
  });

  it('answers a single WebSocket message past the 64 KiB frame limit with an ERROR frame, then closes', async () => {
    // STOMP 1.1 "Server Frames / ERROR": the server sends ERROR and then closes the connection.
    for (const size of [64 * 1024 + 1, 200 * 1024, 1000 * 1024]) {
      for (const withLength of [false, true]) {
        const body = 'x'.repeat(size);
        const raw = await RawSocket.open(base, ['v11.stomp']);
        raw.send(`CONNECT\naccept-version:1.1\npasscode:${tenant.admin['x-authorization']}\n\n\0`);
        await raw.until((r) => r.length === 1);
        const length = withLength ? `content-length:${size}\n` : '';
        raw.send(`SEND\ndestination:/topic/message-status\n${length}\n${body}\0`);
        expect((await raw.closed).code).toBe(1002);
        expect(raw.received).toHaveLength(2);
        expect(raw.received[1]).toMatch(/^ERROR\n(.*\n)*message:Frame too large/);
      }
    }
    // Before CONNECT too: the first message is a too-large CONNECT.
    const early = await RawSocket.open(base);
    early.send(`CONNECT\naccept-version:1.1\nx:${'y'.repeat(80 * 1024)}\n\n\0`);
    expect((await early.closed).code).toBe(1002);
    expect(early.received).toEqual([expect.stringMatching(/^ERROR\n/)]);
    // Convo's own JSON protocol keeps its 64 KiB limit (1009, as before).
    const json = await Client.connect(base, tenant.admin['x-authorization']!);
    const closed = new Promise<number>((resolve) => json.ws.on('close', (code) => resolve(code)));
    json.ws.send(JSON.stringify({ type: 'ping', pad: 'x'.repeat(70 * 1024) }));
    expect(await closed).toBe(1009);
  });

  it('negotiates heart-beats: beats when the client asks, closes a client that stops beating', async () => {
    const raw = await RawSocket.open(base);
    raw.send(
      `CONNECT\naccept-version:1.1\nheart-beat:0,${HEART_BEAT_MS}\npasscode:${tenant.admin['x-authorization']}\n\n\0`,
    );
    await raw.until((r) => r.length === 1);
    expect(raw.received[0]).toContain(`heart-beat:${HEART_BEAT_MS},${HEART_BEAT_MS}`);
    await raw.until((r) => r.includes('\n'), 2000);
    raw.ws.close();

    const silent = await RawSocket.open(base);
    silent.send(
      `CONNECT\naccept-version:1.1\nheart-beat:${HEART_BEAT_MS},0\npasscode:${tenant.admin['x-authorization']}\n\n\0`,
    );
    const started = Date.now();
    await silent.closed;
    expect(Date.now() - started).toBeLessThan(2000);

    // A client that does beat stays connected past the same time.
    const beating = await RawSocket.open(base);
    beating.send(
      `CONNECT\naccept-version:1.1\nheart-beat:${HEART_BEAT_MS},0\npasscode:${tenant.admin['x-authorization']}\n\n\0`,
    );
    const timer = setInterval(() => beating.send('\n'), HEART_BEAT_MS / 2);
    await new Promise((r) => setTimeout(r, HEART_BEAT_MS * 5));
    clearInterval(timer);
    expect(beating.ws.readyState).toBe(beating.ws.OPEN);
    beating.ws.close();
  });
});
