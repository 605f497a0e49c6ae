import { CONVERSATION_PATHS, MESSAGING_PATHS, REGISTRATION_PATHS } from '@convo/api';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../platform/db/database.js';
import { newVisitor, type Tenant } from '../../testing/messaging-fixtures.js';
import { testDatabaseKinds } from '../../testing/test-database.js';
import { useTestApp } from '../../testing/use-test-app.js';
import { applyAfterMessages, findUsersByUserIds, updateConversation } from '../conversations/repository.js';
import { chooseContentPlan, contentPlanSettled, SHARES_TTL_MS } from './content-plan.js';
import {
  type ContentPlan,
  commonLexemeShares,
  countConversations,
  countTagged,
  findConversationPage,
  type TagPlan,
} from './repository.js';
import { chooseTagPlan, tagPlanSettled } from './tag-plan.js';

type Headers = Record<string, string>;
interface Feed {
  id: number;
  name: string;
  status: number;
  assignee: string | null;
}

describe.each(testDatabaseKinds())('conversation lists and search on %s', (kind) => {
  const { t, tenants } = useTestApp(kind, { tenants: 2 });
  const [tenant, other] = tenants;
  /** The tenant's conversations by letter (see beforeAll). */
  const ids: Record<string, number> = {};
  const visitors: Record<string, Headers> = {};
  /** The other tenant's one conversation. */
  let otherConversation = 0;

  async function visitorWithEmail(of: Tenant, email: string) {
    const userId = `known-${Math.random().toString(36).slice(2, 10)}`;
    const res = await t.app.inject({
      method: 'POST',
      url: REGISTRATION_PATHS.registerClient,
      payload: { userId, applicationId: of.applicationId, authenticationTypeId: 0, email },
    });
    return { 'x-authorization': res.json().authToken as string, 'application-key': of.applicationId };
  }

  async function create(headers: Headers, groupName: string, metadata: Record<string, string> = {}) {
    const res = await t.app.inject({
      method: 'POST',
      url: MESSAGING_PATHS.groupCreateV21,
      headers,
      payload: { groupName, type: 10, metadata },
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().response.id as number;
  }

  async function send(headers: Headers, groupId: number, message: string) {
    const res = await t.app.inject({
      method: 'POST',
      url: MESSAGING_PATHS.messageSend,
      headers,
      payload: { key: `k-${Math.random().toString(36).slice(2)}`, groupId, message },
    });
    expect(res.statusCode, res.body).toBe(200);
  }

  beforeAll(async () => {
    const skip = { SKIP_ROUTING: 'true' };
    // A: a known customer (e-mail), routed to the owner, tagged, with a unique word in a message.
    visitors.A = await visitorWithEmail(tenant, 'alice@example.com');
    ids.A = await create(visitors.A, 'Billing question', { plan: 'gold' });
    await send(visitors.A, ids.A, 'My invoice shows zanzibar charges I never made');
    // B: anonymous, routed to the owner, resolved.
    visitors.B = (await newVisitor(t, tenant)).headers;
    ids.B = await create(visitors.B, 'Shipping delay', { plan: 'silver' });
    await send(visitors.B, ids.B, 'My package arrived late');
    // C: anonymous, nobody assigned (routing skipped).
    visitors.C = (await newVisitor(t, tenant)).headers;
    ids.C = await create(visitors.C, 'Hello from the pricing page', skip);
    // D, E, F: waiting in the queue, E longest, then F, then D.
    for (const key of ['D', 'E', 'F']) {
      visitors[key] = (await newVisitor(t, tenant)).headers;
      ids[key] = await create(visitors[key]!, `Queued ${key}`, skip);
    }
    const minutesAgo = (m: number) => new Date(Date.now() - m * 60_000);
    for (const [key, since] of [
      ['D', minutesAgo(5)],
      ['E', minutesAgo(30)],
      ['F', minutesAgo(10)],
    ] as const) {
      await updateConversation(t.database.db, tenant.applicationId, ids[key]!, {
        status: 7,
        waitingSince: since,
      });
    }
    await t.app.inject({
      method: 'PATCH',
      url: `${MESSAGING_PATHS.statusChange}?groupId=${ids.B}&status=2`,
      headers: tenant.admin,
    });
    await t.app.inject({
      method: 'PATCH',
      url: MESSAGING_PATHS.tags.replace(':operation', 'add'),
      headers: tenant.admin,
      payload: { groupId: ids.A, tags: ['Do-not-auto-resolve'] },
    });
    // C is the latest activity of all.
    await send(visitors.C!, ids.C, 'Is there a discount for nonprofits?');
    // The other tenant has a conversation with the same unique word.
    const otherVisitor = await newVisitor(t, other);
    const otherGroup = await create(otherVisitor.headers, 'Other tenant billing');
    await send(otherVisitor.headers, otherGroup, 'zanzibar zanzibar');
    otherConversation = otherGroup;
  });

  const search = (headers: Headers, payload: unknown) =>
    t.app.inject({
      method: 'POST',
      url: CONVERSATION_PATHS.supportSearch,
      headers,
      payload: payload as object,
    });
  const found = async (payload: Record<string, unknown>, headers: Headers = tenant.admin) => {
    const res = await search(headers, payload);
    expect(res.statusCode, res.body).toBe(200);
    return (res.json().response.groupFeeds as Feed[]).map((f) => f.id);
  };
  const sorted = (keys: string[]) => keys.map((k) => ids[k]!).sort((a, b) => a - b);
  const asSet = (list: number[]) => [...list].sort((a, b) => a - b);

  it('searches by status, tag, assignee, team and metadata', async () => {
    expect(asSet(await found({ status: [2] }))).toEqual(sorted(['B']));
    expect(asSet(await found({ status: [7] }))).toEqual(sorted(['D', 'E', 'F']));
    expect(asSet(await found({ status: 7 }))).toEqual(sorted(['D', 'E', 'F']));
    expect(asSet(await found({ status: [0, 2] }))).toEqual(sorted(['A', 'B', 'C']));
    expect(await found({ tags: ['Do-not-auto-resolve'] })).toEqual([ids.A]);
    expect(await found({ tags: ['Reopen'] })).toEqual([]);
    expect(asSet(await found({ assignee: tenant.adminUserName }))).toEqual(sorted(['A', 'B']));
    expect(asSet(await found({ assignee: 'unassigned' }))).toEqual(sorted(['C', 'D', 'E', 'F']));
    expect(await found({ assignee: 'nobody-by-that-name' })).toEqual([]);
    expect(asSet(await found({ assignee: tenant.adminUserName, status: [2] }))).toEqual(sorted(['B']));
    expect(await found({ attributeFilter: { plan: 'gold' } })).toEqual([ids.A]);
    expect(asSet(await found({ teamId: 'km_default_team' }))).toEqual(sorted(['A', 'B', 'C', 'D', 'E', 'F']));
    expect(await found({ teamId: 'no-such-team' })).toEqual([]);
    const feed = (await search(tenant.admin, { status: [2] })).json().response;
    expect(feed.groupFeeds[0]).toMatchObject({ id: ids.B, name: 'Shipping delay', status: 2 });
    expect(feed.groupFeeds[0].assignee).toBe(tenant.adminUserName);
    expect(feed.nextStartIndex).toBeNull();
  });

  it("shows each conversation's last message in the list (a preview of its first line)", async () => {
    const res = await search(tenant.admin, {});
    expect(res.statusCode, res.body).toBe(200);
    const feeds = res.json().response.groupFeeds as (Feed & { lastMessage?: unknown })[];
    const previewOf = (key: string) => feeds.find((f) => f.id === ids[key])?.lastMessage;
    expect(previewOf('A')).toEqual({
      preview: 'My invoice shows zanzibar charges I never made',
      contentType: 0,
      senderType: 2,
    });
    // Resolving writes a system line ("Resolved by …"), which is not the last message.
    expect(previewOf('B')).toMatchObject({ preview: 'My package arrived late' });
    expect(previewOf('C')).toMatchObject({ preview: 'Is there a discount for nonprofits?' });
    expect(previewOf('D')).toBeNull();
    const waiting = await t.app.inject({
      method: 'GET',
      url: CONVERSATION_PATHS.waitingList,
      headers: tenant.admin,
    });
    expect(waiting.json().response.groupFeeds[0]).toHaveProperty('lastMessage', null);
  });

  it('searches message content (full text) and conversation names', async () => {
    expect(await found({ content: 'zanzibar' })).toEqual([ids.A]);
    expect(await found({ content: 'ZANZIBAR' })).toEqual([ids.A]);
    expect(await found({ content: 'zanzibar charges' })).toEqual([ids.A]);
    expect(await found({ content: 'nonprofits' })).toEqual([ids.C]);
    // "delay" is only in B's name.
    expect(await found({ content: 'delay' })).toEqual([ids.B]);
    expect(await found({ content: 'pricing page' })).toEqual([ids.C]);
    expect(await found({ content: 'zanzibar', status: [2] })).toEqual([]);
    expect(await found({ content: '100%_' })).toEqual([]);
    expect(await found({ content: "'; drop table conversations; --" })).toEqual([]);
    // System lines ("Resolved by …") are not searched.
    expect(await found({ content: 'Resolved' })).toEqual([]);
    // An empty search box means no content filter.
    expect((await found({ content: '' })).length).toBe(6);
  });

  it('filters on time range and known customers, sorts and pages', async () => {
    expect(await found({ searchFilter: { knownuser: true } })).toEqual([ids.A]);
    expect(asSet(await found({ searchFilter: { knownuser: false } }))).toEqual(
      sorted(['B', 'C', 'D', 'E', 'F']),
    );
    const now = Date.now();
    expect(
      (await found({ searchFilter: { startTime: now - 3_600_000, endTime: now + 60_000 } })).length,
    ).toBe(6);
    expect(await found({ searchFilter: { startTime: now + 3_600_000 } })).toEqual([]);
    expect(await found({ searchFilter: { endTime: now - 3_600_000 } })).toEqual([]);

    const newest = await found({});
    expect(newest).toHaveLength(6);
    expect(newest[0]).toBe(ids.C);
    expect(await found({ sort: 'oldest' })).toEqual([...newest].reverse());
    expect((await found({ sort: 'waiting' })).slice(0, 3)).toEqual([ids.E, ids.F, ids.D]);

    const pages: number[][] = [];
    let start: number | null = 0;
    while (start !== null) {
      const res = await search(tenant.admin, { startIndex: start, pageSize: 4 });
      const body = res.json().response;
      pages.push(body.groupFeeds.map((f: Feed) => f.id));
      start = body.nextStartIndex;
    }
    expect(pages.map((p) => p.length)).toEqual([4, 2]);
    expect(pages.flat()).toEqual(newest);
  });

  it('lists the waiting queue longest waiting first', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: CONVERSATION_PATHS.waitingList,
      headers: tenant.admin,
    });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.status).toBe('success');
    expect(body.response.groupFeeds.map((f: Feed) => f.id)).toEqual([ids.E, ids.F, ids.D]);
    expect(body.response.groupFeeds.every((f: Feed) => f.status === 7)).toBe(true);
    expect(body.response.total).toBe(3);
    expect(body.response.nextStartIndex).toBeNull();
    const page = await t.app.inject({
      method: 'GET',
      url: `${CONVERSATION_PATHS.waitingList}?startIndex=1&pageSize=1`,
      headers: tenant.admin,
    });
    expect(page.json().response.groupFeeds.map((f: Feed) => f.id)).toEqual([ids.F]);
    expect(page.json().response.nextStartIndex).toBe(2);
  });

  it("lists the caller's conversations: all for members, their own for a customer", async () => {
    const list = async (headers: Headers, query = '') => {
      const res = await t.app.inject({
        method: 'GET',
        url: `${CONVERSATION_PATHS.groupList}${query}`,
        headers,
      });
      expect(res.statusCode, res.body).toBe(200);
      return res.json().response as { groupFeeds: Feed[]; nextStartIndex: number | null };
    };
    const all = await list(tenant.admin);
    expect(all.groupFeeds.map((f) => f.id)).toEqual(await found({}));
    expect(all.groupFeeds[0]!.id).toBe(ids.C);
    expect(asSet((await list(tenant.admin, '?status=7')).groupFeeds.map((f) => f.id))).toEqual(
      sorted(['D', 'E', 'F']),
    );
    expect(asSet((await list(tenant.admin, '?status=0,2')).groupFeeds.map((f) => f.id))).toEqual(
      sorted(['A', 'B', 'C']),
    );
    expect(asSet((await list(tenant.admin, '?status=0&status=2')).groupFeeds.map((f) => f.id))).toEqual(
      sorted(['A', 'B', 'C']),
    );
    const paged = await list(tenant.admin, '?pageSize=5');
    expect(paged.groupFeeds).toHaveLength(5);
    expect(paged.nextStartIndex).toBe(5);
    const own = await list(visitors.A!);
    expect(own.groupFeeds.map((f) => f.id)).toEqual([ids.A]);
    expect(own.nextStartIndex).toBeNull();
    expect((await list(visitors.B!, '?status=0')).groupFeeds).toEqual([]);
  });

  it('refuses end users on the team lists and bad input clearly', async () => {
    for (const res of [
      await search(visitors.A!, { content: 'zanzibar' }),
      await t.app.inject({ method: 'GET', url: CONVERSATION_PATHS.waitingList, headers: visitors.A! }),
    ]) {
      expect(res.statusCode, res.body).toBe(403);
      expect(res.body).not.toContain('Billing question');
    }
    const bad = [
      await search(tenant.admin, { pageSize: 101 }),
      await search(tenant.admin, { pageSize: 0 }),
      await search(tenant.admin, { startIndex: -1 }),
      await search(tenant.admin, { status: ['open'] }),
      await search(tenant.admin, { status: [42] }),
      await search(tenant.admin, { sort: 'random' }),
      await search(tenant.admin, { tags: 'Reopen' }),
      await search(tenant.admin, { attributeFilter: 'plan=gold' }),
      await search(tenant.admin, { content: 'x'.repeat(501) }),
      await search(tenant.admin, { searchFilter: { startTime: 'yesterday' } }),
      await search(tenant.admin, { searchFilter: { startTime: 2000, endTime: 1000 } }),
      await search(tenant.admin, [1, 2]),
      await t.app.inject({
        method: 'GET',
        url: `${CONVERSATION_PATHS.groupList}?status=open`,
        headers: tenant.admin,
      }),
      await t.app.inject({
        method: 'GET',
        url: `${CONVERSATION_PATHS.waitingList}?pageSize=1000`,
        headers: tenant.admin,
      }),
    ];
    for (const res of bad) {
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().message).toEqual(expect.any(String));
    }
    const noBody = await t.app.inject({
      method: 'POST',
      url: CONVERSATION_PATHS.supportSearch,
      headers: tenant.admin,
    });
    expect(noBody.statusCode, noBody.body).toBe(200);
    expect(noBody.json().response.groupFeeds).toHaveLength(6);
  });

  it("never shows another tenant's conversations", async () => {
    const otherIds = await found({ content: 'zanzibar' }, other.admin);
    expect(otherIds).toHaveLength(1);
    expect(otherIds).not.toContain(ids.A);
    for (const res of [
      await search(other.admin, {}),
      await search(other.admin, { assignee: tenant.adminUserName }),
      await search(other.admin, { status: [7] }),
      await t.app.inject({ method: 'GET', url: CONVERSATION_PATHS.waitingList, headers: other.admin }),
      await t.app.inject({ method: 'GET', url: CONVERSATION_PATHS.groupList, headers: other.admin }),
    ]) {
      expect(res.statusCode, res.body).toBe(200);
      const feeds = res.json().response.groupFeeds as Feed[];
      expect(feeds.some((f) => Object.values(ids).includes(f.id))).toBe(false);
      expect(res.body).not.toContain('Billing question');
      expect(res.body).not.toContain('Queued');
    }
    // Our token with the other application's key is refused outright.
    const mixed = await search({ ...tenant.admin, 'application-key': other.applicationId }, {});
    expect(mixed.statusCode).toBe(403);
  });

  it('finds the same page with either content plan (union of indexed halves, or the walk), and walks conversations for a word in most messages', async () => {
    const db = t.database.db;
    const page = (of: Tenant, content: string, contentPlan: ContentPlan, offset = 0) =>
      findConversationPage(db, of.applicationId, {
        content,
        contentPlan,
        sort: 'newest',
        offset,
        limit: 3,
      }).then((rows) => rows.map((r) => r.id));
    for (const of of [tenant, other]) {
      // Words in messages, in names ('delay', 'pricing page'), in both tenants' names ('billing'), in
      // a name and a message ('question', 'my'), parts of names too short for a trigram ('ue', 'a'),
      // and the user's own wildcards.
      for (const content of [
        'zanzibar',
        'zanzibar charges',
        'delay',
        'pricing page',
        'billing',
        'question',
        'my',
        'ue',
        'a',
        '100%_',
        'no-such-word',
      ]) {
        for (const offset of [0, 1]) {
          expect(await page(of, content, 'by-conversation', offset), `${content} @${offset}`).toEqual(
            await page(of, content, 'by-match', offset),
          );
        }
      }
    }
    // A word in nearly every message of the table: after ANALYZE the statistics list it, and a
    // search for it walks the conversations (the read happens in the background).
    const alice = visitors.A as Headers;
    for (let i = 0; i < 12; i++) await send(alice, ids.A as number, `ubiquitous word ${i}`);
    await db.execute(sql`analyze messages`);
    const shares = await commonLexemeShares(db);
    expect(shares.get('ubiquitous')).toBeGreaterThan(0.02);
    // Statistics older than their time to live are read again.
    chooseContentPlan(db, 'ubiquitous', Date.now() + SHARES_TTL_MS);
    await contentPlanSettled(db);
    expect(chooseContentPlan(db, 'ubiquitous')).toBe('by-conversation');
    expect(chooseContentPlan(db, 'ubiquitous nowhereelse')).toBe('by-match');
    expect(await found({ content: 'ubiquitous' })).toEqual([ids.A]);
    expect(await found({ content: 'ubiquitous' }, other.admin)).toEqual([]);
  });

  it('finds the same tagged page with either tag plan, for each tenant alone, and chooses one from the counts', async () => {
    const db = t.database.db;
    const tag = (of: Tenant, groupId: number, name: string) =>
      t.app.inject({
        method: 'PATCH',
        url: MESSAGING_PATHS.tags.replace(':operation', 'add'),
        headers: of.admin,
        payload: { groupId, tags: [name] },
      });
    // The default tags, in both tenants: each its own tag of the same name.
    for (const [of, groupId] of [
      [tenant, ids.B as number],
      [tenant, ids.E as number],
      [other, otherConversation],
    ] as const) {
      expect((await tag(of, groupId, 'Reopen')).statusCode).toBe(200);
    }
    expect((await tag(other, otherConversation, 'Do-not-auto-resolve')).statusCode).toBe(200);
    const page = (of: Tenant, tagNames: string[], tagPlan: TagPlan | undefined, offset = 0, limit = 2) =>
      findConversationPage(db, of.applicationId, { tagNames, tagPlan, sort: 'newest', offset, limit }).then(
        (rows) => rows.map((r) => r.id),
      );
    const expected = new Map<Tenant, Record<string, number[]>>([
      [tenant, { Reopen: [ids.B as number, ids.E as number], 'Do-not-auto-resolve': [ids.A as number] }],
      [other, { Reopen: [otherConversation], 'Do-not-auto-resolve': [otherConversation] }],
    ]);
    for (const [of, byName] of expected) {
      for (const names of [
        ['Reopen'],
        ['Do-not-auto-resolve'],
        ['Reopen', 'Do-not-auto-resolve'],
        ['None'],
      ]) {
        const want = asSet([...new Set(names.flatMap((n) => byName[n] ?? []))]);
        for (const plan of [undefined, 'by-tag', 'by-conversation'] as const) {
          expect(asSet(await page(of, names, plan, 0, 10)), `${names.join()} ${plan}`).toEqual(want);
          for (const offset of [0, 1]) {
            expect(await page(of, names, plan, offset), `${names.join()} ${plan} @${offset}`).toEqual(
              await page(of, names, undefined, offset),
            );
          }
        }
      }
    }
    // The counts are read in the background; until then the planner chooses.
    const both = ['Reopen', 'Do-not-auto-resolve'];
    expect(chooseTagPlan(db, tenant.applicationId, both, 31)).toBeUndefined();
    expect(chooseTagPlan(db, tenant.applicationId, ['Nowhere'], 31)).toBeUndefined();
    await tagPlanSettled(db);
    // Each tenant's own counts: 3 of the tenant's 6 conversations (read first: 3 rows), none.
    expect(await countTagged(db, tenant.applicationId, both, 100)).toBe(3);
    expect(await countTagged(db, tenant.applicationId, both, 2)).toBe(2);
    expect(await countTagged(db, other.applicationId, both, 100)).toBe(2);
    expect(await countConversations(db, tenant.applicationId, 100)).toBe(6);
    expect(chooseTagPlan(db, tenant.applicationId, both, 31)).toBe('by-tag');
    expect(chooseTagPlan(db, tenant.applicationId, ['Nowhere'], 31)).toBe('by-tag');
    // Through the route, with the counts read: each tenant's own.
    expect(asSet(await found({ tags: ['Reopen'] }))).toEqual(sorted(['B', 'E']));
    expect(await found({ tags: ['Reopen'] }, other.admin)).toEqual([otherConversation]);
    expect(await found({ tags: ['Nowhere'] })).toEqual([]);
  });

  it("keeps the inbox's order (conversation_activity) in step: a send puts its conversation first, a status or assignee change is copied", async () => {
    await send(visitors.B as Headers, ids.B as number, 'Still waiting for my package');
    expect((await found({}))[0]).toBe(ids.B);
    expect((await found({ sort: 'oldest' })).at(-1)).toBe(ids.B);
    await updateConversation(t.database.db, tenant.applicationId, ids.C as number, { status: 2 });
    expect(await found({ status: [2] })).toContain(ids.C);
    // Assigned and unassigned again: "assigned to" reads the activity's copy.
    const [adminRow] = await findUsersByUserIds(t.database.db, tenant.applicationId, [tenant.adminUserName]);
    const admin = adminRow!.id;
    await updateConversation(t.database.db, tenant.applicationId, ids.C as number, { assigneeId: admin });
    expect(await found({ assignee: tenant.adminUserName })).toContain(ids.C);
    expect(await found({ assignee: 'unassigned' })).not.toContain(ids.C);
    await updateConversation(t.database.db, tenant.applicationId, ids.C as number, { assigneeId: null });
    expect(await found({ assignee: tenant.adminUserName })).not.toContain(ids.C);
    expect(await found({ assignee: 'unassigned' })).toContain(ids.C);
    // Every conversation of both tenants has its row, equal to the conversation's own columns.
    const result = await t.database.db.execute(sql`
      select count(*)::int as conversations,
        count(a.conversation_id)::int as rows,
        count(*) filter (where a.status = c.status
          and a.assignee_id is not distinct from c.assignee_id
          and a.last_activity_at = coalesce(c.last_message_at, c.created_at))::int as equal
      from conversations c left join conversation_activity a on a.conversation_id = c.id
      where c.application_id in (${tenant.applicationId}, ${other.applicationId})`);
    const [counts] = rowsOf<{ conversations: number; rows: number; equal: number }>(result);
    expect(counts?.rows).toBe(counts?.conversations);
    expect(counts?.equal).toBe(counts?.conversations);
  });

  it("leaves another application's conversation as it was when a batch's state names it", async () => {
    const snapshot = async () => {
      const result = await t.database.db.execute(sql`
        select c.status, c.last_message_id, a.last_activity_at,
          (select sum(unread_count)::int from conversation_members m where m.conversation_id = c.id) as unread
        from conversations c join conversation_activity a on a.conversation_id = c.id
        where c.id = ${otherConversation}`);
      return rowsOf(result)[0];
    };
    const before = await snapshot();
    // The tenant's application, with the other tenant's conversation id (ids are server-made,
    // but the statement itself must not reach across applications).
    await applyAfterMessages(t.database.db, tenant.applicationId, [
      {
        id: otherConversation,
        added: 3,
        addedBySender: {},
        status: 2,
        lastMessageId: 1,
        lastMessageAt: new Date(Date.now() + 3_600_000),
        lastCustomerMessageAt: null,
        reopened: false,
        firstCustomerMessageAt: null,
        firstResponseAt: null,
        unansweredSince: null,
        answered: [{ askedAt: new Date(), answeredAt: new Date() }],
      },
    ]);
    expect(await snapshot()).toEqual(before);
    const responses = await t.database.db.execute(
      sql`select count(*)::int as n from conversation_responses where conversation_id = ${otherConversation}`,
    );
    expect(rowsOf<{ n: number }>(responses)[0]?.n).toBe(0);
  });
});
