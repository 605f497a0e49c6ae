import { MESSAGING_PATHS } from '@convo/api';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { appSettings } from '../../db/schema/index.js';
import { messagingMember } from '../../testing/members.js';
import { newTenant, type Tenant } from '../../testing/messaging-fixtures.js';
import { testDatabaseKinds } from '../../testing/test-database.js';
import { useTestApp } from '../../testing/use-test-app.js';
import { memberAlias } from './visitor-view.js';

// A test client that makes the Kommunicate web widget's calls, in its order (issue 37): plugin
// settings → initialize.page → group/v2.1/create → message/send → an agent's reply in the history
// → CSAT, each from a customer's page on another origin, with the bodies and headers the widget
// sends (shared/reference/applozic-api.md §2–§5) and the fields it reads checked on the answers.

const SHOP = 'https://shop.example.com';

type Headers = Record<string, string>;
interface Listed {
  from: string | null;
  message: string;
  type: number;
}
/** What people wrote, without the system lines (assigned, resolved…), which have no sender. */
const people = (messages: Listed[]) => messages.filter((m) => m.from !== null);

describe.each(testDatabaseKinds())('the Kommunicate widget’s call sequence on %s', (kind) => {
  const { t, tenants } = useTestApp(kind, { tenants: 2 });

  const call = (
    method: 'GET' | 'POST' | 'PATCH' | 'OPTIONS',
    url: string,
    headers: Headers,
    payload?: unknown,
  ) =>
    t.app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload: payload as object }) });

  async function setAllowedDomains(applicationId: string, allowedDomains: string[]) {
    await t.database.db
      .update(appSettings)
      .set({ chatWidget: { configuration: { allowedDomains } } })
      .where(eq(appSettings.applicationId, applicationId));
  }

  /** The widget's session: settings, then its login with its alUser body. */
  async function widgetLogin(tenant: Tenant, userId: string, origin = SHOP) {
    const settings = await call(
      'GET',
      `/users/v3/chat/plugin/settings?appId=${tenant.applicationId}&popupWidget=true`,
      { origin },
    );
    expect(settings.statusCode, settings.body).toBe(200);
    const init = await call(
      'POST',
      '/v2/tab/initialize.page',
      { origin, 'application-key': tenant.applicationId, 'content-type': 'application/json' },
      {
        applicationId: tenant.applicationId,
        userId,
        displayName: 'Robert',
        enableEncryption: true,
        appVersionCode: 112,
        deviceType: 0,
        authenticationTypeId: 1,
        chatNotificationMailSent: true,
      },
    );
    expect(init.statusCode, init.body).toBe(200);
    const session = init.json() as { authToken: string; token: string; userId: string };
    const headers: Headers = {
      origin,
      'x-authorization': session.authToken,
      'application-key': tenant.applicationId,
    };
    return { settings, init, session, headers };
  }

  /** The widget's conversation create (kommunicate-client.js createConversation). */
  const createConversation = (headers: Headers, title = 'Order question') =>
    call('POST', MESSAGING_PATHS.groupCreateV21, headers, {
      groupName: title,
      type: 10,
      users: [],
      metadata: {
        CREATE_GROUP_MESSAGE: '',
        REMOVE_MEMBER_MESSAGE: '',
        CONVERSATION_STATUS: -1,
        KM_CONVERSATION_TITLE: title,
        HIDE: 'true',
        SKIP_ROUTING: false,
        KM_CHAT_CONTEXT: '{"kmUserLocale":"en"}',
        GROUP_CREATION_URL: `${SHOP}/cart`,
        conversationMetadata: '{}',
      },
    });

  it('runs settings → initialize → create → send → agent reply in history → CSAT, across origins', async () => {
    const [tenant] = tenants;
    const userId = `kw-${Math.random().toString(36).slice(2, 9)}`;

    // The preflights the widget's library sends at start.
    const preflight = await call('OPTIONS', '/v2/tab/initialize.page', {
      origin: SHOP,
      'access-control-request-method': 'POST',
      'access-control-request-headers': 'content-type,application-key',
    });
    expect(preflight.statusCode).toBe(204);
    expect(preflight.headers['access-control-allow-origin']).toBe(SHOP);
    expect(String(preflight.headers['access-control-allow-methods'])).toContain('POST');
    const listPreflight = await call('OPTIONS', `${MESSAGING_PATHS.messageListV3}?startIndex=0`, {
      origin: SHOP,
      'access-control-request-method': 'GET',
      'access-control-request-headers': 'x-authorization,application-key',
    });
    expect(listPreflight.statusCode).toBe(204);
    expect(String(listPreflight.headers['access-control-allow-headers'])).toContain('x-authorization');

    const { settings, init, session, headers } = await widgetLogin(tenant, userId);
    expect(settings.headers['access-control-allow-origin']).toBe(SHOP);
    const plugin = settings.json().response;
    expect(plugin).toMatchObject({ applicationId: tenant.applicationId, chatWidget: { csatRatingBase: 5 } });
    expect(Array.isArray(plugin.chatWidget.allowedDomains)).toBe(true);
    expect(init.headers['access-control-allow-origin']).toBe(SHOP);
    expect(session).toMatchObject({ userId, token: expect.any(String), authToken: expect.any(String) });
    expect(init.json()).toMatchObject({ deviceKey: expect.any(String) });
    // The URL the widget's own code builds from them (applozic.chat-6.2.9: strip "https://",
    // then wss://<url>:<port>/ws) is this server's /ws.
    const { websocketUrl, websocketPort } = init.json() as { websocketUrl: string; websocketPort: number };
    const publicUrl = new URL(t.config.publicUrl);
    expect(`wss://${websocketUrl.replace('https://', '')}:${websocketPort}/ws`).toBe(
      `wss://${publicUrl.hostname}:${publicUrl.port || (publicUrl.protocol === 'https:' ? 443 : 80)}/ws`,
    );

    // The business hours it shows its away banner by (team/business-settings): the visitor gets
    // the default team, never the names of the others.
    await call('POST', '/rest/ws/team/create', tenant.admin, { teamName: 'VIP escalations' });
    const hours = await call('GET', '/rest/ws/team/business-settings', headers);
    expect(hours.statusCode, hours.body).toBe(200);
    expect(hours.headers['access-control-allow-origin']).toBe(SHOP);
    expect(hours.json().response).toMatchObject([
      { teamId: 'km_default_team', teamName: 'Default Team', timezone: 'UTC', businessHourMap: {} },
    ]);
    expect(hours.body).not.toContain('VIP escalations');
    const memberHours = await call('GET', '/rest/ws/team/business-settings', tenant.admin);
    expect(memberHours.body).toContain('VIP escalations');

    // Its first look at the visitor's conversations: none yet.
    const none = await call('GET', '/rest/ws/group/bytype?type=10&startIndex=0&limit=10', headers);
    expect(none.statusCode, none.body).toBe(200);
    expect(none.json().response).toEqual([]);

    const created = await createConversation(headers);
    expect(created.statusCode, created.body).toBe(200);
    const group = created.json().response;
    expect(created.headers['access-control-allow-origin']).toBe(SHOP);
    expect(group.clientGroupId).toEqual(expect.any(String));
    expect(group.users.map((u: { userId: string }) => u.userId)).toContain(userId);
    expect(group.users[0]).toMatchObject({
      connected: expect.any(Boolean),
      unreadCount: 0,
      deactivated: false,
    });

    const listed = await call('GET', '/rest/ws/group/bytype?type=10&startIndex=0&limit=10', headers);
    expect(listed.json().response.map((g: { id: number }) => g.id)).toEqual([group.id]);

    // The widget's messagePxy.
    const key = `pxy-${Math.random().toString(36).slice(2, 9)}`;
    const sent = await call('POST', MESSAGING_PATHS.messageSend, headers, {
      key,
      type: 5,
      contentType: 0,
      message: 'Where is my parcel?',
      groupId: group.id,
      metadata: { KM_CHAT_CONTEXT: '{"kmUserLocale":"en"}' },
      source: 1,
    });
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json()).toMatchObject({
      messageKey: key,
      conversationId: group.id,
      createdAt: expect.any(Number),
    });

    // An agent answers from the dashboard (the platform API's send, as the admin).
    const reply = await call('POST', MESSAGING_PATHS.messageSendV2, tenant.admin, {
      groupId: group.id,
      message: 'It ships today.',
    });
    expect(reply.statusCode, reply.body).toBe(200);

    // The history as the widget loads it.
    const history = await call(
      'GET',
      `${MESSAGING_PATHS.messageListV3}?startIndex=0&groupId=${group.id}&pageSize=30`,
      headers,
    );
    expect(history.statusCode, history.body).toBe(200);
    const body = history.json();
    expect(body.groupFeeds[0].metadata.CONVERSATION_STATUS).toEqual(expect.any(Number));
    const mine = body.message.find((m: { key: string }) => m.key === key);
    const theirs = body.message.find((m: { message: string }) => m.message === 'It ships today.');
    expect(mine).toMatchObject({ type: 5, to: userId, pairedMessageKey: key, sent: true });
    // The agent is named by an opaque alias, never the member's e-mail (visitor-view.ts).
    expect(theirs).toMatchObject({ type: 4, to: expect.stringMatching(/^agent-/), sent: true });
    expect(theirs.contactIds).toBe(theirs.to);
    expect(history.body).not.toContain(tenant.adminUserName);
    for (const m of body.message) {
      expect(m).not.toHaveProperty('fileMeta');
      expect(typeof m.delivered).toBe('boolean');
      expect(typeof m.read).toBe('boolean');
    }
    // The agent sees the same two messages the other way round.
    const agentView = await call(
      'GET',
      `${MESSAGING_PATHS.messageListV3}?startIndex=0&groupId=${group.id}&pageSize=30`,
      tenant.admin,
    );
    const agentTypes = Object.fromEntries(
      agentView.json().message.map((m: { message: string; type: number }) => [m.message, m.type]),
    );
    expect(agentTypes).toMatchObject({ 'Where is my parcel?': 4, 'It ships today.': 5 });

    // A message's conversationId is the conversation itself: listed in conversationPxys, and what
    // conversation/topicId answers when the widget meets an id it does not know.
    expect(body.conversationPxys).toEqual([
      { id: group.id, topicId: group.clientGroupId, groupId: group.id, closed: false },
    ]);
    const topic = await call('GET', `/rest/ws/conversation/topicId?id=${theirs.conversationId}`, headers);
    expect(topic.statusCode, topic.body).toBe(200);
    expect(topic.json()).toMatchObject({
      status: 'success',
      response: { id: group.id, topicId: group.clientGroupId, groupId: group.id, closed: false },
    });
    expect((await call('GET', '/rest/ws/conversation/topicId?id=999999999', headers)).statusCode).toBe(404);

    // The people of its conversation (user/v2/detail): itself in full, the agent who answered by
    // the alias it was shown, as a person (role 8) under their public name, without their e-mail;
    // another customer, and an agent of no conversation of theirs, are absent.
    const stranger = await widgetLogin(tenant, `kw-stranger-${Math.random().toString(36).slice(2, 9)}`);
    const idle = await messagingMember(t.database, tenant.applicationId, '2');
    const idleAlias = memberAlias(t.config.appSecret, tenant.applicationId, idle.userId);
    const people = await call('POST', '/rest/ws/user/v2/detail', headers, {
      userIdList: [userId, theirs.to, stranger.session.userId, idleAlias],
    });
    expect(people.statusCode, people.body).toBe(200);
    expect(people.headers['access-control-allow-origin']).toBe(SHOP);
    const found = people.json().response as { userId: string; roleType: unknown; displayName: string }[];
    expect(found.map((u) => u.userId)).toEqual([userId, theirs.to]);
    expect(found[1]).toMatchObject({ roleType: 8, connected: expect.any(Boolean), deactivated: false });
    expect(found[1]).not.toHaveProperty('email');
    expect(people.body).not.toContain(tenant.adminUserName);
    expect(people.body).not.toContain('@');

    // The away message under the conversation (public, the application's): inside business hours
    // (here: none set) the team is there.
    const awayPath = `/applications/${tenant.applicationId}/awaymessage?conversationId=${group.id}&languageCode=default`;
    const awayPreflight = await call('OPTIONS', awayPath, {
      origin: SHOP,
      'access-control-request-method': 'GET',
      'access-control-request-headers': 'content-type,x-authorization,application-key',
    });
    expect(awayPreflight.statusCode).toBe(204);
    const online = await call('GET', awayPath, { origin: SHOP });
    expect(online.statusCode, online.body).toBe(200);
    expect(online.headers['access-control-allow-origin']).toBe(SHOP);
    expect(online.json()).toMatchObject({ code: 'AGENTS_ONLINE', data: { messageList: [] } });
    // Outside them: the away message, with the e-mail capture (eventId 1) the settings ask for.
    const later = (new Date().getUTCDay() + 3) % 7;
    await t.database.db
      .update(appSettings)
      .set({
        chatWidget: {
          businessHours: {
            enabled: true,
            timeZone: 'UTC',
            days: [{ day: later, open: '09:00', close: '10:00' }],
          },
        },
        collectEmailOnAwayMessage: true,
      })
      .where(eq(appSettings.applicationId, tenant.applicationId));
    const away = await call('GET', awayPath, { origin: SHOP });
    expect(away.json()).toMatchObject({
      code: 'SUCCESS',
      data: {
        messageList: [{ message: expect.stringContaining('away'), eventId: 1 }],
        collectEmailOnAwayMessage: true,
      },
    });
    const awayHours = await call('GET', '/rest/ws/team/business-settings', headers);
    expect(awayHours.json().response[0]).toMatchObject({
      businessHourMap: { [String(later)]: '0900-1000' },
      openNow: false,
      message: expect.stringContaining('away'),
    });
    const unknownApp = await call('GET', '/applications/no-such-app/awaymessage?conversationId=1', {
      origin: SHOP,
    });
    expect(unknownApp.statusCode).toBe(404);
    expect(unknownApp.headers['content-type']).toContain('application/json');

    // The reply preview's message detail.
    const detail = await call('GET', `${MESSAGING_PATHS.messageDetail}?keys=${theirs.key}`, headers);
    expect(detail.statusCode, detail.body).toBe(200);
    expect(detail.json().response).toMatchObject([{ key: theirs.key, type: 4 }]);

    // The assignee is a person, not a bot: the widget's bot check finds nothing.
    const bot = await call('GET', `/rest/ws/botdetails/${encodeURIComponent(tenant.adminUserName)}`, headers);
    expect(bot.statusCode, bot.body).toBe(200);
    expect(bot.json()).toEqual({ code: 'SUCCESS', data: [] });

    // The knowledge base's categories (public): none published yet.
    const kb = await call('GET', `/kb/category?applicationId=${tenant.applicationId}&status=published`, {
      origin: SHOP,
    });
    expect(kb.statusCode, kb.body).toBe(200);
    expect(kb.json()).toEqual({ code: 'SUCCESS', data: [] });

    // Its menu's "rate this conversation" while it is open (docs/decisions.md: the family takes it).
    const before = await call('GET', `/rest/ws/feedback/v2/${group.id}`, headers);
    expect(before.statusCode, before.body).toBe(200);
    expect(before.json().data).toBeNull();
    const midway = await call('POST', '/rest/ws/feedback/v2/v2?sendAsMessage=true', headers, {
      groupId: group.id,
      comments: [],
      rating: 5,
      applicationId: tenant.applicationId,
      userInfo: { name: 'Robert', userId },
    });
    expect(midway.statusCode, midway.body).toBe(200);
    expect(midway.json().data).toMatchObject({ groupId: group.id, rating: 5 });

    // Resolved by the agent; the widget rates again with its smileys, which replaces the first.
    const resolved = await call(
      'PATCH',
      `${MESSAGING_PATHS.statusChange}?groupId=${group.id}&status=2`,
      tenant.admin,
    );
    expect(resolved.statusCode, resolved.body).toBe(200);
    const rated = await call('POST', '/rest/ws/feedback/v2/v2?sendAsMessage=true', headers, {
      groupId: group.id,
      comments: ['Quick, thanks'],
      rating: 10,
      supportAgentName: tenant.adminUserName,
      applicationId: tenant.applicationId,
      userInfo: { name: 'Robert', userId },
    });
    expect(rated.statusCode, rated.body).toBe(200);
    expect(rated.json().data).toMatchObject({ groupId: group.id, rating: 10, scale: 'old' });
    const after = await call('GET', `/rest/ws/feedback/v2/${group.id}`, headers);
    expect(after.json().data).toMatchObject({ rating: 10, comments: ['Quick, thanks'] });
  });

  it('gives an origin outside the allowed domains no CORS headers, and refuses its widget login', async () => {
    const tenant = await newTenant(t);
    await setAllowedDomains(tenant.applicationId, ['shop.example.com']);
    const { headers } = await widgetLogin(tenant, `kw-allowed-${Date.now()}`);
    const ok = await call('GET', '/rest/ws/group/bytype?type=10&startIndex=0&limit=5', headers);
    expect(ok.headers['access-control-allow-origin']).toBe(SHOP);

    const evil = 'https://evil.example.net';
    const settings = await call('GET', `/users/v3/chat/plugin/settings?appId=${tenant.applicationId}`, {
      origin: evil,
    });
    expect(settings.headers['access-control-allow-origin']).toBeUndefined();
    const init = await call(
      'POST',
      '/v2/tab/initialize.page',
      { origin: evil, 'application-key': tenant.applicationId },
      { applicationId: tenant.applicationId, userId: 'kw-evil' },
    );
    expect(init.statusCode).toBe(403);
    expect(init.headers['access-control-allow-origin']).toBeUndefined();
    const read = await call('GET', '/rest/ws/group/bytype?type=10&startIndex=0&limit=5', {
      ...headers,
      origin: evil,
    });
    expect(read.headers['access-control-allow-origin']).toBeUndefined();
    // Its preflight is not answered either, and every answer says it varies by the page.
    const preflight = await call('OPTIONS', '/rest/ws/message/send', {
      origin: evil,
      'application-key': tenant.applicationId,
      'access-control-request-method': 'POST',
    });
    expect(preflight.statusCode).toBe(404);
    expect(preflight.headers['access-control-allow-origin']).toBeUndefined();
    expect(read.headers.vary).toContain('Origin');
    const { origin: _shop, ...sdkHeaders } = headers;
    const withoutOrigin = await call('GET', '/rest/ws/group/bytype?type=10&startIndex=0&limit=5', sdkHeaders);
    expect(withoutOrigin.statusCode).toBe(200);
    expect(withoutOrigin.headers['access-control-allow-origin']).toBeUndefined();
    expect(withoutOrigin.headers.vary).toContain('Origin');
  });

  it('answers unknown paths of the family with a JSON 404 in its error envelope', async () => {
    for (const url of [
      '/rest/ws/no/such/route',
      '/users/v9/nothing',
      '/v2/tab/nothing.page',
      '/kb/nothing',
    ]) {
      const res = await call('GET', url, { origin: SHOP });
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type']).toContain('application/json');
      expect(res.json(), url).toMatchObject({
        status: 'error',
        code: 'NOT_FOUND',
        errorResponse: [expect.any(Object)],
      });
    }
  });

  it('keeps two applications sharing the same userIds apart', async () => {
    const [a, b] = tenants;
    const userId = `kw-shared-${Math.random().toString(36).slice(2, 9)}`;
    const va = await widgetLogin(a, userId);
    const vb = await widgetLogin(b, userId);
    const ga = (await createConversation(va.headers, 'A only')).json().response;
    const key = `pxy-a-${Date.now()}`;
    await call('POST', MESSAGING_PATHS.messageSend, va.headers, {
      key,
      groupId: ga.id,
      message: 'secret of A',
    });
    await call('PATCH', `${MESSAGING_PATHS.statusChange}?groupId=${ga.id}&status=2`, a.admin);
    await call('POST', '/rest/ws/feedback/v2/v2', va.headers, { groupId: ga.id, rating: 5 });

    // B's visitor with the same userId sees none of it: not its conversation's topic, not its
    // agent, not A's teams.
    expect((await call('GET', `/rest/ws/conversation/topicId?id=${ga.id}`, vb.headers)).statusCode).toBe(404);
    const aAgent = memberAlias(t.config.appSecret, a.applicationId, a.adminUserName);
    await call('POST', MESSAGING_PATHS.messageSendV2, a.admin, { groupId: ga.id, message: 'A answers' });
    const aPeople = await call('POST', '/rest/ws/user/v2/detail', va.headers, { userIdList: [aAgent] });
    expect(aPeople.json().response.map((u: { userId: string }) => u.userId)).toEqual([aAgent]);
    const bPeople = await call('POST', '/rest/ws/user/v2/detail', vb.headers, {
      userIdList: [aAgent, a.adminUserName, userId],
    });
    expect(bPeople.statusCode, bPeople.body).toBe(200);
    expect(bPeople.json().response).toMatchObject([{ userId }]);
    expect(bPeople.json().response).toHaveLength(1);
    await call('POST', '/rest/ws/team/create', a.admin, { teamName: 'Only in A' });
    const bHours = await call('GET', '/rest/ws/team/business-settings', vb.headers);
    expect(bHours.statusCode, bHours.body).toBe(200);
    expect(bHours.body).not.toContain('Only in A');

    // B's visitor with the same userId sees none of it.
    const list = await call('GET', '/rest/ws/group/bytype?type=10&startIndex=0&limit=50', vb.headers);
    expect(list.json().response).toEqual([]);
    expect(
      (await call('GET', `${MESSAGING_PATHS.messageDetail}?keys=${key}`, vb.headers)).json().response,
    ).toEqual([]);
    expect((await call('GET', `/rest/ws/feedback/v2/${ga.id}`, vb.headers)).json().data).toBeNull();
    const history = await call('GET', `${MESSAGING_PATHS.messageListV3}?groupId=${ga.id}`, vb.headers);
    expect(history.statusCode).toBe(404);
    // B's admin neither: not by id, not through a one-to-one send to the shared userId.
    expect(
      (await call('GET', `${MESSAGING_PATHS.messageDetail}?keys=${key}`, b.admin)).json().response,
    ).toEqual([]);
    const toShared = await call('POST', MESSAGING_PATHS.messageSendV2, b.admin, {
      to: userId,
      message: 'Hi from B',
    });
    expect(toShared.statusCode, toShared.body).toBe(200);
    expect(toShared.json().groupId).not.toBe(ga.id);
    const aHistory = await call('GET', `${MESSAGING_PATHS.messageListV3}?groupId=${ga.id}`, va.headers);
    expect(people(aHistory.json().message).map((m) => m.message)).toEqual(['A answers', 'secret of A']);
    // Delegation stays inside the application too.
    const delegated = await call(
      'POST',
      MESSAGING_PATHS.messageSendV2,
      { ...b.admin, 'of-user-id': userId },
      {
        groupId: ga.id,
        message: 'as A’s visitor?',
      },
    );
    expect(delegated.statusCode).toBe(404);
  });

  it('sends one-to-one, as another user for admins only, and creates members that do not exist yet', async () => {
    const [tenant] = tenants;
    const { session, headers } = await widgetLogin(tenant, `kw-o2o-${Date.now()}`);
    // The documented one-to-one body, from the admin to the visitor: a conversation with them.
    const first = await call('POST', MESSAGING_PATHS.messageSendV2, tenant.admin, {
      to: session.userId,
      message: 'Hi John',
    });
    expect(first.statusCode, first.body).toBe(200);
    const again = await call('POST', MESSAGING_PATHS.messageSendV2, tenant.admin, {
      to: session.userId,
      message: 'Still there?',
    });
    expect(again.json().groupId).toBe(first.json().groupId);
    const seen = await call(
      'GET',
      `${MESSAGING_PATHS.messageListV3}?groupId=${first.json().groupId}`,
      headers,
    );
    expect(people(seen.json().message).map((m) => m.type)).toEqual([4, 4]);

    // Of-User-Id: the admin writes as the visitor; the message is the visitor's own (type 5 to them).
    const asVisitor = await call(
      'POST',
      MESSAGING_PATHS.messageSendV2,
      { ...tenant.admin, 'of-user-id': session.userId },
      {
        groupId: first.json().groupId,
        message: 'Sent for the visitor',
      },
    );
    expect(asVisitor.statusCode, asVisitor.body).toBe(200);
    const fromName = await call('POST', MESSAGING_PATHS.messageSendV2, tenant.admin, {
      groupId: first.json().groupId,
      message: 'Also for the visitor',
      fromUserName: session.userId,
    });
    expect(fromName.statusCode, fromName.body).toBe(200);
    const view = await call(
      'GET',
      `${MESSAGING_PATHS.messageListV3}?groupId=${first.json().groupId}`,
      headers,
    );
    const byText = Object.fromEntries(
      view.json().message.map((m: { message: string; type: number }) => [m.message, m.type]),
    );
    expect(byText).toMatchObject({ 'Sent for the visitor': 5, 'Also for the visitor': 5, 'Hi John': 4 });

    // An agent, or the visitor, may not act for someone else.
    const agent = await messagingMember(t.database, tenant.applicationId, '2');
    for (const caller of [agent.headers, headers]) {
      const refused = await call(
        'POST',
        MESSAGING_PATHS.messageSendV2,
        { ...caller, 'of-user-id': tenant.adminUserName },
        {
          groupId: first.json().groupId,
          message: 'as the admin',
        },
      );
      expect(refused.statusCode).toBe(403);
      const byName = await call('POST', MESSAGING_PATHS.messageSendV2, caller, {
        groupId: first.json().groupId,
        message: 'as the admin',
        fromUserName: tenant.adminUserName,
      });
      expect(byName.statusCode).toBe(403);
    }

    // Kommunicate's conversation create with a member that does not exist yet: made a customer.
    const newcomer = `kw-new-${Date.now()}`;
    const made = await call('POST', MESSAGING_PATHS.groupCreate, tenant.admin, {
      groupName: 'For a newcomer',
      groupMemberList: [newcomer],
    });
    expect(made.statusCode, made.body).toBe(200);
    expect(made.json().response.membersId).toContain(newcomer);
    // A visitor cannot mint users: the unknown name is left out.
    const ghost = `kw-ghost-${Date.now()}`;
    const visitorMade = await call('POST', MESSAGING_PATHS.groupCreateV21, headers, {
      groupName: 'With a placeholder',
      type: 10,
      users: [{ userId: ghost, groupRole: 2 }],
    });
    expect(visitorMade.statusCode, visitorMade.body).toBe(200);
    expect(visitorMade.json().response.membersId).toContain(session.userId);
    expect(visitorMade.json().response.membersId).not.toContain(ghost);

    // The non-v2 assignee change answers the platform's result word.
    const assigned = await call(
      'PATCH',
      `/rest/ws/group/assignee/change?groupId=${made.json().response.id}&assignee=${encodeURIComponent(tenant.adminUserName)}&sendNotifyMessage=true&takeOverFromBot=true`,
      tenant.admin,
    );
    expect(assigned.statusCode, assigned.body).toBe(200);
    expect(['updated', 'already updated']).toContain(assigned.json().response);
  });
});
