import { ACCOUNT_PATHS, MESSAGING_PATHS, WIDGET_SETTINGS_PATHS } from '@convo/api';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../platform/db/database.js';
import { newVisitorConversation, sendTestMessage, type Tenant } from '../../testing/messaging-fixtures.js';
import { buildTestApp, newSignup } from '../../testing/test-app.js';
import { openTestDatabase, testDatabaseKinds } from '../../testing/test-database.js';
import { Client } from '../../testing/ws-client.js';

// Issue 23: an end user never receives a member's e-mail address (members' user ids are their
// e-mail addresses), neither in a messaging/widget API answer nor in a real-time frame, and reads
// the team's public names.
describe.each(testDatabaseKinds())('what a visitor reads about the team on %s', (kind) => {
  let database: Database;
  let app: FastifyInstance;
  let base: string;
  let tenant: Tenant & { token: string; name: string; email: string };

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    app = (await buildTestApp(database)).app;
    base = await app.listen({ port: 0, host: '127.0.0.1' });
    const signup = newSignup();
    const res = await app.inject({ method: 'POST', url: ACCOUNT_PATHS.signup, payload: signup });
    const session = res.json().data as { token: string; applicationId: string; userName: string };
    tenant = {
      applicationId: session.applicationId,
      admin: { 'x-authorization': session.token, 'application-key': session.applicationId },
      adminUserName: session.userName,
      token: session.token,
      name: signup.name,
      email: signup.email,
    };
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  /** Assign, reply and resolve as the member while the visitor listens; every answer the visitor gets. */
  async function loop() {
    const t = { app } as Parameters<typeof newVisitorConversation>[0];
    const { visitor, groupId } = await newVisitorConversation(t, tenant);
    const socket = await Client.connect(base, visitor.token);
    const agent = tenant.admin;
    await sendTestMessage(t, visitor.headers, groupId, `hi-${groupId}`, 'Hello?');
    const assigned = await app.inject({
      method: 'PATCH',
      url: `${MESSAGING_PATHS.assigneeChange}?groupId=${groupId}&assignee=${encodeURIComponent(tenant.adminUserName)}`,
      headers: agent,
    });
    expect(assigned.statusCode).toBe(200);
    await sendTestMessage(t, agent, groupId, `re-${groupId}`, 'How can I help?');
    const resolved = await app.inject({
      method: 'PATCH',
      url: `${MESSAGING_PATHS.statusChange}?groupId=${groupId}&status=2`,
      headers: agent,
    });
    expect(resolved.statusCode).toBe(200);
    await socket.next((f) => f.type === 'conversation.status_changed');
    await socket.next(
      (f) =>
        f.type === 'message.received' &&
        (f.data?.message as { metadata?: Record<string, string> } | undefined)?.metadata?.KM_STATUS ===
          'closed',
    );
    socket.close();
    const get = (url: string) => app.inject({ method: 'GET', url, headers: visitor.headers });
    const answers = [
      await get('/rest/ws/group/v2/list?pageSize=50'),
      await get(`${MESSAGING_PATHS.groupInfo}?groupId=${groupId}`),
      await get(`${MESSAGING_PATHS.messageList}?groupId=${groupId}&pageSize=50`),
      await get(`${MESSAGING_PATHS.messageListV2}?groupId=${groupId}&pageSize=50`),
      await get(`${MESSAGING_PATHS.groupInfoMultiple}?groupIds=${groupId}`),
    ];
    for (const a of answers) expect(a.statusCode, a.body).toBe(200);
    return { answers, frames: socket.frames, groupId, visitor };
  }

  it('never sends a member e-mail to the visitor, and names the agent by display name', async () => {
    const { answers, frames, groupId } = await loop();
    const everything = [...answers.map((a) => a.body), ...frames.map((f) => JSON.stringify(f))];
    for (const text of everything) expect(text).not.toContain(tenant.email);
    expect(frames.some((f) => f.type === 'message.received')).toBe(true);
    const lines = answers[2]!.json().message as {
      message: string;
      contentType: number;
      from: string | null;
    }[];
    const texts = lines.map((m) => m.message);
    expect(texts).toContain(`Resolved by ${tenant.name}`);
    expect(texts).toContain(`Assigned to ${tenant.name}`);
    // The reply's sender is the same alias as in the conversation's members, with the public name.
    const reply = lines.find((m) => m.message === 'How can I help?')!;
    const feed = answers[1]!.json().response as { groupUsers: { userId: string; displayName: string }[] };
    expect(feed.groupUsers.find((u) => u.userId === reply.from)?.displayName).toBe(tenant.name);
    // The member still reads the real ids.
    const own = await app.inject({
      method: 'GET',
      url: `${MESSAGING_PATHS.groupInfo}?groupId=${groupId}`,
      headers: tenant.admin,
    });
    expect(own.body).toContain(tenant.email);
  });

  it('names every member by the pseudonym when the admin set one', async () => {
    const saved = await app.inject({
      method: 'GET',
      url: WIDGET_SETTINGS_PATHS.chatWidget,
      headers: { authorization: `Bearer ${tenant.token}` },
    });
    const customization = { ...saved.json().data.customization, agentPseudonym: 'Sam from Support' };
    const patched = await app.inject({
      method: 'PATCH',
      url: WIDGET_SETTINGS_PATHS.chatWidget,
      headers: { authorization: `Bearer ${tenant.token}` },
      payload: { customization },
    });
    expect(patched.statusCode, patched.body).toBe(200);
    const { answers, frames } = await loop();
    const everything = [...answers.map((a) => a.body), ...frames.map((f) => JSON.stringify(f))];
    for (const text of everything) {
      expect(text).not.toContain(tenant.email);
      expect(text).not.toContain(tenant.name);
    }
    const texts = (answers[2]!.json().message as { message: string }[]).map((m) => m.message);
    expect(texts).toContain('Resolved by Sam from Support');
    const resolvedFrame = frames.find(
      (f) =>
        (f.data?.message as { metadata?: Record<string, string> } | undefined)?.metadata?.KM_STATUS ===
        'closed',
    );
    const resolvedLine = resolvedFrame?.data?.message as { message: string } | undefined;
    expect(resolvedLine?.message).toBe('Resolved by Sam from Support');
  });
});
