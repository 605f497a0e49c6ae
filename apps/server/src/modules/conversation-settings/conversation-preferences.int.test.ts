import { INBOX_PATHS, MESSAGING_PATHS } from '@convo/api';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { messages, users } from '../../db/schema/index.js';
import { randomToken, sha256 } from '../../platform/crypto.js';
import { newTenant, newVisitor, type Tenant } from '../../testing/messaging-fixtures.js';
import { testDatabaseKinds } from '../../testing/test-database.js';
import { useTestApp } from '../../testing/use-test-app.js';
import { addMember } from '../accounts/provision.js';
import { insertSession } from '../accounts/repository.js';

type Headers = Record<string, string>;

describe.each(testDatabaseKinds())('waiting queue and conversation preferences on %s', (kind) => {
  const { t } = useTestApp(kind);

  /** A tenant whose members are all away, so every routed conversation finds nobody free. */
  async function awayTenant() {
    const tenant = await newTenant(t);
    await t.database.db.update(users).set({ status: 0 }).where(eq(users.applicationId, tenant.applicationId));
    return { tenant, owner: { authorization: `Bearer ${tenant.admin['x-authorization']}` } as Headers };
  }

  /** An operator: a member without the settings pages' privileges. */
  async function operatorHeaders(tenant: Tenant) {
    const tag = Math.random().toString(36).slice(2, 10);
    const user = await addMember(t.database.db, tenant.applicationId, {
      email: `o-${tag}@example.com`,
      name: `Operator ${tag}`,
      passwordHash: null,
      roleType: '12',
    });
    const token = randomToken();
    await insertSession(t.database.db, {
      tokenHash: sha256(token),
      userId: user.id,
      applicationId: tenant.applicationId,
      kind: 'web',
      expiresAt: new Date(Date.now() + 3_600_000),
    });
    return { authorization: `Bearer ${token}` } as Headers;
  }

  const patch = (headers: Headers, payload: object) =>
    t.app.inject({ method: 'PATCH', url: INBOX_PATHS.conversationSettings, headers, payload });

  async function conversation(tenant: Tenant) {
    const visitor = await newVisitor(t, tenant);
    const res = await t.app.inject({
      method: 'POST',
      url: MESSAGING_PATHS.groupCreateV21,
      headers: visitor.headers,
      payload: { groupName: 'Help' },
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().response as { id: number; status: number; assignee: string | null };
  }

  it('starts from the defaults and keeps each tenant its own', async () => {
    const { owner } = await awayTenant();
    const read = await t.app.inject({ method: 'GET', url: INBOX_PATHS.conversationSettings, headers: owner });
    expect(read.json().data).toMatchObject({
      waitingQueueEnabled: true,
      waitingMessage: null,
      waitingQueueMax: null,
      defaultSort: 'newest',
      showResolvedInAll: false,
      requireTagToResolve: false,
    });
    const saved = await patch(owner, {
      defaultSort: 'waiting',
      showResolvedInAll: true,
      waitingMessage: '  ',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data).toMatchObject({
      defaultSort: 'waiting',
      showResolvedInAll: true,
      waitingMessage: null,
    });
    const other = await awayTenant();
    const theirs = await t.app.inject({
      method: 'GET',
      url: INBOX_PATHS.conversationSettings,
      headers: other.owner,
    });
    expect(theirs.json().data.defaultSort).toBe('newest');
  });

  it('checks values and the page privilege of each field', async () => {
    const { tenant, owner } = await awayTenant();
    expect((await patch(owner, { defaultSort: 'random' })).statusCode).toBe(400);
    expect((await patch(owner, { waitingQueueMax: 0 })).statusCode).toBe(400);
    expect((await patch(owner, { waitingMessage: 'x'.repeat(1001) })).statusCode).toBe(400);
    const operator = await operatorHeaders(tenant);
    const denied = await patch(operator, { waitingQueueEnabled: false });
    expect(denied.statusCode).toBe(403);
    expect((await patch(operator, { requireTagToResolve: true })).statusCode).toBe(403);
  });

  it('queues with the waiting message, keeps conversations out of the queue when it is off or full', async () => {
    const { tenant, owner } = await awayTenant();
    await patch(owner, {
      agentRouting: 1,
      waitingMessage: 'All our agents are busy; we will be with you soon.',
    });
    const queued = await conversation(tenant);
    expect(queued.status).toBe(7);
    const lines = await t.database.db
      .select({ message: messages.message })
      .from(messages)
      .where(eq(messages.conversationId, queued.id));
    expect(lines.map((l) => l.message)).toContain('All our agents are busy; we will be with you soon.');

    expect((await patch(owner, { waitingQueueMax: 1 })).json().data.waitingQueueMax).toBe(1);
    const overflow = await conversation(tenant);
    expect(overflow.status).not.toBe(7);
    expect(overflow.assignee).toBeNull();

    await patch(owner, { waitingQueueMax: null, waitingQueueEnabled: false });
    const unqueued = await conversation(tenant);
    expect(unqueued.status).not.toBe(7);
    await patch(owner, { waitingQueueEnabled: true });
    expect((await conversation(tenant)).status).toBe(7);
  });

  it('refuses to resolve an untagged conversation when a tag is required', async () => {
    const { tenant, owner } = await awayTenant();
    const conv = await conversation(tenant);
    const resolve = () =>
      t.app.inject({
        method: 'PATCH',
        url: `${MESSAGING_PATHS.statusChange}?groupId=${conv.id}&status=2`,
        headers: tenant.admin,
      });
    await patch(owner, { requireTagToResolve: true });
    const refused = await resolve();
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ code: 'TAG_REQUIRED' });
    const bulk = await t.app.inject({
      method: 'PATCH',
      url: MESSAGING_PATHS.statusChangeAll,
      headers: tenant.admin,
      payload: { groupIds: [conv.id], status: 2 },
    });
    expect(bulk.json()).toMatchObject({ code: 'TAG_REQUIRED' });
    await t.app.inject({
      method: 'PATCH',
      url: '/rest/ws/group/add/tags',
      headers: tenant.admin,
      payload: { groupId: conv.id, tags: ['Do-not-auto-resolve'] },
    });
    const resolved = await resolve();
    expect(resolved.statusCode, resolved.body).toBe(200);
    expect(resolved.json().response.status).toBe(2);
  });
});
