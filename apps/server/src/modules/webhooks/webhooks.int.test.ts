import { createHmac, randomUUID } from 'node:crypto';
import { MESSAGING_PATHS, WEBHOOK_PATHS, webhookPath } from '@convo/api';
import { eq } from 'drizzle-orm';
import Fastify, { type FastifyInstance } from 'fastify';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startWorkers } from '../../app.js';
import { appSettings, webhooks } from '../../db/schema/index.js';
import type { JobRunner } from '../../platform/jobs/job-queue.js';
import { configureOutbound } from '../../platform/outbound/index.js';
import { newTenant, newVisitor, type Tenant } from '../../testing/messaging-fixtures.js';
import { testDatabaseKinds } from '../../testing/test-database.js';
import { useTestApp } from '../../testing/use-test-app.js';
import { isSealed } from './secret-box.js';
import { sealLegacyWebhookSecrets } from './service.js';
import { verifyWebhookSignature } from './signature.js';

interface Received {
  path: string;
  headers: Record<string, string | string[] | undefined>;
  raw: string;
}

/** A local HTTP receiver: records every call; each path answers from its own script of statuses. */
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
    if (name === 'slow') await new Promise((r) => setTimeout(r, 1500));
    const script = scripts.get(name) ?? [];
    return reply.status(script.shift() ?? 200).send({ ok: true });
  });
  const address = await server.listen({ host: '127.0.0.1', port: 0 });
  return {
    received,
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
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe.each(testDatabaseKinds())('outgoing webhooks on %s', (kind) => {
  const { t } = useTestApp(kind);
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  let worker: JobRunner | null = null;
  const silent = pino({ level: 'silent' });

  beforeAll(async () => {
    receiver = await startReceiver();
  });
  afterAll(async () => {
    await worker?.stop();
    await receiver?.close();
  });

  const runWorker = (webhookTimeoutMs?: number) => {
    worker = startWorkers({
      appSecret: t.config.appSecret,
      db: t.database.db,
      log: silent,
      pollMs: 20,
      backoffBaseMs: 5,
      webhookTimeoutMs,
    });
    return worker;
  };
  const stopWorker = async () => {
    await worker?.stop();
    worker = null;
  };

  const bearer = (tenant: Tenant) => ({ authorization: `Bearer ${tenant.admin['x-authorization']}` });
  const api = (
    tenant: Tenant | Record<string, string>,
    method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE',
    url: string,
    payload?: unknown,
  ) =>
    t.app.inject({
      method,
      url,
      headers: 'admin' in tenant ? bearer(tenant as Tenant) : (tenant as Record<string, string>),
      ...(payload !== undefined ? { payload: payload as Record<string, unknown> } : {}),
    });

  async function createHook(tenant: Tenant, url: string) {
    const res = await api(tenant, 'POST', WEBHOOK_PATHS.create, { url });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as { id: string; secret: string; url: string };
  }

  const deliveries = async (tenant: Tenant, id: string) => {
    const res = await api(tenant, 'GET', `${webhookPath(WEBHOOK_PATHS.deliveries, id)}?limit=10`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as {
      id: string;
      status: string;
      attempts: number;
      lastStatusCode: number | null;
      lastError: string | null;
      createdAt: number;
      deliveredAt: number | null;
      messageId: number;
    }[];
  };

  type MessageSpec =
    | Record<string, unknown>
    | ((headers: Record<string, string>) => Promise<Record<string, unknown>>);

  /** A file the visitor uploads (multipart, as a browser sends it); its fileMeta. */
  async function upload(
    headers: Record<string, string>,
    filename: string,
    contentType: string,
    data: Buffer,
  ) {
    const boundary = `----convo${Math.random().toString(16).slice(2)}`;
    const payload = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\n` +
          `Content-Type: ${contentType}\r\n\r\n`,
      ),
      data,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const res = await t.app.inject({
      method: 'POST',
      url: '/rest/ws/upload/file',
      headers: { ...headers, 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload,
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { key: string; name: string; url: string; size: number; contentType: string };
  }

  async function visitorSends(tenant: Tenant, messages: MessageSpec[]) {
    const visitor = await newVisitor(t, tenant);
    const group = await t.app.inject({
      method: 'POST',
      url: MESSAGING_PATHS.groupCreateV21,
      headers: visitor.headers,
      payload: { groupName: 'Help with my order', type: 10 },
    });
    expect(group.statusCode, group.body).toBe(200);
    const { id: groupId, clientGroupId } = group.json().response as { id: number; clientGroupId: string };
    const sent = [];
    for (const spec of messages) {
      const m = typeof spec === 'function' ? await spec(visitor.headers) : spec;
      const res = await t.app.inject({
        method: 'POST',
        url: MESSAGING_PATHS.messageSend,
        headers: visitor.headers,
        payload: { groupId, ...m },
      });
      expect(res.statusCode, res.body).toBe(200);
      sent.push(res.json() as { messageKey: string; createdAt: number; id: number });
    }
    return { visitor, groupId, clientGroupId, sent };
  }

  it('manages webhooks: create (secret once), list, update, rotate, delete, and refuses bad input', async () => {
    const tenant = await newTenant(t);
    const created = await createHook(tenant, receiver.url('crud'));
    expect(created.secret).toMatch(/^whsec_[0-9a-f]{64}$/);
    expect(created).toMatchObject({ url: receiver.url('crud'), events: ['message.received'], enabled: true });

    const list = await api(tenant, 'GET', WEBHOOK_PATHS.list);
    expect(list.json().data).toHaveLength(1);
    expect(list.json().data[0]).toMatchObject({ id: created.id, secretHint: created.secret.slice(-4) });
    expect(list.body).not.toContain(created.secret);

    const patched = await api(tenant, 'PATCH', webhookPath(WEBHOOK_PATHS.update, created.id), {
      url: 'https://hooks.example.com/convo',
      enabled: false,
    });
    expect(patched.statusCode, patched.body).toBe(200);
    expect(patched.json().data).toMatchObject({ url: 'https://hooks.example.com/convo', enabled: false });
    expect(patched.body).not.toContain(created.secret);

    const rotated = await api(tenant, 'POST', webhookPath(WEBHOOK_PATHS.rotateSecret, created.id));
    expect(rotated.statusCode).toBe(200);
    expect(rotated.json().data.secret).toMatch(/^whsec_/);
    expect(rotated.json().data.secret).not.toBe(created.secret);

    for (const [payload, what] of [
      [{ url: 'ftp://example.com/x' }, 'ftp URL'],
      [{ url: 'javascript:alert(1)' }, 'script URL'],
      [{ url: 'not a url' }, 'no URL'],
      [{ url: 'https://example.com', events: ['message.deleted'] }, 'unknown event'],
    ] as const) {
      const res = await api(tenant, 'POST', WEBHOOK_PATHS.create, payload);
      expect(res.statusCode, what).toBe(400);
      expect(res.json().code).toBe('INVALID_PARAMETER');
    }
    const empty = await api(tenant, 'PATCH', webhookPath(WEBHOOK_PATHS.update, created.id), {});
    expect(empty.statusCode).toBe(400);
    const unknownId = await api(tenant, 'PATCH', webhookPath(WEBHOOK_PATHS.update, randomUUID()), {
      enabled: true,
    });
    expect(unknownId.statusCode).toBe(404);

    const removed = await api(tenant, 'DELETE', webhookPath(WEBHOOK_PATHS.remove, created.id));
    expect(removed.statusCode).toBe(200);
    expect((await api(tenant, 'GET', WEBHOOK_PATHS.list)).json().data).toEqual([]);
    expect((await api(tenant, 'DELETE', webhookPath(WEBHOOK_PATHS.remove, created.id))).statusCode).toBe(404);
  });

  it('delivers a sent message in the Kommunicate shape, signed with the secret', async () => {
    const tenant = await newTenant(t);
    const hook = await createHook(tenant, receiver.url('shape'));
    let file: Awaited<ReturnType<typeof upload>> | undefined;
    const { visitor, groupId, clientGroupId, sent } = await visitorSends(tenant, [
      { key: 'wh-1', message: 'Where is my parcel?', metadata: { orderId: '1234' } },
      async (headers) => {
        file = await upload(headers, 'invoice.pdf', 'application/pdf', Buffer.from('%PDF-1.4 not really'));
        return { key: 'wh-2', message: '', fileMeta: { key: file.key } };
      },
    ]);
    // A retried send (same key) stores nothing new, so it sends nothing new either.
    await t.app.inject({
      method: 'POST',
      url: MESSAGING_PATHS.messageSend,
      headers: visitor.headers,
      payload: { groupId, key: 'wh-1', message: 'Where is my parcel?' },
    });

    runWorker();
    await waitFor(
      () => deliveries(tenant, hook.id),
      (rows) => rows.length === 2 && rows.every((r) => r.status === 'delivered'),
    );
    await stopWorker();

    const calls = receiver.calls('shape');
    expect(calls).toHaveLength(2);
    const first = calls.map((c) => JSON.parse(c.raw)).find((b) => b.key === 'wh-1');
    const firstCall = calls.find((c) => JSON.parse(c.raw).key === 'wh-1')!;
    expect(Object.keys(first)).toEqual([
      'key',
      'from',
      'groupId',
      'clientGroupId',
      'groupName',
      'message',
      'timeStamp',
      'receiverConnected',
      'receiverLastSeenAtTime',
      'metadata',
    ]);
    expect(first).toMatchObject({
      key: 'wh-1',
      from: visitor.userId,
      groupId,
      clientGroupId,
      groupName: 'Help with my order',
      message: 'Where is my parcel?',
      timeStamp: sent[0]!.createdAt,
      receiverConnected: false,
      metadata: { orderId: '1234' },
    });
    expect(first.receiverLastSeenAtTime === null || typeof first.receiverLastSeenAtTime === 'number').toBe(
      true,
    );

    // Headers, and a signature any receiver can check with the secret.
    expect(firstCall.headers['content-type']).toBe('application/json');
    const signature = firstCall.headers['x-convo-signature'];
    expect(verifyWebhookSignature(hook.secret, firstCall.raw, signature)).toBe(true);
    expect(signature).toBe(`sha256=${createHmac('sha256', hook.secret).update(firstCall.raw).digest('hex')}`);
    expect(verifyWebhookSignature('whsec_wrong', firstCall.raw, signature)).toBe(false);
    expect(Math.abs(Number(firstCall.headers['x-convo-timestamp']) - Date.now())).toBeLessThan(60_000);
    const log = await deliveries(tenant, hook.id);
    expect(log.map((d) => d.id)).toContain(firstCall.headers['x-convo-delivery']);

    const withFile = JSON.parse(calls.find((c) => JSON.parse(c.raw).key === 'wh-2')!.raw);
    expect(withFile.file).toEqual({
      name: 'invoice.pdf',
      url: file!.url,
      contentType: 'application/pdf',
      size: file!.size,
      thumbnailUrl: null,
    });
    expect(Object.keys(withFile).slice(-2)).toEqual(['file', 'metadata']);

    // The log: newest first, each delivered at the first attempt with the receiver's status.
    expect(log[0]!.messageId).toBe(sent[1]!.id);
    expect(log.every((d) => d.attempts === 1 && d.lastStatusCode === 200 && d.lastError === null)).toBe(true);
    expect(log.every((d) => d.deliveredAt !== null && d.deliveredAt >= d.createdAt)).toBe(true);
  });

  it('retries a failing receiver (500, 500, then 200) and logs the delivery with 3 attempts', async () => {
    const tenant = await newTenant(t);
    const hook = await createHook(tenant, receiver.url('flaky', [500, 500, 200]));
    await visitorSends(tenant, [{ key: 'retry-1', message: 'Anyone there?' }]);
    runWorker();
    const [row] = await waitFor(
      () => deliveries(tenant, hook.id),
      (rows) => rows[0]?.status === 'delivered',
    );
    await stopWorker();
    expect(row).toMatchObject({ status: 'delivered', attempts: 3, lastStatusCode: 200, lastError: null });
    const calls = receiver.calls('flaky');
    expect(calls).toHaveLength(3);
    // The same delivery, the same body, each time validly signed.
    expect(new Set(calls.map((c) => c.headers['x-convo-delivery'])).size).toBe(1);
    expect(new Set(calls.map((c) => c.raw)).size).toBe(1);
    expect(
      calls.every((c) => verifyWebhookSignature(hook.secret, c.raw, c.headers['x-convo-signature'])),
    ).toBe(true);
  });

  it('records a timeout and keeps retrying; a disabled webhook gets nothing new', async () => {
    const tenant = await newTenant(t);
    const hook = await createHook(tenant, receiver.url('slow'));
    await visitorSends(tenant, [{ key: 'slow-1', message: 'Hello?' }]);
    runWorker(200);
    const [row] = await waitFor(
      () => deliveries(tenant, hook.id),
      (rows) => rows[0]?.status === 'retrying',
    );
    expect(row).toMatchObject({ lastError: 'timeout', lastStatusCode: null });
    expect(row!.attempts).toBeGreaterThanOrEqual(1);

    // Disabled: the queued retry is dropped and new messages enqueue nothing.
    await api(tenant, 'PATCH', webhookPath(WEBHOOK_PATHS.update, hook.id), { enabled: false });
    const [skipped] = await waitFor(
      () => deliveries(tenant, hook.id),
      (rows) => rows[0]?.status === 'skipped',
    );
    expect(skipped!.lastError).toMatch(/disabled/);
    await visitorSends(tenant, [{ key: 'slow-2', message: 'Still there?' }]);
    await stopWorker();
    expect(await deliveries(tenant, hook.id)).toHaveLength(1);
  });

  it('a webhook another node deleted (its invalidation not here yet) fails no send; a new one gets the next message', async () => {
    const tenant = await newTenant(t);
    const first = await createHook(tenant, receiver.url('ok'));
    await visitorSends(tenant, [{ key: 'node-1', message: 'Hello' }]);
    // Deleted on another node: the row goes, this process's cache is not told.
    await t.database.db.delete(webhooks).where(eq(webhooks.id, first.id));
    await visitorSends(tenant, [{ key: 'node-2', message: 'Still there?' }]);
    // Created through this node: its own invalidation is immediate.
    const second = await createHook(tenant, receiver.url('ok'));
    await visitorSends(tenant, [{ key: 'node-3', message: 'One more' }]);
    const rows = await deliveries(tenant, second.id);
    expect(rows).toHaveLength(1);
  });

  it('never posts to the server’s own network by default: refused at save, and at delivery with nothing told', async () => {
    const tenant = await newTenant(t);
    // Saved while the operator allowed 127.0.0.1 (the test app's OUTBOUND_ALLOW)…
    const hook = await createHook(tenant, receiver.url('internal'));
    configureOutbound([]);
    try {
      // …now the default: a new one is refused outright, in any spelling of the address.
      for (const url of ['http://127.0.0.1:9/x', 'http://[::ffff:127.0.0.1]/x', 'http://2130706433/x']) {
        const res = await api(tenant, 'POST', WEBHOOK_PATHS.create, { url });
        expect(res.statusCode, url).toBe(400);
        expect(res.json().code).toBe('ADDRESS_NOT_ALLOWED');
      }
      await visitorSends(tenant, [{ key: 'internal-1', message: 'Hello?' }]);
      runWorker();
      const [row] = await waitFor(
        () => deliveries(tenant, hook.id),
        (rows) => rows[0]?.status === 'retrying' || rows[0]?.status === 'failed',
      );
      await stopWorker();
      // The log says what any unreachable address says: not "ECONNREFUSED", not the port.
      expect(row).toMatchObject({ lastError: 'could not reach the address', lastStatusCode: null });
      expect(receiver.calls('internal')).toHaveLength(0);
    } finally {
      await stopWorker();
      configureOutbound(t.config.outboundAllow);
    }
  });

  it("keeps each tenant's webhooks to itself, and needs the settings.webhooks privilege", async () => {
    const owner = await newTenant(t);
    const hook = await createHook(owner, 'http://127.0.0.1:9/private');
    const other = await newTenant(t);

    expect((await api(other, 'GET', WEBHOOK_PATHS.list)).json().data).toEqual([]);
    const attempts = [
      await api(other, 'PATCH', webhookPath(WEBHOOK_PATHS.update, hook.id), {
        url: 'https://evil.example.com',
      }),
      await api(other, 'POST', webhookPath(WEBHOOK_PATHS.rotateSecret, hook.id)),
      await api(other, 'GET', webhookPath(WEBHOOK_PATHS.deliveries, hook.id)),
      await api(other, 'DELETE', webhookPath(WEBHOOK_PATHS.remove, hook.id)),
    ];
    for (const res of attempts) {
      expect(res.statusCode).toBe(404);
      expect(res.body).not.toContain('127.0.0.1:9');
    }
    const mine = (await api(owner, 'GET', WEBHOOK_PATHS.list)).json().data;
    expect(mine).toMatchObject([{ id: hook.id, url: 'http://127.0.0.1:9/private' }]);

    // A company override that gives settings.webhooks to admins (1) only: the super admin (0) is out.
    await t.database.db
      .update(appSettings)
      .set({ companySetting: { rolesAndPermissions: { 'settings.webhooks': ['1'] } } })
      .where(eq(appSettings.applicationId, other.applicationId));
    const forbidden = await api(other, 'GET', WEBHOOK_PATHS.list);
    expect(forbidden.statusCode).toBe(403);
    expect((await api(other, 'POST', WEBHOOK_PATHS.create, { url: 'https://example.com' })).statusCode).toBe(
      403,
    );

    // End users (a website visitor's messaging token) never reach the product API; nobody without a token.
    const visitor = await newVisitor(t, owner);
    expect(
      (await api({ authorization: `Bearer ${visitor.token}` }, 'GET', WEBHOOK_PATHS.list)).statusCode,
    ).toBe(403);
    expect((await api({}, 'GET', WEBHOOK_PATHS.list)).statusCode).toBe(401);
  });

  it('webhooks security: secrets sealed at rest, https required, a custom header on every delivery', async () => {
    const tenant = await newTenant(t);
    const other = await newTenant(t);
    const plainHook = await createHook(tenant, receiver.url('secure'));

    // The signing secret is stored sealed, never as given.
    const [stored] = await t.database.db.select().from(webhooks).where(eq(webhooks.id, plainHook.id));
    expect(isSealed(stored!.secret)).toBe(true);
    expect(stored!.secret).not.toContain(plainHook.secret);

    const defaults = await api(tenant, 'GET', WEBHOOK_PATHS.security);
    expect(defaults.json().data).toEqual({
      requireHttps: false,
      authHeaderName: null,
      authHeaderHint: null,
      updatedAt: null,
    });

    // https cannot be required while a webhook points at http://, and nothing changes.
    const refused = await api(tenant, 'PUT', WEBHOOK_PATHS.security, { requireHttps: true });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('INSECURE_WEBHOOKS');
    expect((await api(tenant, 'GET', WEBHOOK_PATHS.security)).json().data.requireHttps).toBe(false);

    // Bad headers are refused with the reason: ours, or not a header name.
    for (const authHeader of [
      { name: 'X-Convo-Signature', value: 'x' },
      { name: 'bad header', value: 'x' },
      { name: 'Authorization', value: 'line\nbreak' },
    ]) {
      const bad = await api(tenant, 'PUT', WEBHOOK_PATHS.security, { authHeader });
      expect(bad.statusCode, JSON.stringify(authHeader)).toBe(400);
    }

    const value = `Basic ${Buffer.from('convo:hunter2-secret').toString('base64')}`;
    const saved = await api(tenant, 'PUT', WEBHOOK_PATHS.security, {
      authHeader: { name: 'Authorization', value },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data).toMatchObject({
      authHeaderName: 'Authorization',
      authHeaderHint: value.slice(-4),
    });
    expect(saved.body).not.toContain(value);
    // Another application keeps its own defaults.
    expect((await api(other, 'GET', WEBHOOK_PATHS.security)).json().data.authHeaderName).toBeNull();

    await visitorSends(tenant, [{ key: 'sec-1', message: 'Is my header there?' }]);
    runWorker();
    await waitFor(
      () => deliveries(tenant, plainHook.id),
      (rows) => rows.length === 1 && rows[0]?.status === 'delivered',
    );
    await stopWorker();
    const [call] = receiver.calls('secure');
    expect(call!.headers.authorization).toBe(value);
    expect(verifyWebhookSignature(plainHook.secret, call!.raw, call!.headers['x-convo-signature'])).toBe(
      true,
    );

    // With the http webhook gone, https can be required; then http URLs are refused.
    await api(tenant, 'DELETE', webhookPath(WEBHOOK_PATHS.remove, plainHook.id));
    const https = await api(tenant, 'PUT', WEBHOOK_PATHS.security, { requireHttps: true });
    expect(https.statusCode, https.body).toBe(200);
    expect(https.json().data).toMatchObject({ requireHttps: true, authHeaderName: 'Authorization' });
    const httpHook = await api(tenant, 'POST', WEBHOOK_PATHS.create, { url: receiver.url('secure') });
    expect(httpHook.statusCode).toBe(400);
    expect(httpHook.json().code).toBe('HTTPS_REQUIRED');
    expect(
      (await api(tenant, 'POST', WEBHOOK_PATHS.create, { url: 'https://hooks.example.com/x' })).statusCode,
    ).toBe(200);
    // Removing the header sends none from now on.
    const cleared = await api(tenant, 'PUT', WEBHOOK_PATHS.security, { authHeader: null });
    expect(cleared.json().data).toMatchObject({ authHeaderName: null, authHeaderHint: null });
  });

  it('seals the plain secrets of webhooks written before sealing, once, keeping them valid', async () => {
    const tenant = await newTenant(t);
    const hook = await createHook(tenant, receiver.url('legacy'));
    // As an older release stored it: the plain secret.
    await t.database.db.update(webhooks).set({ secret: hook.secret }).where(eq(webhooks.id, hook.id));
    expect((await api(tenant, 'GET', WEBHOOK_PATHS.list)).json().data[0].secretHint).toBe(
      hook.secret.slice(-4),
    );
    expect(await sealLegacyWebhookSecrets(t.database.db, t.config.appSecret)).toBeGreaterThanOrEqual(1);
    expect(await sealLegacyWebhookSecrets(t.database.db, t.config.appSecret)).toBe(0);
    const [stored] = await t.database.db.select().from(webhooks).where(eq(webhooks.id, hook.id));
    expect(isSealed(stored!.secret)).toBe(true);
    await visitorSends(tenant, [{ key: 'legacy-1', message: 'Signed with the same secret?' }]);
    runWorker();
    await waitFor(
      () => deliveries(tenant, hook.id),
      (rows) => rows.length === 1 && rows[0]?.status === 'delivered',
    );
    await stopWorker();
    const [call] = receiver.calls('legacy');
    expect(verifyWebhookSignature(hook.secret, call!.raw, call!.headers['x-convo-signature'])).toBe(true);
  });
});
