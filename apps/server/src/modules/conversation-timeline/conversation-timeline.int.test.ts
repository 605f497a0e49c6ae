import { groupEventsPath, MESSAGING_PATHS } from '@convo/api';
import { MESSAGES } from '@convo/domain';
import { describe, expect, it } from 'vitest';
import {
  newTenant,
  newVisitor,
  newVisitorConversation,
  type Tenant,
} from '../../testing/messaging-fixtures.js';
import { testDatabaseKinds } from '../../testing/test-database.js';
import { useTestApp } from '../../testing/use-test-app.js';

interface TimelineRow {
  id: number;
  type: string;
  actor: { userId: string; displayName: string } | null;
  data: Record<string, unknown>;
  createdAtTime: number;
}

describe.each(testDatabaseKinds())('conversation timeline on %s', (kind) => {
  const { t, tenants } = useTestApp(kind, { tenants: 1 });
  const [tenant] = tenants;

  const visitorConversation = (of: Tenant, groupName = 'Broken checkout page') =>
    newVisitorConversation(t, of, groupName);

  const timeline = (headers: Record<string, string>, groupId: number | string, query = '') =>
    t.app.inject({ method: 'GET', url: `${groupEventsPath(groupId)}${query}`, headers });

  it("lists the conversation's events oldest first, with who did them", async () => {
    const { groupId } = await visitorConversation(tenant);
    const status = await t.app.inject({
      method: 'PATCH',
      url: `${MESSAGING_PATHS.statusChange}?groupId=${groupId}&status=1`,
      headers: tenant.admin,
    });
    expect(status.statusCode, status.body).toBe(200);
    const tagged = await t.app.inject({
      method: 'PATCH',
      url: MESSAGING_PATHS.tags.replace(':operation', 'add'),
      headers: tenant.admin,
      payload: { groupId, tags: ['Do-not-auto-resolve'] },
    });
    expect(tagged.statusCode, tagged.body).toBe(200);

    const res = await timeline(tenant.admin, groupId);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.status).toBe('success');
    const rows = body.response.data as TimelineRow[];
    const types = rows.map((r) => r.type);
    expect(types[0]).toBe('created');
    expect(types.slice(-2)).toEqual(['status', 'tagged']);
    expect(rows.map((r) => r.id)).toEqual([...rows.map((r) => r.id)].sort((a, b) => a - b));
    for (let i = 1; i < rows.length; i += 1) {
      expect(rows[i]!.createdAtTime).toBeGreaterThanOrEqual(rows[i - 1]!.createdAtTime);
    }
    const statusRow = rows.find((r) => r.type === 'status')!;
    expect(statusRow.actor?.userId).toBe(tenant.adminUserName);
    expect(statusRow.data).toMatchObject({ to: 1 });
    expect(rows.find((r) => r.type === 'tagged')!.data).toEqual({ tags: ['Do-not-auto-resolve'] });
    expect(body.response.nextStartIndex).toBeNull();

    // Paging through the same rows.
    const first = (await timeline(tenant.admin, groupId, '?pageSize=2')).json().response;
    expect(first.data.map((r: TimelineRow) => r.id)).toEqual(rows.slice(0, 2).map((r) => r.id));
    expect(first.nextStartIndex).toBe(2);
    const rest = (await timeline(tenant.admin, groupId, '?startIndex=2&pageSize=100')).json().response;
    expect(rest.data.map((r: TimelineRow) => r.id)).toEqual(rows.slice(2).map((r) => r.id));
    expect(rest.nextStartIndex).toBeNull();
  });

  it("answers 'GroupId id is required' for a missing or non-numeric id", async () => {
    for (const id of ['abc', 'undefined', 'null', '0', '-4', '1.5', '%20', '12abc', '99999999999999999999']) {
      const res = await timeline(tenant.admin, id);
      expect(res.statusCode, `${id}: ${res.body}`).toBe(400);
      expect(res.json().message).toBe(MESSAGES.groupIdRequired);
      expect(res.json().message).toBe('GroupId id is required');
    }
    const empty = await t.app.inject({ method: 'GET', url: '/rest/ws/group//events', headers: tenant.admin });
    expect(empty.statusCode, empty.body).toBe(400);
    expect(empty.json().message).toBe('GroupId id is required');
    const unknown = await timeline(tenant.admin, 999_999_999);
    expect(unknown.statusCode).toBe(404);
  });

  it('shows a customer the timeline of their own conversation only', async () => {
    const { visitor, groupId } = await visitorConversation(tenant);
    const own = await timeline(visitor.headers, groupId);
    expect(own.statusCode, own.body).toBe(200);
    expect(own.json().response.data[0].type).toBe('created');
    const stranger = await newVisitor(t, tenant);
    const res = await timeline(stranger.headers, groupId);
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain('created');
  });

  it("never shows another tenant's timeline", async () => {
    const { groupId } = await visitorConversation(tenant, 'Very private matter');
    await t.app.inject({
      method: 'PATCH',
      url: `${MESSAGING_PATHS.statusChange}?groupId=${groupId}&status=2`,
      headers: tenant.admin,
    });
    const other = await newTenant(t);
    const otherVisitor = await newVisitor(t, other);
    for (const headers of [other.admin, otherVisitor.headers]) {
      const res = await timeline(headers, groupId);
      expect([403, 404]).toContain(res.statusCode);
      expect(res.body).not.toContain('"type"');
      expect(res.body).not.toContain(tenant.adminUserName);
    }
  });
});
