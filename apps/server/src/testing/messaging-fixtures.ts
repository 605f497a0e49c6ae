import { ACCOUNT_PATHS, type GroupFeed, MESSAGING_PATHS, REGISTRATION_PATHS } from '@convo/api';
import { sql } from 'drizzle-orm';
import type { Db } from '../platform/db/database.js';
import type { TestApp } from './test-app.js';
import { newSignup } from './test-app.js';

export interface Tenant {
  applicationId: string;
  /** The super admin's headers for the messaging API. */
  admin: Record<string, string>;
  adminUserName: string;
}

export async function newTenant(t: TestApp): Promise<Tenant> {
  const res = await t.app.inject({ method: 'POST', url: ACCOUNT_PATHS.signup, payload: newSignup() });
  const session = res.json().data as { token: string; applicationId: string; userName: string };
  return {
    applicationId: session.applicationId,
    admin: { 'x-authorization': session.token, 'application-key': session.applicationId },
    adminUserName: session.userName,
  };
}

/** An end user (website visitor) of the tenant, registered through register/client. */
export async function newVisitor(
  t: TestApp,
  tenant: Tenant,
  userId = `visitor-${Math.random().toString(36).slice(2, 10)}`,
) {
  const res = await t.app.inject({
    method: 'POST',
    url: REGISTRATION_PATHS.registerClient,
    payload: { userId, applicationId: tenant.applicationId, authenticationTypeId: 0, displayName: 'Visitor' },
  });
  const body = res.json() as { authToken: string };
  return {
    userId,
    headers: { 'x-authorization': body.authToken, 'application-key': tenant.applicationId },
    token: body.authToken,
  };
}

/** A new visitor of the tenant and the support conversation they opened (group type 10). */
export async function newVisitorConversation(t: TestApp, tenant: Tenant, groupName = 'Help with my order') {
  const visitor = await newVisitor(t, tenant);
  const res = await t.app.inject({
    method: 'POST',
    url: MESSAGING_PATHS.groupCreateV21,
    headers: visitor.headers,
    payload: { groupName, type: 10 },
  });
  if (res.statusCode !== 200) throw new Error(`group create ${res.statusCode}: ${res.body}`);
  return { visitor, groupId: res.json().response.id as number };
}

/** `message/send` through the app, with the given caller's headers. */
export const sendTestMessage = (
  t: TestApp,
  headers: Record<string, string>,
  groupId: number,
  key: string,
  message = key,
) =>
  t.app.inject({
    method: 'POST',
    url: MESSAGING_PATHS.messageSend,
    headers,
    payload: { key, groupId, message },
  });

/** `group/v2/info` as the given caller sees it (the response's `response`). */
export async function groupInfoOf(t: TestApp, headers: Record<string, string>, groupId: number) {
  const res = await t.app.inject({
    method: 'GET',
    url: `${MESSAGING_PATHS.groupInfo}?groupId=${groupId}`,
    headers,
  });
  return res.json().response as GroupFeed;
}

/**
 * Makes a conversation look quiet for `minutes`: its last message and the inbox's order
 * (conversation_activity, which only the send path moves) both that long ago.
 */
export async function makeQuiet(db: Db, conversationId: number, minutes: number) {
  await db.execute(
    sql`with quiet as (update conversations set last_message_at = now() - make_interval(mins => ${minutes})
        where id = ${conversationId} returning id, last_message_at)
        update conversation_activity a set last_activity_at = quiet.last_message_at from quiet
        where a.conversation_id = quiet.id`,
  );
}
