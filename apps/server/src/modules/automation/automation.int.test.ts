import { randomUUID } from 'node:crypto';
import { AUTOMATION_HEADERS, AUTOMATION_PATHS, MESSAGING_PATHS, ratingPath } from '@convo/api';
import Fastify, { type FastifyInstance } from 'fastify';
import pino from 'pino';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startWorkers } from '../../app.js';
import type { JobRunner } from '../../platform/jobs/job-queue.js';
import { configureOutbound } from '../../platform/outbound/index.js';
import { newTenant, newVisitorConversation, type Tenant } from '../../testing/messaging-fixtures.js';
import { testDatabaseKinds } from '../../testing/test-database.js';
import { useTestApp } from '../../testing/use-test-app.js';
import { verifyTimestampedSignature } from '../webhooks/index.js';

// The automation connector (issue 38 item 4): REST hooks subscribed with an API key, deliveries of
// Convo's events signed with HMAC-SHA256 over the timestamp and body, retried through the job
// queue, a 410 unsubscribing, private addresses refused, one application never seeing another's.

interface Received {
  path: string;
  headers: Record<string, string | string[] | undefined>;
  raw: string;
}

/** A local receiver: records every call; each path answers from its own script of statuses. */
async function startReceiver() {
  const received: Received[] = [];
  const scripts = new Map<string, number[]>();
  const server: FastifyInstance = Fastify({ forceCloseConnections: true });
  server.addContentTypeParser('application/json', { parseAs: 'string' }, (_req, body, done) =>
    done(null, body),
  );
  server.post('/hooks/:name', async (req, reply) => {
    const { name } = req.params as { name: string };
    received.push({ path: name, headers: req.headers, raw: String(req.body) });
    return reply.status(scripts.get(name)?.shift() ?? 200).send({ ok: true });
  });
  const address = await server.listen({ host: '127.0.0.1', port: 0 });
  return {
    url: (name: string, statuses: number[] = []) => {
      scripts.set(name, [...statuses]);
      return `${address}/hooks/${name}`;
    },
    calls: (name: string) => received.filter((r) => r.path === name),
    close: () => server.close(),
  };
}

async function waitFor<T>(read: () => Promise<T>, ok: (value: T) => boolean, timeoutMs = 15_000): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (ok(value)) return value;
    if (Date.now() > until) throw new Error(`timed out; last value: ${JSON.stringify(value)}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

describe.each(testDatabaseKinds())('automation connector on %s', (kind) => {
  const { t } = useTestApp(kind);
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  let worker: JobRunner | null = null;

  beforeAll(async () => {
    receiver = await startReceiver();
  });
  afterEach(async () => {
    await worker?.stop();
    worker = null;
  });
  afterAll(async () => {
    await receiver?.close();
  });
  const runWorker = () => {
    worker = startWorkers({
      appSecret: t.config.appSecret,
      db: t.database.db,
      log: pino({ level: 'silent' }),
      pollMs: 20,
      backoffBaseMs: 5,
    });
  };

  const bearer = (tenant: Tenant) => ({ authorization: `Bearer ${tenant.admin['x-authorization']}` });
  const member = (tenant: Tenant, method: 'GET' | 'POST' | 'DELETE', url: string) =>
    t.app.inject({ method, url, headers: bearer(tenant) });
  const platform = (key: string, method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) =>
    t.app.inject({
      method,
      url,
      headers: { [AUTOMATION_HEADERS.apiKey]: key },
      ...(payload ? { payload: payload as Record<string, unknown> } : {}),
    });

  async function newKey(tenant: Tenant) {
    const res = await member(tenant, 'POST', AUTOMATION_PATHS.rotateKey);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as { apiKey: string; signingSecret: string; hint: string };
  }
  async function subscribe(key: string, event: string, targetUrl: string) {
    const res = await platform(key, 'POST', AUTOMATION_PATHS.subscribe, { event, targetUrl });
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as { id: string };
  }
  const usage = async (tenant: Tenant) => {
    const res = await member(tenant, 'GET', `${AUTOMATION_PATHS.usage}?page=1&pageSize=50`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as {
      items: { id: string; event: string; status: string; attempts: number; lastStatusCode: number | null }[];
      total: number;
      summary: { delivered: number; failed: number; pending: number };
    };
  };
  const resolve = (tenant: Tenant, groupId: number) =>
    t.app.inject({
      method: 'PATCH',
      url: `${MESSAGING_PATHS.statusChange}?groupId=${groupId}&status=2`,
      headers: tenant.admin,
    });

  it('makes the API key once (shown once, hashed, rotatable) and refuses a wrong, missing or old key', async () => {
    const tenant = await newTenant(t);
    expect((await member(tenant, 'GET', AUTOMATION_PATHS.key)).json().data).toMatchObject({
      configured: false,
    });
    const first = await newKey(tenant);
    expect(first.apiKey).toMatch(/^convo_ak_/);
    const shown = await member(tenant, 'GET', AUTOMATION_PATHS.key);
    expect(shown.json().data).toMatchObject({
      configured: true,
      hint: first.apiKey.slice(-4),
      createdBy: tenant.adminUserName,
    });
    expect(shown.body).not.toContain(first.apiKey);
    expect(shown.body).not.toContain(first.signingSecret);
    expect((await platform(first.apiKey, 'GET', AUTOMATION_PATHS.me)).json()).toMatchObject({
      applicationId: tenant.applicationId,
    });

    const second = await newKey(tenant);
    const old = await platform(first.apiKey, 'GET', AUTOMATION_PATHS.me);
    expect(old.statusCode).toBe(401);
    expect(old.json().code).toBe('INVALID_API_KEY');
    expect((await platform('convo_ak_nope', 'GET', AUTOMATION_PATHS.me)).statusCode).toBe(401);
    // No key at all: 401 before the body is even looked at.
    const none = await t.app.inject({ method: 'POST', url: AUTOMATION_PATHS.subscribe, payload: { bad: 1 } });
    expect(none.statusCode).toBe(401);
    expect((await platform(second.apiKey, 'GET', AUTOMATION_PATHS.me)).statusCode).toBe(200);
    // Samples for mapping fields, and the schema's refusals.
    const sample = await platform(
      second.apiKey,
      'GET',
      AUTOMATION_PATHS.sample.replace(':event', 'csat.received'),
    );
    expect(sample.json()[0]).toMatchObject({ event: 'csat.received', data: { rating: 5 } });
    const unknown = await platform(second.apiKey, 'POST', AUTOMATION_PATHS.subscribe, {
      event: 'conversation.deleted',
      targetUrl: receiver.url('x'),
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().code).toBe('INVALID_PARAMETER');
  });

  it('delivers "conversation resolved" signed with HMAC-SHA256 over the timestamp and body, and lists it in the usage table', async () => {
    const tenant = await newTenant(t);
    const { apiKey, signingSecret } = await newKey(tenant);
    const hook = await subscribe(apiKey, 'conversation.resolved', receiver.url('resolved'));
    const listed = await member(tenant, 'GET', AUTOMATION_PATHS.hooks);
    expect(listed.json().data).toEqual([
      expect.objectContaining({ id: hook.id, event: 'conversation.resolved' }),
    ]);

    const { visitor, groupId } = await newVisitorConversation(t, tenant);
    expect((await resolve(tenant, groupId)).statusCode).toBe(200);
    runWorker();
    await waitFor(
      () => usage(tenant),
      (u) => u.items.some((i) => i.status === 'delivered'),
    );
    const [call] = receiver.calls('resolved');
    expect(call).toBeDefined();
    const body = JSON.parse(call!.raw);
    expect(body).toMatchObject({
      event: 'conversation.resolved',
      data: { groupId, status: 2, customer: visitor.userId },
    });
    expect(call!.headers[AUTOMATION_HEADERS.delivery]).toBe(body.id);
    const timestamp = call!.headers[AUTOMATION_HEADERS.timestamp];
    const signature = call!.headers[AUTOMATION_HEADERS.signature];
    expect(verifyTimestampedSignature(signingSecret, timestamp, call!.raw, signature)).toBe(true);
    // A changed body or another timestamp does not verify: the signature covers both.
    expect(verifyTimestampedSignature(signingSecret, timestamp, `${call!.raw} `, signature)).toBe(false);
    expect(verifyTimestampedSignature(signingSecret, '1', call!.raw, signature)).toBe(false);
    const table = await usage(tenant);
    expect(table.items[0]).toMatchObject({
      event: 'conversation.resolved',
      status: 'delivered',
      lastStatusCode: 200,
    });
    expect(table.summary).toMatchObject({ delivered: 1, failed: 0 });
  });

  it('one application’s hooks never see another’s events (conversations, messages, users, CSAT)', async () => {
    const a = await newTenant(t);
    const b = await newTenant(t);
    const keyA = (await newKey(a)).apiKey;
    const keyB = (await newKey(b)).apiKey;
    for (const event of ['conversation.created', 'message.created', 'user.created', 'csat.received']) {
      await subscribe(keyA, event, receiver.url(`a-${event}`));
    }
    // B's activity only.
    const { visitor, groupId } = await newVisitorConversation(t, b);
    await t.app.inject({
      method: 'POST',
      url: MESSAGING_PATHS.messageSend,
      headers: visitor.headers,
      payload: { groupId, key: 'b-1', message: 'hello from B' },
    });
    await resolve(b, groupId);
    await t.app.inject({
      method: 'POST',
      url: ratingPath(groupId),
      headers: visitor.headers,
      payload: { rating: 5 },
    });
    // B's key cannot touch A's hooks, nor act on A's conversations.
    const aHooks = (await member(a, 'GET', AUTOMATION_PATHS.hooks)).json().data as { id: string }[];
    expect(aHooks).toHaveLength(4);
    const stolen = await platform(keyB, 'DELETE', AUTOMATION_PATHS.unsubscribe.replace(':id', aHooks[0]!.id));
    expect(stolen.statusCode).toBe(404);
    const aConversation = await newVisitorConversation(t, a);
    const cross = await platform(keyB, 'POST', AUTOMATION_PATHS.sendMessage, {
      groupId: aConversation.groupId,
      message: 'not yours',
    });
    expect([403, 404]).toContain(cross.statusCode);

    runWorker();
    // A's own conversation and visitor are delivered to A; nothing of B's is.
    await waitFor(
      () => usage(a),
      (u) => u.summary.delivered >= 2 && u.summary.pending === 0,
    );
    const seen = ['conversation.created', 'message.created', 'user.created', 'csat.received'].flatMap((e) =>
      receiver.calls(`a-${e}`).map((c) => JSON.parse(c.raw) as { data: Record<string, unknown> }),
    );
    expect(seen.length).toBeGreaterThan(0);
    expect(JSON.stringify(seen)).not.toContain(visitor.userId);
    expect(seen.some((s) => s.data.groupId === groupId)).toBe(false);
    expect((await usage(b)).total).toBe(0);
  });

  it('delivers new messages, new users and CSAT to their hooks', async () => {
    const tenant = await newTenant(t);
    const { apiKey } = await newKey(tenant);
    await subscribe(apiKey, 'message.created', receiver.url('msg'));
    await subscribe(apiKey, 'user.created', receiver.url('user'));
    await subscribe(apiKey, 'csat.received', receiver.url('csat'));
    const { visitor, groupId } = await newVisitorConversation(t, tenant);
    await t.app.inject({
      method: 'POST',
      url: MESSAGING_PATHS.messageSend,
      headers: visitor.headers,
      payload: { groupId, key: 'm-1', message: 'Where is my order?' },
    });
    await resolve(tenant, groupId);
    const rated = await t.app.inject({
      method: 'POST',
      url: ratingPath(groupId),
      headers: visitor.headers,
      payload: { rating: 4, comment: 'ok' },
    });
    expect(rated.statusCode, rated.body).toBe(200);
    runWorker();
    await waitFor(
      () => usage(tenant),
      (u) => u.summary.delivered === 3 && u.summary.pending === 0,
    );
    // The status line "Resolved by …" is not a message someone wrote.
    expect(receiver.calls('msg').map((c) => JSON.parse(c.raw).data.message)).toEqual(['Where is my order?']);
    expect(JSON.parse(receiver.calls('user')[0]!.raw).data).toMatchObject({ userId: visitor.userId });
    expect(JSON.parse(receiver.calls('csat')[0]!.raw).data).toMatchObject({
      groupId,
      rating: 4,
      comment: 'ok',
    });
  });

  it('retries a failing receiver with backoff, and a 410 answer unsubscribes the hook', async () => {
    const tenant = await newTenant(t);
    const { apiKey } = await newKey(tenant);
    await subscribe(apiKey, 'conversation.resolved', receiver.url('flaky', [500, 503]));
    const gone = await subscribe(apiKey, 'conversation.resolved', receiver.url('gone', [410]));
    const { groupId } = await newVisitorConversation(t, tenant);
    await resolve(tenant, groupId);
    runWorker();
    const table = await waitFor(
      () => usage(tenant),
      (u) => u.summary.pending === 0 && u.items.length === 2,
    );
    expect(receiver.calls('flaky')).toHaveLength(3);
    const statuses = table.items.map((i) => [i.status, i.attempts]).sort();
    expect(statuses).toEqual([
      ['delivered', 3],
      ['unsubscribed', 1],
    ]);
    const hooks = (await member(tenant, 'GET', AUTOMATION_PATHS.hooks)).json().data as { id: string }[];
    expect(hooks.map((h) => h.id)).not.toContain(gone.id);
    expect(hooks).toHaveLength(1);
  });

  it('refuses a hook on a private or loopback address unless the operator allows it', async () => {
    const tenant = await newTenant(t);
    const { apiKey } = await newKey(tenant);
    configureOutbound([]);
    try {
      for (const targetUrl of [
        'http://127.0.0.1:9/hook',
        'http://localhost/hook',
        'http://10.0.0.5/hook',
        'http://[::1]/hook',
        'http://169.254.169.254/latest/meta-data',
      ]) {
        const res = await platform(apiKey, 'POST', AUTOMATION_PATHS.subscribe, {
          event: 'conversation.created',
          targetUrl,
        });
        expect(res.statusCode, targetUrl).toBe(400);
        expect(res.json().code).toBe('ADDRESS_NOT_ALLOWED');
      }
      expect((await member(tenant, 'GET', AUTOMATION_PATHS.hooks)).json().data).toEqual([]);
    } finally {
      configureOutbound(t.config.outboundAllow);
    }
    // The operator allows 127.0.0.1 in the test app (OUTBOUND_ALLOW): then it is accepted.
    await subscribe(apiKey, 'conversation.created', receiver.url('allowed'));
  });

  it('runs the actions as the key’s member: create user, send message, add tag, assign', async () => {
    const tenant = await newTenant(t);
    const { apiKey } = await newKey(tenant);
    const userId = `zap-${randomUUID().slice(0, 8)}`;
    const created = await platform(apiKey, 'POST', AUTOMATION_PATHS.createUser, {
      userId,
      displayName: 'From Zapier',
    });
    expect(created.statusCode, created.body).toBe(200);
    expect(created.json()).toMatchObject({ userId, displayName: 'From Zapier' });
    const again = await platform(apiKey, 'POST', AUTOMATION_PATHS.createUser, { userId });
    expect(again.statusCode).toBe(409);

    const { groupId } = await newVisitorConversation(t, tenant);
    const sent = await platform(apiKey, 'POST', AUTOMATION_PATHS.sendMessage, {
      groupId,
      message: 'Your order shipped',
      key: 'z-1',
    });
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json()).toMatchObject({ key: 'z-1', groupId });

    await t.app.inject({
      method: 'POST',
      url: '/api/tags',
      headers: bearer(tenant),
      payload: { name: 'vip' },
    });
    const tagged = await platform(apiKey, 'POST', AUTOMATION_PATHS.addTag, { groupId, tag: 'vip' });
    expect(tagged.statusCode, tagged.body).toBe(200);
    expect(tagged.json().tags).toContain('vip');
    const unknownTag = await platform(apiKey, 'POST', AUTOMATION_PATHS.addTag, { groupId, tag: 'nope' });
    expect(unknownTag.statusCode).toBe(400);

    const assigned = await platform(apiKey, 'POST', AUTOMATION_PATHS.assignConversation, {
      groupId,
      assignee: tenant.adminUserName,
    });
    expect(assigned.statusCode, assigned.body).toBe(200);
    const noAgent = await platform(apiKey, 'POST', AUTOMATION_PATHS.assignConversation, {
      groupId,
      assignee: userId,
    });
    expect(noAgent.statusCode).toBe(400);
  });
});
