import { MESSAGING_PATHS } from '@convo/api';
import { describe, expect, it } from 'vitest';
import {
  groupInfoOf,
  newTenant,
  newVisitor,
  newVisitorConversation,
  sendTestMessage,
} from '../../testing/messaging-fixtures.js';
import { testDatabaseKinds } from '../../testing/test-database.js';
import { useTestApp } from '../../testing/use-test-app.js';

describe.each(testDatabaseKinds())('messaging core on %s', (kind) => {
  const { t, tenants } = useTestApp(kind, { tenants: 1 });
  const [tenant] = tenants;

  const visitorConversation = () => newVisitorConversation(t, tenant);

  const send = (headers: Record<string, string>, groupId: number, key: string, message: string) =>
    sendTestMessage(t, headers, groupId, key, message);
  const info = (groupId: number) => groupInfoOf(t, tenant.admin, groupId);

  it('opens a visitor conversation on the first message and lists it for the agent', async () => {
    const { visitor, groupId } = await visitorConversation();
    expect((await info(groupId)).status).toBe(-1);
    const sent = await send(visitor.headers, groupId, 'k-first', 'Where is my parcel?');
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json().messageKey).toBe('k-first');
    expect((await info(groupId)).status).toBe(0);
    const list = await t.app.inject({
      method: 'GET',
      url: `${MESSAGING_PATHS.messageListV3}?groupId=${groupId}&pageSize=30`,
      headers: tenant.admin,
    });
    const body = list.json();
    expect(body.message.map((m: { message: string }) => m.message)).toContain('Where is my parcel?');
    expect(body.groupFeeds[0].id).toBe(groupId);
    expect(body.userDetails.map((u: { userId: string }) => u.userId)).toContain(visitor.userId);
  });

  it('stores a retried send once and answers the retry with the first message', async () => {
    const { visitor, groupId } = await visitorConversation();
    const a = await send(visitor.headers, groupId, 'k-retry', 'Hello?');
    const b = await send(visitor.headers, groupId, 'k-retry', 'Hello?');
    expect(b.statusCode).toBe(200);
    expect(b.json().id).toBe(a.json().id);
    const list = await t.app.inject({
      method: 'GET',
      url: `${MESSAGING_PATHS.messageList}?groupId=${groupId}`,
      headers: tenant.admin,
    });
    expect(list.json().message.filter((m: { key: string }) => m.key === 'k-retry')).toHaveLength(1);
  });

  it('reopens a resolved conversation with the Reopen tag when the customer writes again', async () => {
    const { visitor, groupId } = await visitorConversation();
    await send(visitor.headers, groupId, `k-${groupId}-1`, 'Hi');
    const resolved = await t.app.inject({
      method: 'PATCH',
      url: `${MESSAGING_PATHS.statusChange}?groupId=${groupId}&status=2`,
      headers: tenant.admin,
    });
    expect(resolved.json().response.status).toBe(2);
    await send(visitor.headers, groupId, `k-${groupId}-2`, 'One more thing');
    const after = await info(groupId);
    expect(after.status).toBe(0);
    expect(after.tags.map((x: { name: string }) => x.name)).toContain('Reopen');
    const list = await t.app.inject({
      method: 'GET',
      url: `${MESSAGING_PATHS.messageList}?groupId=${groupId}`,
      headers: tenant.admin,
    });
    const system = list
      .json()
      .message.filter((m: { contentType: number }) => m.contentType === 10)
      .map((m: { message: string }) => m.message);
    expect(system.some((s: string) => s.startsWith('Resolved by'))).toBe(true);
    expect(system).toContain('Reopened by a customer message');
  });

  it('refuses bad input clearly and writes nothing', async () => {
    const { visitor, groupId } = await visitorConversation();
    const cases = [
      { payload: { key: '', groupId, message: 'empty key' }, code: 'INVALID_PARAMETER' },
      { payload: { key: 'k-ct', groupId, message: 'x', contentType: 57 }, code: 'INVALID_PARAMETER' },
      {
        payload: { key: 'k-meta', groupId, message: 'x', metadata: 'not an object' },
        code: 'INVALID_PARAMETER',
      },
      { payload: { key: 'k-unknown', groupId: 999999999, message: 'x' }, code: 'NOT_FOUND' },
      // A file must be one uploaded to this application: forged keys and URLs are refused.
      {
        payload: {
          key: 'k-file1',
          groupId,
          message: '',
          fileMeta: { key: crypto.randomUUID(), url: 'http://evil.example/x.png' },
        },
        code: 'INVALID_PARAMETER',
      },
      {
        payload: { key: 'k-file2', groupId, message: '', fileMeta: { key: "x'; drop table messages; --" } },
        code: 'INVALID_PARAMETER',
      },
    ];
    for (const c of cases) {
      const res = await t.app.inject({
        method: 'POST',
        url: MESSAGING_PATHS.messageSend,
        headers: visitor.headers,
        payload: c.payload,
      });
      expect(res.statusCode, JSON.stringify(c.payload)).toBeGreaterThanOrEqual(400);
      expect(res.statusCode).toBeLessThan(500);
      expect(res.json().code).toBe(c.code);
    }
    const list = await t.app.inject({
      method: 'GET',
      url: `${MESSAGING_PATHS.messageList}?groupId=${groupId}`,
      headers: tenant.admin,
    });
    // Only the routing line ("Assigned to …"); nothing of the refused sends.
    expect(list.json().message.filter((m: { contentType: number }) => m.contentType !== 10)).toHaveLength(0);
  });

  it("never shows or touches another tenant's conversation", async () => {
    const { groupId } = await visitorConversation();
    const other = await newTenant(t);
    const otherVisitor = await newVisitor(t, other);
    for (const headers of [other.admin, otherVisitor.headers]) {
      const requests = [
        t.app.inject({ method: 'GET', url: `${MESSAGING_PATHS.groupInfo}?groupId=${groupId}`, headers }),
        t.app.inject({ method: 'GET', url: `${MESSAGING_PATHS.messageList}?groupId=${groupId}`, headers }),
        send(headers, groupId, `k-intruder-${Math.random()}`, 'intrusion'),
        t.app.inject({
          method: 'PATCH',
          url: `${MESSAGING_PATHS.statusChange}?groupId=${groupId}&status=2`,
          headers,
        }),
      ];
      for (const res of await Promise.all(requests)) {
        expect([403, 404]).toContain(res.statusCode);
        expect(res.body).not.toContain('Help with my order');
      }
    }
    expect((await info(groupId)).status).toBe(-1);
  });

  it('answers multi group info with the visible conversations only, in the asked order', async () => {
    const one = await visitorConversation();
    const two = await visitorConversation();
    const foreign = await (async () => {
      const other = await newTenant(t);
      const v = await newVisitor(t, other);
      const r = await t.app.inject({
        method: 'POST',
        url: MESSAGING_PATHS.groupCreateV21,
        headers: v.headers,
        payload: { groupName: 'Theirs' },
      });
      return r.json().response.id as number;
    })();
    const res = await t.app.inject({
      method: 'GET',
      url: `${MESSAGING_PATHS.groupInfoMultiple}?groupIds=${two.groupId},${foreign}&groupIds=${one.groupId}`,
      headers: tenant.admin,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().response.map((g: { id: number }) => g.id)).toEqual([two.groupId, one.groupId]);
    const bad = await t.app.inject({
      method: 'GET',
      url: `${MESSAGING_PATHS.groupInfoMultiple}?groupIds=abc`,
      headers: tenant.admin,
    });
    expect(bad.statusCode).toBe(400);
  });

  it("keeps a visitor out of another visitor's conversation of the same company", async () => {
    const { groupId } = await visitorConversation();
    const stranger = await newVisitor(t, tenant);
    const res = await t.app.inject({
      method: 'GET',
      url: `${MESSAGING_PATHS.messageList}?groupId=${groupId}`,
      headers: stranger.headers,
    });
    expect(res.statusCode).toBe(404);
  });
});
