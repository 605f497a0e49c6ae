import { MESSAGING_PATHS } from '@convo/api';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import WebSocket from 'ws';
import { setApplicationEncryption } from '../../http/encryption-repository.js';
import {
  newTenant,
  newVisitor,
  newVisitorConversation,
  type Tenant,
} from '../../testing/messaging-fixtures.js';
import { testDatabaseKinds } from '../../testing/test-database.js';
import { useTestApp } from '../../testing/use-test-app.js';
import { Client } from '../../testing/ws-client.js';

// A visitor's messages over their socket (the widget's way, docs/realtime.md): the REST send's
// rules, answers and counters, over another transport.
describe.each(testDatabaseKinds())('sends over the socket on %s', (kind) => {
  const { t, tenants } = useTestApp(kind, { tenants: 1, env: { RATE_LIMIT_VISITOR_MESSAGES: '3' } });
  const [tenant] = tenants;
  let base: string;
  beforeAll(async () => {
    base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  });

  const rest = (headers: Record<string, string>, body: Record<string, unknown>) =>
    t.app.inject({ method: 'POST', url: MESSAGING_PATHS.messageSend, headers, payload: body });

  it('stores the message once, answers as the REST send does and delivers it to the agents', async () => {
    const agent = await Client.connect(base, tenant.admin['x-authorization']!);
    const { visitor, groupId } = await newVisitorConversation(t, tenant);
    const socket = await Client.connect(base, visitor.token);
    const key = `socket-${groupId}`;
    const answer = await socket.sendMessage('r1', { key, groupId, message: 'Hello over the socket' });
    expect(answer.type).toBe('sent');
    expect(answer.response).toMatchObject({ messageKey: key, conversationId: groupId, groupId });
    const delivered = await agent.next(
      (f) => f.type === 'message.received' && (f.data?.message as { key?: string } | undefined)?.key === key,
    );
    expect((delivered.data as { message: { message: string } }).message.message).toBe(
      'Hello over the socket',
    );
    // The same key again, over REST (the widget's fallback when the answer is lost): the same message.
    const retried = await rest(visitor.headers, { key, groupId, message: 'Hello over the socket' });
    expect(retried.statusCode).toBe(200);
    expect(retried.json()).toEqual(answer.response);
    const list = await t.app.inject({
      method: 'GET',
      url: `${MESSAGING_PATHS.messageList}?groupId=${groupId}&pageSize=50`,
      headers: visitor.headers,
    });
    expect((list.json().message as { key: string }[]).filter((m) => m.key === key)).toHaveLength(1);
    agent.close();
    socket.close();
  });

  it('refuses what REST refuses, with the same status, code and message', async () => {
    const { visitor, groupId } = await newVisitorConversation(t, tenant);
    const socket = await Client.connect(base, visitor.token);
    const bodies: Record<string, unknown>[] = [
      { key: 'no-target', message: 'Where does this go?' },
      { key: 'nul', groupId, message: 'bad \u0000 text' },
      { key: 'act-as', groupId, message: 'As someone else', fromUserName: tenant.adminUserName },
    ];
    for (const [i, body] of bodies.entries()) {
      const byRest = await rest(visitor.headers, body);
      const bySocket = await socket.sendMessage(`refused-${i}`, body);
      expect(bySocket.type).toBe('send.error');
      expect(bySocket.error).toMatchObject({
        status: byRest.statusCode,
        code: byRest.json().code,
        message: byRest.json().message,
      });
    }
    socket.close();
  });

  it("never writes into another application's conversation, though the visitor ids are the same", async () => {
    const other: Tenant = await newTenant(t);
    const { visitor, groupId } = await newVisitorConversation(t, tenant);
    // The other application's visitor has the same userId, and names this application's conversation.
    const twin = await newVisitor(t, other, visitor.userId);
    const socket = await Client.connect(base, twin.token);
    const body = { key: `twin-${groupId}`, groupId, message: 'Not my conversation' };
    const bySocket = await socket.sendMessage('twin', body);
    const byRest = await rest(twin.headers, body);
    expect(byRest.statusCode).toBe(404);
    expect(bySocket.error).toMatchObject({ status: 404, code: byRest.json().code });
    const list = await t.app.inject({
      method: 'GET',
      url: `${MESSAGING_PATHS.messageList}?groupId=${groupId}&pageSize=50`,
      headers: visitor.headers,
    });
    expect((list.json().message as { message: string }[]).map((m) => m.message)).not.toContain(
      'Not my conversation',
    );
    socket.close();
  });

  it('takes sends from visitors only, and only after hello', async () => {
    const { groupId } = await newVisitorConversation(t, tenant);
    const agent = await Client.connect(base, tenant.admin['x-authorization']!);
    const byMember = await agent.sendMessage('member', { key: `member-${groupId}`, groupId, message: 'Hi' });
    expect(byMember.error).toMatchObject({ status: 403, code: 'FORBIDDEN' });
    agent.close();

    const raw = new WebSocket(`${base.replace('http', 'ws')}/ws`);
    await new Promise((resolve, reject) => {
      raw.once('open', resolve);
      raw.once('error', reject);
    });
    const answered = new Promise<Record<string, unknown>>((resolve) =>
      raw.once('message', (m) => resolve(JSON.parse(String(m)) as Record<string, unknown>)),
    );
    raw.send(JSON.stringify({ type: 'send', ref: 'early', body: { groupId, message: 'Before hello' } }));
    expect(await answered).toMatchObject({
      type: 'send.error',
      ref: 'early',
      error: { status: 401, code: 'UNAUTHORIZED' },
    });
    raw.close();
  });

  it('refuses the plain sends of an application that encrypts its payloads, as REST does', async () => {
    const encrypted = await newTenant(t);
    await setApplicationEncryption(t.database.db, encrypted.applicationId, { enabled: true, type: 5 });
    // Registering is not encrypted; every send of this visitor is refused before its conversation is read.
    const visitor = await newVisitor(t, encrypted);
    const groupId = 1;
    const socket = await Client.connect(base, visitor.token);
    const body = { key: `plain-${groupId}`, groupId, message: 'Not encrypted' };
    const byRest = await rest(visitor.headers, body);
    expect(byRest.statusCode).toBe(400);
    const bySocket = await socket.sendMessage('plain', body);
    expect(bySocket.error).toMatchObject({ status: 400, code: byRest.json().code });
    socket.close();
  });

  it('refuses a send once the session the socket opened with has expired (401: the widget asks REST)', async () => {
    const { visitor, groupId } = await newVisitorConversation(t, tenant);
    const socket = await Client.connect(base, visitor.token);
    // The server runs in this process: its clock moves past any session's end.
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 400 * 24 * 3600_000 });
    try {
      const late = await socket.sendMessage('late', { key: `late-${groupId}`, groupId, message: 'Too late' });
      expect(late.error).toMatchObject({ status: 401, code: 'UNAUTHORIZED' });
    } finally {
      vi.useRealTimers();
      socket.close();
    }
  });

  it("counts a visitor's socket sends with their REST sends against one limit", async () => {
    const { visitor, groupId } = await newVisitorConversation(t, tenant);
    const socket = await Client.connect(base, visitor.token);
    expect((await rest(visitor.headers, { key: 'l1', groupId, message: 'one' })).statusCode).toBe(200);
    expect((await socket.sendMessage('l2', { key: 'l2', groupId, message: 'two' })).type).toBe('sent');
    expect((await rest(visitor.headers, { key: 'l3', groupId, message: 'three' })).statusCode).toBe(200);
    const fourth = await socket.sendMessage('l4', { key: 'l4', groupId, message: 'four' });
    expect(fourth.error).toMatchObject({ status: 429, code: 'RATE_LIMITED' });
    socket.close();
  });
});
