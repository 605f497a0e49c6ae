import { CONVERSATION_PATHS, MESSAGING_PATHS, REGISTRATION_PATHS, TEAM_USER_STATS_PATHS } from '@convo/api';
import { describe, expect, it } from 'vitest';
import { newVisitorConversation, sendTestMessage, type Tenant } from '../../testing/messaging-fixtures.js';
import type { TestApp } from '../../testing/test-app.js';
import { testDatabaseKinds } from '../../testing/test-database.js';
import { useTestApp } from '../../testing/use-test-app.js';

// The example bodies and queries of shared/reference/applozic-api.md, sent as written (the
// reference's placeholders replaced by real ids), to every route we implement that it documents.
// A client written against the platform's documentation must not get a 400 from us.

interface World {
  t: TestApp;
  tenant: Tenant;
  visitor: { userId: string; headers: Record<string, string> };
  groupId: number;
}

interface Case {
  /** Where the reference documents it. */
  ref: string;
  method: 'GET' | 'POST' | 'PATCH';
  url: (w: World) => string;
  caller: 'admin' | 'visitor' | 'none';
  body?: (w: World) => Record<string, unknown>;
  /** A recorded deviation (docs/decisions.md): the answer we give instead of 200, and why. */
  deviation?: { status: number; why: string };
}

const CASES: Case[] = [
  {
    ref: '§2 register/client (documented request)',
    method: 'POST',
    url: () => REGISTRATION_PATHS.registerClient,
    caller: 'none',
    body: (w) => ({
      userId: 'robert',
      deviceType: '4',
      applicationId: w.tenant.applicationId,
      registrationId: 'put-gcm-registration-id-here',
      pushNotificationFormat: '0',
      contactNumber: '+911234567890',
    }),
  },
  {
    ref: '§3 Kommunicate v2 send: groupId, message, fromUserName, no client key',
    method: 'POST',
    url: () => MESSAGING_PATHS.messageSendV2,
    caller: 'admin',
    body: (w) => ({ groupId: String(w.groupId), message: 'Hi John', fromUserName: w.tenant.adminUserName }),
  },
  {
    ref: '§3 Applozic v2 send, group body by groupId',
    method: 'POST',
    url: () => MESSAGING_PATHS.messageSendV2,
    caller: 'admin',
    body: (w) => ({ groupId: w.groupId, message: 'Hi John' }),
  },
  {
    ref: '§3 rich message: stringified payload in metadata',
    method: 'POST',
    url: () => MESSAGING_PATHS.messageSendV2,
    caller: 'admin',
    body: (w) => ({
      groupId: String(w.groupId),
      message: 'Pick one',
      metadata: { contentType: '300', templateId: '6', payload: '[{"title":"Yes"}]' },
    }),
  },
  {
    ref: '§3 widget message/send (messagePxy)',
    method: 'POST',
    url: () => MESSAGING_PATHS.messageSend,
    caller: 'visitor',
    body: (w) => ({
      key: `pxy-${w.groupId}`,
      type: 5,
      contentType: 0,
      message: 'Hello',
      groupId: w.groupId,
      metadata: { KM_CHAT_CONTEXT: '{"page":"/"}' },
      source: 1,
    }),
  },
  {
    ref: '§4 message/v2/list',
    method: 'GET',
    url: (w) => `${MESSAGING_PATHS.messageListV2}?groupId=${w.groupId}&startIndex=0&pageSize=50`,
    caller: 'admin',
  },
  {
    ref: '§4 message/v3/list as the widget calls it',
    method: 'GET',
    url: (w) =>
      `${MESSAGING_PATHS.messageListV3}?startIndex=0&groupId=${w.groupId}&pageSize=30&endTime=${Date.now()}`,
    caller: 'visitor',
  },
  {
    ref: '§4 message/v3/list main list',
    method: 'GET',
    url: () => `${MESSAGING_PATHS.messageListV3}?startIndex=0&pageSize=30&mainPageSize=30`,
    caller: 'admin',
    deviation: { status: 404, why: 'the thread list is group/v2/list; message lists need a conversation' },
  },
  {
    ref: '§5 group/v2/create (documented request)',
    method: 'POST',
    url: () => MESSAGING_PATHS.groupCreate,
    caller: 'admin',
    body: () => ({
      clientGroupId: `Client Group Id ${Math.random().toString(36).slice(2, 8)}`,
      groupName: 'Group Name',
      groupMemberList: [],
      imageUrl: 'https://example.com/group.png',
    }),
  },
  {
    ref: '§5 widget group/v2.1/create',
    method: 'POST',
    url: () => MESSAGING_PATHS.groupCreateV21,
    caller: 'visitor',
    body: () => ({
      groupName: 'Order question',
      type: 10,
      metadata: {
        CREATE_GROUP_MESSAGE: '',
        CONVERSATION_STATUS: -1,
        KM_CONVERSATION_TITLE: 'Order question',
        HIDE: 'true',
        SKIP_ROUTING: false,
        KM_CHAT_CONTEXT: '{}',
        GROUP_CREATION_URL: 'https://shop.example.com/',
        conversationMetadata: '{}',
      },
    }),
  },
  {
    ref: '§5 group/v2/info by groupId',
    method: 'GET',
    url: (w) => `${MESSAGING_PATHS.groupInfo}?groupId=${w.groupId}`,
    caller: 'admin',
  },
  {
    ref: '§5 group/v2/list',
    method: 'GET',
    url: () => `${CONVERSATION_PATHS.groupList}?updatedAt=${Date.now() - 60_000}`,
    caller: 'admin',
  },
  {
    ref: '§5 group/status/change',
    method: 'PATCH',
    url: (w) => `${MESSAGING_PATHS.statusChange}?groupId=${w.groupId}&status=0`,
    caller: 'admin',
  },
  {
    ref: '§5 group/v2/assignee/change',
    method: 'PATCH',
    url: (w) =>
      `${MESSAGING_PATHS.assigneeChange}?groupId=${w.groupId}&assignee=${encodeURIComponent(
        w.tenant.adminUserName,
      )}&sendNotifyMessage=true&takeOverFromBot=true&switchAssignee=true`,
    caller: 'admin',
  },
  {
    ref: '§5 user/v2/detail',
    method: 'POST',
    url: () => TEAM_USER_STATS_PATHS.userDetail,
    caller: 'admin',
    body: (w) => ({ userIdList: [w.visitor.userId, w.tenant.adminUserName] }),
  },
  {
    ref: '§5 user/update',
    method: 'POST',
    url: () => TEAM_USER_STATS_PATHS.userUpdate,
    caller: 'visitor',
    body: () => ({
      email: 'robert@example.com',
      displayName: 'Robert',
      imageLink: 'https://example.com/robert.png',
      metadata: { plan: 'gold' },
    }),
  },
];

describe.each(testDatabaseKinds())('the reference’s documented bodies on %s', (kind) => {
  const { t, tenants } = useTestApp(kind, { tenants: 1 });

  async function world(): Promise<World> {
    const [tenant] = tenants;
    const { visitor, groupId } = await newVisitorConversation(t, tenant);
    return { t, tenant, visitor, groupId };
  }

  it.each(CASES)('$ref is accepted (or answers its recorded deviation)', async (c) => {
    const w = await world();
    const headers = c.caller === 'none' ? {} : c.caller === 'admin' ? w.tenant.admin : w.visitor.headers;
    const res = await t.app.inject({
      method: c.method,
      url: c.url(w),
      headers,
      ...(c.body ? { payload: c.body(w) } : {}),
    });
    expect(res.statusCode, res.body).toBe(c.deviation?.status ?? 200);
  });

  it('the documented v2 send stores the message under a key of its own, each time', async () => {
    const w = await world();
    const send = () =>
      t.app.inject({
        method: 'POST',
        url: MESSAGING_PATHS.messageSendV2,
        headers: w.tenant.admin,
        payload: { groupId: String(w.groupId), message: 'Hi John' },
      });
    const a = await send();
    const b = await send();
    expect(a.statusCode, a.body).toBe(200);
    expect(a.json().messageKey).toEqual(expect.any(String));
    // No client key means no de-duplication: two sends are two messages.
    expect(b.json().id).not.toBe(a.json().id);
    expect(b.json().messageKey).not.toBe(a.json().messageKey);
    // A send that carries a key is still stored once.
    const k1 = await sendTestMessage(t, w.tenant.admin, w.groupId, 'k-ref-dup', 'once');
    const k2 = await sendTestMessage(t, w.tenant.admin, w.groupId, 'k-ref-dup', 'once');
    expect(k2.json().id).toBe(k1.json().id);
  });

  it('an empty client key is still refused', async () => {
    const w = await world();
    const res = await t.app.inject({
      method: 'POST',
      url: MESSAGING_PATHS.messageSendV2,
      headers: w.visitor.headers,
      payload: { key: ' ', groupId: w.groupId, message: 'Hi' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('INVALID_PARAMETER');
  });
});
