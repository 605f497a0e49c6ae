import {
  CONVERSATION_PATHS,
  DEFAULT_NOTIFICATION_PREFERENCES,
  INBOX_PATHS,
  MESSAGING_PATHS,
  NOTIFICATION_PREFERENCES_PATH,
  quickReplyPath,
  tagPath,
  tagRestorePath,
} from '@convo/api';
import { DEFAULT_TAGS, type RoleType } from '@convo/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { signedInMember } from '../../testing/members.js';
import { newVisitor, type Tenant } from '../../testing/messaging-fixtures.js';
import { testDatabaseKinds } from '../../testing/test-database.js';
import { useTestApp } from '../../testing/use-test-app.js';

// The inbox's settings API: tags (active/deleted lists, default tags kept), quick replies
// (shared by admins, personal by their owner), conversation settings (per-page privileges), and
// the inbox's list filters added to the support search (customer, channel, bot or human).

type Headers = Record<string, string>;

describe.each(testDatabaseKinds())('inbox settings on %s', (kind) => {
  const { t, tenants } = useTestApp(kind, { tenants: 2 });
  const [tenant, other] = tenants;
  let owner: Headers;
  beforeAll(() => {
    owner = { authorization: `Bearer ${tenant.admin['x-authorization']}` };
  });

  async function member(of: Tenant, roleType: RoleType) {
    const { user, headers } = await signedInMember(t.database, of.applicationId, roleType);
    return { userId: user.userId, headers };
  }

  const call = (
    method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
    url: string,
    headers: Headers,
    payload?: unknown,
  ) =>
    t.app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload: payload as object }) });

  describe('tags', () => {
    it('lists the five default tags, creates, renames, deletes and restores', async () => {
      const list = await call('GET', INBOX_PATHS.tags, owner);
      expect(list.statusCode).toBe(200);
      const { active, deleted } = list.json().data as {
        active: { name: string; isDefault: boolean }[];
        deleted: [];
      };
      expect(
        active
          .filter((x) => x.isDefault)
          .map((x) => x.name)
          .sort(),
      ).toEqual([...DEFAULT_TAGS].sort());
      expect(deleted).toEqual([]);

      const created = await call('POST', INBOX_PATHS.tags, owner, { name: 'VIP', color: '#03B49B' });
      expect(created.statusCode, created.body).toBe(200);
      const id = created.json().data.id as string;
      expect((await call('POST', INBOX_PATHS.tags, owner, { name: 'VIP' })).json().code).toBe(
        'TAG_ALREADY_EXISTS',
      );

      const renamed = await call('PATCH', tagPath(id), owner, { name: 'Very important' });
      expect(renamed.json().data.name).toBe('Very important');

      expect((await call('DELETE', tagPath(id), owner)).statusCode).toBe(200);
      const after = (await call('GET', INBOX_PATHS.tags, owner)).json().data;
      expect(after.deleted.map((x: { name: string }) => x.name)).toEqual(['Very important']);
      expect(after.active.some((x: { name: string }) => x.name === 'Very important')).toBe(false);

      // A deleted tag can no longer be put on a conversation.
      const visitor = await newVisitor(t, tenant);
      const group = await t.app.inject({
        method: 'POST',
        url: MESSAGING_PATHS.groupCreateV21,
        headers: visitor.headers,
        payload: { groupName: 'Tagging', type: 10 },
      });
      const refused = await t.app.inject({
        method: 'PATCH',
        url: MESSAGING_PATHS.tags.replace(':operation', 'add'),
        headers: tenant.admin,
        payload: { groupId: group.json().response.id, tags: ['Very important'] },
      });
      expect(refused.statusCode).toBe(400);

      expect((await call('POST', tagRestorePath(id), owner)).json().data.deletedAt).toBeNull();
    });

    it('keeps the default tags, refuses bad names, and hides other tenants', async () => {
      const { active } = (await call('GET', INBOX_PATHS.tags, owner)).json().data as {
        active: { id: string; name: string }[];
      };
      const reopen = active.find((x) => x.name === 'Reopen')!;
      const del = await call('DELETE', tagPath(reopen.id), owner);
      expect(del.statusCode).toBe(400);
      expect(del.json().code).toBe('DEFAULT_TAG');
      expect((await call('PATCH', tagPath(reopen.id), owner, { name: 'Again' })).json().code).toBe(
        'DEFAULT_TAG',
      );
      expect((await call('POST', INBOX_PATHS.tags, owner, { name: '   ' })).statusCode).toBe(400);
      expect((await call('POST', INBOX_PATHS.tags, owner, { name: 'x', color: 'red' })).statusCode).toBe(400);
      expect((await call('DELETE', tagPath('not-a-uuid'), owner)).statusCode).toBe(400);

      const otherOwner = { authorization: `Bearer ${other.admin['x-authorization']}` };
      expect((await call('DELETE', tagPath(reopen.id), otherOwner)).statusCode).toBe(404);
    });

    it('lets agents read tags but not manage them; operators neither manage', async () => {
      const agent = await member(tenant, '2');
      expect((await call('GET', INBOX_PATHS.tags, agent.headers)).statusCode).toBe(200);
      const operator = await member(tenant, '12');
      expect((await call('POST', INBOX_PATHS.tags, operator.headers, { name: 'Nope' })).statusCode).toBe(403);
    });
  });

  describe('quick replies', () => {
    it('shares admin replies, keeps personal ones private, and checks shortcuts', async () => {
      const shared = await call('POST', INBOX_PATHS.quickReplies, owner, {
        shortcut: 'hello',
        content: 'Hello! How can I help?',
        shared: true,
      });
      expect(shared.statusCode, shared.body).toBe(200);
      const agent = await member(tenant, '2');
      const mine = await call('POST', INBOX_PATHS.quickReplies, agent.headers, {
        shortcut: 'bye',
        content: 'Thanks, have a nice day.',
      });
      expect(mine.statusCode, mine.body).toBe(200);
      // The same shortcut may exist once shared and once per person.
      expect(
        (await call('POST', INBOX_PATHS.quickReplies, agent.headers, { shortcut: 'hello', content: 'Hi' }))
          .statusCode,
      ).toBe(200);
      expect(
        (
          await call('POST', INBOX_PATHS.quickReplies, agent.headers, { shortcut: 'bye', content: 'Again' })
        ).json().code,
      ).toBe('QUICK_REPLY_EXISTS');

      const agentList = (await call('GET', INBOX_PATHS.quickReplies, agent.headers)).json().data as {
        shortcut: string;
        shared: boolean;
        editable: boolean;
      }[];
      expect(agentList.map((r) => [r.shortcut, r.shared, r.editable])).toEqual([
        ['bye', false, true],
        ['hello', true, false],
        ['hello', false, true],
      ]);
      const ownerList = (await call('GET', INBOX_PATHS.quickReplies, owner)).json().data as {
        shortcut: string;
      }[];
      expect(ownerList.map((r) => r.shortcut)).toEqual(['hello']);

      // Agents cannot write shared replies, nor touch the shared one; nobody sees another's personal one.
      expect(
        (
          await call('POST', INBOX_PATHS.quickReplies, agent.headers, {
            shortcut: 'x',
            content: 'y',
            shared: true,
          })
        ).statusCode,
      ).toBe(403);
      const sharedId = shared.json().data.id as string;
      expect((await call('DELETE', quickReplyPath(sharedId), agent.headers)).statusCode).toBe(403);
      expect((await call('DELETE', quickReplyPath(mine.json().data.id), owner)).statusCode).toBe(404);

      const edited = await call('PUT', quickReplyPath(sharedId), owner, {
        shortcut: 'hi',
        content: 'Hi there',
        shared: true,
      });
      expect(edited.json().data).toMatchObject({ shortcut: 'hi', content: 'Hi there', shared: true });
      expect((await call('DELETE', quickReplyPath(sharedId), owner)).json().data).toEqual({
        id: sharedId,
        deleted: true,
      });
      expect(
        (await call('POST', INBOX_PATHS.quickReplies, owner, { shortcut: 'two words', content: 'x' }))
          .statusCode,
      ).toBe(400);
      const otherOwner = { authorization: `Bearer ${other.admin['x-authorization']}` };
      expect((await call('GET', INBOX_PATHS.quickReplies, otherOwner)).json().data).toEqual([]);
    });
  });

  describe('conversation settings', () => {
    it('reads and writes routing, hand-off and auto-resolve with each page privilege', async () => {
      const read = await call('GET', INBOX_PATHS.conversationSettings, owner);
      expect(read.json().data).toMatchObject({
        agentRouting: 1,
        removeBotOnAgentHandOff: false,
        autoResolveAfterMinutes: null,
      });
      const saved = await call('PATCH', INBOX_PATHS.conversationSettings, owner, {
        agentRouting: 0,
        autoResolveAfterMinutes: 90,
      });
      expect(saved.json().data).toMatchObject({
        agentRouting: 0,
        removeBotOnAgentHandOff: false,
        autoResolveAfterMinutes: 90,
      });
      expect(
        (await call('GET', INBOX_PATHS.conversationSettings, owner)).json().data.autoResolveAfterMinutes,
      ).toBe(90);
      expect(
        (await call('PATCH', INBOX_PATHS.conversationSettings, owner, { autoResolveAfterMinutes: 0 }))
          .statusCode,
      ).toBe(400);
      expect((await call('PATCH', INBOX_PATHS.conversationSettings, owner, {})).statusCode).toBe(400);
      const operator = await member(tenant, '12');
      expect(
        (await call('PATCH', INBOX_PATHS.conversationSettings, operator.headers, { agentRouting: 1 }))
          .statusCode,
      ).toBe(403);
      // The other tenant is untouched.
      const otherOwner = { authorization: `Bearer ${other.admin['x-authorization']}` };
      expect((await call('GET', INBOX_PATHS.conversationSettings, otherOwner)).json().data.agentRouting).toBe(
        1,
      );
    });
  });

  describe('notification preferences', () => {
    it('starts from the defaults, keeps each person their own, and checks the sound', async () => {
      const agent = await member(tenant, '2');
      const read = await call('GET', NOTIFICATION_PREFERENCES_PATH, agent.headers);
      expect(read.json().data).toEqual(DEFAULT_NOTIFICATION_PREFERENCES);
      const mine = {
        sound: 'modern_ring',
        browserNotifications: true,
        notifyOn: { newConversation: false, customerMessage: true, assignedToMe: true, weeklyDigest: false },
      };
      expect((await call('PUT', NOTIFICATION_PREFERENCES_PATH, agent.headers, mine)).json().data).toEqual(
        mine,
      );
      expect((await call('GET', NOTIFICATION_PREFERENCES_PATH, agent.headers)).json().data).toEqual(mine);
      // The owner's are untouched.
      expect((await call('GET', NOTIFICATION_PREFERENCES_PATH, owner)).json().data).toEqual(
        DEFAULT_NOTIFICATION_PREFERENCES,
      );
      const bad = await call('PUT', NOTIFICATION_PREFERENCES_PATH, agent.headers, {
        ...mine,
        sound: 'air_horn',
      });
      expect(bad.statusCode).toBe(400);
      // Operators have no notification-preferences page (SPEC §6): the server refuses the save.
      const operator = await member(tenant, '12');
      expect((await call('PUT', NOTIFICATION_PREFERENCES_PATH, operator.headers, mine)).statusCode).toBe(403);
    });
  });

  describe('inbox list filters', () => {
    it('filters the support search by customer and by bot or human', async () => {
      const visitor = await newVisitor(t, other);
      const created = [];
      for (const name of ['First', 'Second']) {
        const res = await t.app.inject({
          method: 'POST',
          url: MESSAGING_PATHS.groupCreateV21,
          headers: visitor.headers,
          payload: { groupName: name, type: 10 },
        });
        created.push(res.json().response.id as number);
      }
      const another = await newVisitor(t, other);
      await t.app.inject({
        method: 'POST',
        url: MESSAGING_PATHS.groupCreateV21,
        headers: another.headers,
        payload: { groupName: 'Someone else', type: 10 },
      });
      const search = (body: unknown) =>
        t.app.inject({
          method: 'POST',
          url: CONVERSATION_PATHS.supportSearch,
          headers: other.admin,
          payload: body as object,
        });
      const byCustomer = await search({ customer: visitor.userId });
      expect(
        byCustomer
          .json()
          .response.groupFeeds.map((f: { id: number }) => f.id)
          .sort(),
      ).toEqual(created.sort());
      expect((await search({ handledBy: 'bot' })).json().response.groupFeeds).toEqual([]);
      expect((await search({ handledBy: 'human' })).json().response.groupFeeds).toHaveLength(3);
      expect((await search({ channel: 'web' })).json().response.groupFeeds).toHaveLength(3);
      expect((await search({ channel: 'whatsapp' })).json().response.groupFeeds).toHaveLength(0);
      expect((await search({ handledBy: 'robot' })).statusCode).toBe(400);
    });
  });
});
