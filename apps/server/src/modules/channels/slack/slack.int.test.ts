import { channelWebhookPath, integrationPath, MESSAGING_PATHS, SLACK_PATHS } from '@convo/api';
import { SENDER_TYPE } from '@convo/domain';
import { type FakeSlack, startFakeSlack } from '@convo/provider-fakes';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { channelAccounts, messages, slackEvents, slackOutbox, users } from '../../../db/schema/index.js';
import { channelHarness, freePort, waitFor } from '../../../testing/channel-harness.js';
import { newVisitorConversation, sendTestMessage } from '../../../testing/messaging-fixtures.js';
import { testDatabaseKinds } from '../../../testing/test-database.js';
import { useTestApp } from '../../../testing/use-test-app.js';

// Slack as the team's mirror, against a local server speaking Slack's Web API and signing Events
// API deliveries: connect (auth.test, conversations.list, join), a conversation mirrored into a
// thread in order, a reply from the thread stored as the agent's message, Slack's signing (401,
// nothing stored), retried deliveries taken once, Slack's outages retried, secrets never returned.

const TOKEN = 'xoxb-1111111111-2222222222-abcdefghijklmnopqrstuvwx';
const SECRET = '8f742231b10e8888abcd99yyyzzz85a5'.replace(/[yz]/g, 'a');
const CHANNEL = 'C0SUPPORT1';
const BOT_USER = 'U0CONVOBOT';

describe.each(testDatabaseKinds())('Slack mirror on %s', (kind) => {
  let fake: FakeSlack;
  let port = 0;
  beforeAll(async () => {
    fake = await startFakeSlack();
    fake.addWorkspace({ token: TOKEN, team: 'Acme', botUserId: BOT_USER, botId: 'B0CONVO' });
    fake.addChannel({ id: CHANNEL, name: 'support' });
    fake.addChannel({ id: 'G0PRIVATE1', name: 'secret-ops', isPrivate: true });
    fake.addUser({ id: 'U0STRANGER', name: 'stranger', email: 'stranger@elsewhere.example' });
    port = await freePort();
  });
  const { t, tenants } = useTestApp(kind, {
    tenants: 2,
    dataDir: true,
    env: () => ({ SLACK_API_URL: fake.url, PUBLIC_URL: `http://127.0.0.1:${port}` }),
  });
  const [tenant, other] = tenants;
  const h = channelHarness(t, tenant!, 'slack');
  beforeAll(async () => {
    await t.app.listen({ host: '127.0.0.1', port });
    // The admin in Slack has the same e-mail as in Convo: their thread replies are theirs.
    const [admin] = await t.database.db
      .select({ email: users.email })
      .from(users)
      .where(and(eq(users.applicationId, tenant!.applicationId), eq(users.userId, tenant!.adminUserName)));
    fake.addUser({ id: 'U0ADMIN001', name: 'admin', email: admin!.email!.toUpperCase() });
    fake.setEventSubscription(
      `http://127.0.0.1:${port}${channelWebhookPath('slack', tenant!.applicationId)}`,
      SECRET,
    );
  });
  afterAll(async () => {
    await fake?.close();
  });

  const connect = (payload: Record<string, unknown>, tn = tenant!) =>
    t.app.inject({
      method: 'POST',
      url: integrationPath('slack'),
      headers: { authorization: `Bearer ${tn.admin['x-authorization']}` },
      payload,
    });
  const slackRows = async () => ({
    events: await t.database.db.select().from(slackEvents),
    messages: await t.database.db
      .select()
      .from(messages)
      .where(eq(messages.applicationId, tenant!.applicationId)),
  });

  it('lists the channels a bot token sees; refuses a token Slack does not know', async () => {
    const bad = await t.app.inject({
      method: 'POST',
      url: SLACK_PATHS.channels,
      headers: h.bearer(),
      payload: { botToken: 'xoxb-0000000000-unknown-token' },
    });
    expect(bad.statusCode, bad.body).toBe(400);
    expect(bad.json(), bad.body).toMatchObject({ code: 'INTEGRATION_REJECTED' });
    expect(bad.json().message).toContain('invalid_auth');
    const res = await t.app.inject({
      method: 'POST',
      url: SLACK_PATHS.channels,
      headers: h.bearer(),
      payload: { botToken: TOKEN },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({
      team: 'Acme',
      channels: [
        { id: 'G0PRIVATE1', name: 'secret-ops', isPrivate: true, isMember: false },
        { id: CHANNEL, name: 'support', isPrivate: false, isMember: false },
      ],
    });
  });

  it('refuses bad credentials and a channel the bot cannot post in (400)', async () => {
    const malformed = await connect({ botToken: TOKEN, signingSecret: 'short', channelId: CHANNEL });
    expect(malformed.statusCode).toBe(400);
    const unknown = await connect({ botToken: TOKEN, signingSecret: SECRET, channelId: 'C0NOTTHERE' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().code).toBe('INTEGRATION_REJECTED');
    const privateOne = await connect({ botToken: TOKEN, signingSecret: SECRET, channelId: 'G0PRIVATE1' });
    expect(privateOne.statusCode).toBe(400);
    expect(privateOne.json().message).toContain('invite the bot');
  });

  it('connects: joins the public channel; the token and signing secret are sealed and never returned', async () => {
    const res = await connect({ botToken: TOKEN, signingSecret: SECRET, channelId: CHANNEL });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      type: 'slack',
      status: 'connected',
      displayName: '#support · Acme',
      webhookUrl: `http://127.0.0.1:${port}${channelWebhookPath('slack', tenant!.applicationId)}`,
    });
    expect(fake.calls.some((c) => c.method === 'conversations.join' && c.body.channel === CHANNEL)).toBe(
      true,
    );
    const detail = await t.app.inject({ method: 'GET', url: integrationPath('slack'), headers: h.bearer() });
    const list = await t.app.inject({ method: 'GET', url: '/api/integrations', headers: h.bearer() });
    for (const body of [res.body, detail.body, list.body]) {
      expect(body).not.toContain(TOKEN);
      expect(body).not.toContain(SECRET);
    }
    const [row] = await t.database.db.select().from(channelAccounts).where(eq(channelAccounts.kind, 'slack'));
    expect(row!.sealedConfig).not.toContain(TOKEN);
    expect(row!.sealedConfig).not.toContain(SECRET);
    // Another tenant sees nothing of it.
    const theirs = await t.app.inject({
      method: 'GET',
      url: integrationPath('slack'),
      headers: { authorization: `Bearer ${other!.admin['x-authorization']}` },
    });
    expect(theirs.json().data.status).toBe('not_connected');
  });

  it('answers Slack’s url_verification challenge when it is signed', async () => {
    const res = await fake.deliver({ type: 'url_verification', challenge: 'chal-123', token: 'x' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ challenge: 'chal-123' });
  });

  let groupId = 0;
  let threadTs = '';
  it('mirrors a conversation into a thread: the parent, then every message in order', async () => {
    h.runWorker();
    const conv = await newVisitorConversation(t, tenant!);
    groupId = conv.groupId;
    expect(
      (await sendTestMessage(t, conv.visitor.headers, groupId, 'k1', 'Where is my order <#42>?')).statusCode,
    ).toBe(200);
    expect((await sendTestMessage(t, tenant!.admin, groupId, 'k2', 'Let me check')).statusCode).toBe(200);
    expect((await sendTestMessage(t, conv.visitor.headers, groupId, 'k3', 'Thanks')).statusCode).toBe(200);
    const posted = await waitFor(
      async () => fake.messages(CHANNEL).filter((m) => m.user === BOT_USER),
      (m) => m.length >= 3,
    );
    const [parent, ...replies] = posted;
    expect(parent!.threadTs).toBeUndefined();
    expect(parent!.text).toContain('started a conversation');
    expect(parent!.text).toContain('Where is my order &lt;#42&gt;?');
    expect(parent!.text).toContain(`<http://127.0.0.1:${port}/conversations/${groupId}|`);
    threadTs = parent!.ts;
    expect(replies.map((r) => r.threadTs)).toEqual([threadTs, threadTs]);
    expect(replies[0]!.text).toContain('(agent): Let me check');
    expect(replies[1]!.text).toContain('(customer): Thanks');
  });

  it('refuses a delivery with a missing, wrong or stale signature (401) and stores nothing', async () => {
    const before = await slackRows();
    const reply = { user: 'U0ADMIN001', channel: CHANNEL, threadTs, text: 'forged' };
    expect((await fake.userReplies(reply, { signature: null })).status).toBe(401);
    expect((await fake.userReplies(reply, { signature: `v0=${'0'.repeat(64)}` })).status).toBe(401);
    const stale = Math.floor(Date.now() / 1000) - 10 * 60;
    expect((await fake.userReplies(reply, { timestamp: stale })).status).toBe(401);
    const unknownApp = await t.app.inject({
      method: 'POST',
      url: channelWebhookPath('slack', 'no-such-app'),
      headers: { 'content-type': 'application/json' },
      payload: '{}',
    });
    expect(unknownApp.statusCode).toBe(404);
    await new Promise((r) => setTimeout(r, 200));
    const after = await slackRows();
    expect(after.events.length).toBe(before.events.length);
    expect(after.messages.length).toBe(before.messages.length);
  });

  it('stores a thread reply as the agent’s message once (Slack’s retry is taken once); the bot’s echo is ignored', async () => {
    h.runWorker();
    const first = await fake.userReplies({
      user: 'U0ADMIN001',
      channel: CHANNEL,
      threadTs,
      text: 'It ships today &amp; arrives &lt;tomorrow&gt;',
    });
    expect(first.status).toBe(200);
    const retry = await fake.deliver(
      {
        type: 'event_callback',
        event: {
          type: 'message',
          channel: CHANNEL,
          user: 'U0ADMIN001',
          text: 'It ships today &amp; arrives &lt;tomorrow&gt;',
          ts: fake.messages(CHANNEL).at(-1)!.ts,
          thread_ts: threadTs,
        },
      },
      { eventId: first.eventId, retryNum: 1 },
    );
    expect(retry.status).toBe(200);
    const fromSlack = await waitFor(
      async () =>
        (await t.database.db.select().from(messages).where(eq(messages.conversationId, groupId))).filter(
          (m) => m.metadata.source === 'slack',
        ),
      (rows) => rows.length >= 1,
    );
    expect(fromSlack).toHaveLength(1);
    expect(fromSlack[0]!.senderType).toBe(SENDER_TYPE.HUMAN_AGENT);
    expect(fromSlack[0]!.message).toBe('It ships today & arrives <tomorrow>');
    // The customer reads it in their conversation.
    const list = await t.app.inject({
      method: 'GET',
      url: `${MESSAGING_PATHS.messageList}?groupId=${groupId}&pageSize=50`,
      headers: tenant!.admin,
    });
    expect(list.body).toContain('It ships today');
    // It is in the thread already: not posted back, and the bot's own echoes stored nothing.
    await new Promise((r) => setTimeout(r, 500));
    expect(fake.thread(CHANNEL, threadTs).filter((m) => m.user === BOT_USER)).toHaveLength(2);
    const again = (
      await t.database.db.select().from(messages).where(eq(messages.conversationId, groupId))
    ).filter((m) => m.metadata.source === 'slack');
    expect(again).toHaveLength(1);
  });

  it('refuses a reply by a Slack user who is not a team member, with a note in the thread', async () => {
    h.runWorker();
    const before = (await slackRows()).messages.length;
    const res = await fake.userReplies({
      user: 'U0STRANGER',
      channel: CHANNEL,
      threadTs,
      text: 'I am not staff',
    });
    expect(res.status).toBe(200);
    const note = await waitFor(
      async () =>
        fake.thread(CHANNEL, threadTs).filter((m) => m.user === BOT_USER && m.text.includes('U0STRANGER')),
      (n) => n.length >= 1,
    );
    expect(note[0]!.text).toContain('was not sent to the customer');
    expect(note[0]!.text).toContain('stranger@elsewhere.example');
    expect((await slackRows()).messages.length).toBe(before);
  });

  it('retries Slack’s outage and rate limiting; the messages still go out in order', async () => {
    h.runWorker();
    fake.failNext('chat.postMessage', { status: 503 });
    fake.failNext('chat.postMessage', { status: 429, retryAfter: 1 });
    const conv = await newVisitorConversation(t, tenant!);
    await sendTestMessage(t, conv.visitor.headers, conv.groupId, 'r1', 'first');
    await sendTestMessage(t, conv.visitor.headers, conv.groupId, 'r2', 'second');
    const rows = await waitFor(
      () =>
        t.database.db
          .select()
          .from(slackOutbox)
          .where(eq(slackOutbox.conversationId, conv.groupId))
          .orderBy(slackOutbox.id),
      (r) => r.length === 2 && r.every((x) => x.status === 'sent'),
    );
    expect(rows[0]!.attempts).toBeGreaterThanOrEqual(3);
    const parent = fake.messages(CHANNEL).find((m) => m.ts === rows[0]!.externalId)!;
    expect(parent.text).toContain('first');
    expect(fake.thread(CHANNEL, parent.ts).map((m) => m.text)).toEqual([expect.stringContaining('second')]);
    // Slack answered again: the hub's status is back to connected.
    const detail = await t.app.inject({ method: 'GET', url: integrationPath('slack'), headers: h.bearer() });
    expect(detail.json().data).toMatchObject({ status: 'connected', lastError: null });
  });

  it('fails a message Slack refuses for good and shows why in the hub', async () => {
    h.runWorker();
    fake.failNext('chat.postMessage', { error: 'not_in_channel' });
    const conv = await newVisitorConversation(t, tenant!);
    await sendTestMessage(t, conv.visitor.headers, conv.groupId, 'p1', 'lost');
    const [row] = await waitFor(
      () => t.database.db.select().from(slackOutbox).where(eq(slackOutbox.conversationId, conv.groupId)),
      (r) => r.length === 1 && r[0]!.status === 'failed',
    );
    expect(row!.lastError).toContain('not_in_channel');
    const detail = await t.app.inject({ method: 'GET', url: integrationPath('slack'), headers: h.bearer() });
    expect(detail.json().data).toMatchObject({ status: 'error' });
    expect(detail.json().data.lastError).toContain('not_in_channel');
  });
});
