import type { AddressInfo } from 'node:net';
import { createServer } from 'node:net';
import { MESSAGING_PATHS, NOTIFICATION_SETTINGS_PATHS as P, pushSubscriptionPath } from '@convo/api';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox, vapidKeys } from '../../db/schema/index.js';
import { randomToken, sha256 } from '../../platform/crypto.js';
import { configureOutbound } from '../../platform/outbound/index.js';
import { addTestMember } from '../../testing/members.js';
import { newVisitor } from '../../testing/messaging-fixtures.js';
import { testDatabaseKinds } from '../../testing/test-database.js';
import { useTestApp } from '../../testing/use-test-app.js';
import { insertSession } from '../accounts/repository.js';

// /settings/email-notifications (per member, used on assignment) and /settings/pushnotification
// (VAPID keys made once per installation, subscriptions per member and browser, test sends).

type Headers = Record<string, string>;

describe.each(testDatabaseKinds())('notification settings on %s', (kind) => {
  const { t, tenants } = useTestApp(kind, { tenants: 2 });
  const [tenant, other] = tenants;
  let owner: Headers;
  let otherOwner: Headers;
  beforeAll(() => {
    owner = { authorization: `Bearer ${tenant.admin['x-authorization']}` };
    otherOwner = { authorization: `Bearer ${other.admin['x-authorization']}` };
  });

  async function signIn(applicationId: string, userId: string): Promise<Headers> {
    const token = randomToken();
    await insertSession(t.database.db, {
      tokenHash: sha256(token),
      userId,
      applicationId,
      kind: 'web',
      expiresAt: new Date(Date.now() + 3_600_000),
    });
    return { authorization: `Bearer ${token}` };
  }

  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, headers: Headers, payload?: object) =>
    t.app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload }) });

  // A syntactically valid subscription whose push service cannot be reached (nothing listens there).
  const subscription = (n: number) => ({
    endpoint: `https://127.0.0.1:9/push/${n}-${Math.random().toString(36).slice(2)}`,
    keys: {
      p256dh: 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM',
      auth: 'tBHItJI5svbpez7KI4CCXg',
    },
    label: `Chromium ${n}`,
  });

  describe('e-mail notifications', () => {
    it('returns the defaults, saves the caller’s own choices and validates them', async () => {
      const first = await call('GET', P.email, owner);
      expect(first.json().data).toEqual({
        assignedToMe: true,
        newMessageWhileOffline: true,
        dailySummary: false,
      });
      const choices = { assignedToMe: false, newMessageWhileOffline: true, dailySummary: true };
      expect((await call('PUT', P.email, owner, choices)).json().data).toEqual(choices);
      expect((await call('GET', P.email, owner)).json().data).toEqual(choices);
      expect((await call('PUT', P.email, owner, { assignedToMe: 'yes' })).statusCode).toBe(400);
      // Another tenant's owner keeps their own defaults.
      expect((await call('GET', P.email, otherOwner)).json().data.dailySummary).toBe(false);
    });

    it('queues a mail when a conversation is assigned to an agent who is away and wants it', async () => {
      const away = await addTestMember(t.database, tenant.applicationId, '2', 0);
      const online = await addTestMember(t.database, tenant.applicationId, '2', 1);
      const optedOut = await addTestMember(t.database, tenant.applicationId, '2', 0);
      await call('PUT', P.email, await signIn(tenant.applicationId, optedOut.id), {
        assignedToMe: false,
        newMessageWhileOffline: false,
        dailySummary: false,
      });
      const visitor = await newVisitor(t, tenant);
      const mailsTo = (to: string | null) =>
        t.database.db
          .select()
          .from(mailOutbox)
          .where(and(eq(mailOutbox.to, to ?? ''), eq(mailOutbox.applicationId, tenant.applicationId)));
      for (const agent of [away, online, optedOut]) {
        const group = await t.app.inject({
          method: 'POST',
          url: MESSAGING_PATHS.groupCreateV21,
          headers: visitor.headers,
          payload: { groupName: 'Assignment mail' },
        });
        const id = group.json().response.id as number;
        const res = await t.app.inject({
          method: 'PATCH',
          url: `${MESSAGING_PATHS.assigneeChange}?groupId=${id}&assignee=${encodeURIComponent(agent.userId)}`,
          headers: tenant.admin,
        });
        expect(res.statusCode, res.body).toBe(200);
        if (agent === away) {
          const mails = await mailsTo(away.email);
          expect(mails).toHaveLength(1);
          expect(mails[0]!.subject).toBe(`Conversation #${id} was assigned to you`);
          expect(mails[0]!.status).toBe('queued');
        }
      }
      expect(await mailsTo(online.email)).toHaveLength(0);
      expect(await mailsTo(optedOut.email)).toHaveLength(0);
    });
  });

  describe('push notifications', () => {
    it('makes the VAPID key pair once, in the database', async () => {
      const a = await call('GET', P.pushPublicKey, owner);
      expect(a.statusCode, a.body).toBe(200);
      const key = a.json().data.publicKey as string;
      expect(key).toMatch(/^[A-Za-z0-9_-]{80,}$/);
      expect((await call('GET', P.pushPublicKey, otherOwner)).json().data.publicKey).toBe(key);
      const rows = await t.database.db.select().from(vapidKeys);
      expect(rows).toHaveLength(1);
      expect(rows[0]!.publicKey).toBe(key);
    });

    it('saves, lists and removes the caller’s subscriptions, one per browser', async () => {
      const s1 = subscription(1);
      const created = await call('POST', P.pushSubscriptions, owner, s1);
      expect(created.statusCode, created.body).toBe(200);
      // Subscribing the same browser again refreshes it rather than adding a second row.
      const again = await call('POST', P.pushSubscriptions, owner, { ...s1, label: 'Renamed' });
      expect(again.json().data.id).toBe(created.json().data.id);
      await call('POST', P.pushSubscriptions, owner, subscription(2));
      const list = (await call('GET', P.pushSubscriptions, owner)).json().data as {
        id: string;
        label: string;
      }[];
      expect(list.map((s) => s.label)).toEqual(['Renamed', 'Chromium 2']);
      expect((await call('DELETE', pushSubscriptionPath(list[1]!.id), owner)).statusCode).toBe(200);
      expect((await call('GET', P.pushSubscriptions, owner)).json().data).toHaveLength(1);
      expect((await call('DELETE', pushSubscriptionPath(list[1]!.id), owner)).statusCode).toBe(404);
    });

    it('refuses bad subscriptions and members without the privilege', async () => {
      const bad = [
        { ...subscription(3), endpoint: 'http://push.example.com/x' },
        { ...subscription(3), endpoint: 'not a url' },
        { endpoint: subscription(3).endpoint, keys: { p256dh: '' } },
        { ...subscription(3), keys: { p256dh: 'short', auth: 'tBHItJI5svbpez7KI4CCXg' } },
      ];
      for (const body of bad)
        expect((await call('POST', P.pushSubscriptions, owner, body)).statusCode).toBe(400);
      const operator = await addTestMember(t.database, tenant.applicationId, '12', 1);
      const headers = await signIn(tenant.applicationId, operator.id);
      expect((await call('GET', P.pushSubscriptions, headers)).statusCode).toBe(403);
      expect((await call('GET', P.pushPublicKey, {})).statusCode).toBe(401);
    });

    it("keeps each tenant's and member's subscriptions apart", async () => {
      const mine = (await call('POST', P.pushSubscriptions, owner, subscription(4))).json().data;
      expect((await call('GET', P.pushSubscriptions, otherOwner)).json().data).toEqual([]);
      expect((await call('DELETE', pushSubscriptionPath(mine.id), otherOwner)).statusCode).toBe(404);
      const colleague = await addTestMember(t.database, tenant.applicationId, '1', 1);
      const theirs = await signIn(tenant.applicationId, colleague.id);
      expect((await call('GET', P.pushSubscriptions, theirs)).json().data).toEqual([]);
      expect((await call('DELETE', pushSubscriptionPath(mine.id), theirs)).statusCode).toBe(404);
      const ids = (await call('GET', P.pushSubscriptions, owner))
        .json()
        .data.map((s: { id: string }) => s.id);
      expect(ids).toContain(mine.id);
    });

    it('never sends to an endpoint on the server’s own network by default, and tells nothing of it', async () => {
      const fresh = await addTestMember(t.database, tenant.applicationId, '1', 1);
      const headers = await signIn(tenant.applicationId, fresh.id);
      let connections = 0;
      const listener = createServer((socket) => {
        connections += 1;
        socket.destroy();
      });
      await new Promise<void>((resolve) => listener.listen(0, '127.0.0.1', resolve));
      const endpoint = `https://127.0.0.1:${(listener.address() as AddressInfo).port}/push/x`;
      // Saved while the operator allowed 127.0.0.1 (the test app's OUTBOUND_ALLOW)…
      expect(
        (await call('POST', P.pushSubscriptions, headers, { ...subscription(6), endpoint })).statusCode,
      ).toBe(200);
      configureOutbound([]);
      try {
        const refused = await call('POST', P.pushSubscriptions, headers, { ...subscription(7), endpoint });
        expect(refused.statusCode).toBe(400);
        expect(refused.json().code).toBe('ADDRESS_NOT_ALLOWED');
        const failed = await call('POST', P.pushTest, headers);
        expect(failed.json()).toMatchObject({
          code: 'PUSH_FAILED',
          details: { errors: ['could not reach the address'] },
        });
        expect(connections).toBe(0);
      } finally {
        configureOutbound(t.config.outboundAllow);
        await new Promise((resolve) => listener.close(resolve));
      }
    });

    it('answers a clear error when the test notification cannot be delivered', async () => {
      const fresh = await addTestMember(t.database, tenant.applicationId, '1', 1);
      const headers = await signIn(tenant.applicationId, fresh.id);
      const none = await call('POST', P.pushTest, headers);
      expect(none.statusCode).toBe(400);
      expect(none.json().code).toBe('NO_PUSH_SUBSCRIPTION');
      await call('POST', P.pushSubscriptions, headers, subscription(5));
      const failed = await call('POST', P.pushTest, headers);
      expect(failed.statusCode, failed.body).toBe(400);
      expect(failed.json()).toMatchObject({
        code: 'PUSH_FAILED',
        message: 'The notification could not be delivered to any browser.',
      });
      expect(failed.json().details.errors).toHaveLength(1);
    });
  });
});
