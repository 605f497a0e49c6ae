import { createCipheriv, createDecipheriv } from 'node:crypto';
import { MESSAGING_PATHS } from '@convo/api';
import { describe, expect, it } from 'vitest';
import { findUserInApplication } from '../modules/accounts/repository.js';
import { newTenant, newVisitor, type Tenant } from '../testing/messaging-fixtures.js';
import { testDatabaseKinds } from '../testing/test-database.js';
import { useTestApp } from '../testing/use-test-app.js';
import { setApplicationEncryption } from './encryption-repository.js';
import { decryptPayload, encryptPayload } from './payload-encryption.js';

const UPLOAD_PROBE = '/rest/ws/upload/__encryption-probe';

describe.each(testDatabaseKinds())('payload encryption on %s', (kind) => {
  // A probe route standing for an upload path (exempt from encryption).
  const { t } = useTestApp(kind, {
    beforeReady: (app) => app.post(UPLOAD_PROBE, async (req) => ({ received: req.body })),
  });

  /** A tenant with encryption switched on before any of its tokens is used. */
  async function encryptingTenant(type: number) {
    const tenant = await newTenant(t);
    await setApplicationEncryption(t.database.db, tenant.applicationId, { enabled: true, type });
    const visitor = await newVisitor(t, tenant);
    const userKey = await userKeyOf(tenant, visitor.userId);
    return { tenant, visitor, userKey };
  }

  async function userKeyOf(tenant: Tenant, userId: string): Promise<string> {
    const user = await findUserInApplication(t.database.db, tenant.applicationId, userId);
    if (!user) throw new Error('no such user');
    return user.userKey;
  }

  const post = (
    url: string,
    headers: Record<string, string>,
    body: string,
    contentType = 'application/json',
  ) =>
    t.app.inject({
      method: 'POST',
      url,
      headers: { ...headers, 'content-type': contentType },
      payload: body,
    });

  it('AES-128-ECB: takes encrypted bodies and answers encrypted, as the client would do with node:crypto', async () => {
    const { visitor, userKey, tenant } = await encryptingTenant(3);
    const key16 = Buffer.from(userKey.slice(0, 16), 'utf8');
    const clientEncrypt = (value: unknown) => {
      const c = createCipheriv('aes-128-ecb', key16, null);
      return Buffer.concat([c.update(JSON.stringify(value), 'utf8'), c.final()]).toString('base64');
    };
    const clientDecrypt = (body: string) => {
      const d = createDecipheriv('aes-128-ecb', key16, null);
      return JSON.parse(Buffer.concat([d.update(Buffer.from(body, 'base64')), d.final()]).toString('utf8'));
    };

    const created = await post(
      MESSAGING_PATHS.groupCreateV21,
      visitor.headers,
      clientEncrypt({ groupName: 'Secret order', type: 10 }),
    );
    expect(created.statusCode, created.body).toBe(200);
    expect(created.headers['content-type']).toMatch(/^text\/plain/);
    expect(created.headers['x-convo-encrypted']).toBe('3');
    expect(created.body).not.toContain('Secret order');
    const groupId = clientDecrypt(created.body).response.id as number;

    // Some clients send the body as text/plain: it is JSON once decrypted all the same.
    const sent = await post(
      MESSAGING_PATHS.messageSend,
      visitor.headers,
      clientEncrypt({ key: 'enc-1', groupId, message: 'my card number is 4242' }),
      'text/plain',
    );
    expect(sent.statusCode, sent.body).toBe(200);
    expect(clientDecrypt(sent.body)).toMatchObject({ messageKey: 'enc-1', groupId });

    const list = await t.app.inject({
      method: 'GET',
      url: `${MESSAGING_PATHS.messageListV3}?groupId=${groupId}`,
      headers: visitor.headers,
    });
    expect(list.statusCode).toBe(200);
    expect(list.body).not.toContain('4242');
    const page = clientDecrypt(list.body) as { message: { message: string }[] };
    expect(page.message.map((m) => m.message)).toContain('my card number is 4242');

    // The agent side of the same application is encrypted with the agent's own key.
    const adminUserKey = await userKeyOf(tenant, tenant.adminUserName);
    const agentList = await t.app.inject({
      method: 'GET',
      url: `${MESSAGING_PATHS.messageListV3}?groupId=${groupId}`,
      headers: tenant.admin,
    });
    expect(agentList.statusCode).toBe(200);
    expect(JSON.parse(decryptPayload(agentList.body, adminUserKey, 3)).message.length).toBeGreaterThan(0);
  });

  it('AES-256-CBC (type 5): a random IV in front of the ciphertext, both ways', async () => {
    const { visitor, userKey } = await encryptingTenant(5);
    const created = await post(
      MESSAGING_PATHS.groupCreateV21,
      visitor.headers,
      encryptPayload(JSON.stringify({ groupName: 'Type five', type: 10 }), userKey, 5),
    );
    expect(created.statusCode, created.body).toBe(200);
    expect(created.headers['x-convo-encrypted']).toBe('5');
    const raw = Buffer.from(created.body, 'base64');
    const d = createDecipheriv('aes-256-cbc', Buffer.from(userKey.slice(0, 32)), raw.subarray(0, 16));
    const answer = JSON.parse(Buffer.concat([d.update(raw.subarray(16)), d.final()]).toString('utf8'));
    expect(answer.response.name).toBe('Type five');
    const groupId = answer.response.id as number;
    const sent = await post(
      MESSAGING_PATHS.messageSend,
      visitor.headers,
      encryptPayload(JSON.stringify({ key: 'cbc-1', groupId, message: 'hello' }), userKey, 5),
    );
    expect(sent.statusCode, sent.body).toBe(200);
    expect(JSON.parse(decryptPayload(sent.body, userKey, 5)).messageKey).toBe('cbc-1');
  });

  it('refuses a plain or wrongly encrypted body with a readable, plain error', async () => {
    const { visitor, userKey } = await encryptingTenant(3);
    const plain = await post(
      MESSAGING_PATHS.groupCreateV21,
      visitor.headers,
      JSON.stringify({ groupName: 'x' }),
    );
    expect(plain.statusCode).toBe(400);
    expect(plain.json().code).toBe('INVALID_ENCRYPTED_PAYLOAD');
    const wrongKey = await post(
      MESSAGING_PATHS.groupCreateV21,
      visitor.headers,
      encryptPayload(JSON.stringify({ groupName: 'x', type: 10 }), 'ffffffffffffffffffffffffffffffff', 3),
    );
    expect(wrongKey.statusCode).toBe(400);
    expect(['INVALID_ENCRYPTED_PAYLOAD', 'INVALID_JSON']).toContain(wrongKey.json().code);
    // Errors of an encrypting application stay plain JSON.
    const unknown = await t.app.inject({
      method: 'GET',
      url: `${MESSAGING_PATHS.groupInfo}?groupId=999999999`,
      headers: visitor.headers,
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().code).toBe('NOT_FOUND');
    // The right key still works afterwards.
    const ok = await post(
      MESSAGING_PATHS.groupCreateV21,
      visitor.headers,
      encryptPayload(JSON.stringify({ groupName: 'fine', type: 10 }), userKey, 3),
    );
    expect(ok.statusCode, ok.body).toBe(200);
  });

  it('leaves uploads, registration and applications without encryption alone', async () => {
    const { tenant, visitor } = await encryptingTenant(3);
    const upload = await post(UPLOAD_PROBE, visitor.headers, JSON.stringify({ file: 'raw' }));
    expect(upload.statusCode).toBe(200);
    expect(upload.json()).toEqual({ received: { file: 'raw' } });
    expect(upload.headers['x-convo-encrypted']).toBeUndefined();
    // register/client of the encrypting tenant: plain both ways (the client has no key yet).
    const again = await newVisitor(t, tenant);
    expect(again.token).toBeTruthy();

    const plainTenant = await newTenant(t);
    const plainVisitor = await newVisitor(t, plainTenant);
    const res = await post(
      MESSAGING_PATHS.groupCreateV21,
      plainVisitor.headers,
      JSON.stringify({ groupName: 'Plain', type: 10 }),
    );
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-convo-encrypted']).toBeUndefined();
    expect(res.json().response.id).toBeGreaterThan(0);
  });
});
