import { channelWebhookPath, INTEGRATION_PATHS, integrationPath, MESSAGING_PATHS } from '@convo/api';
import { type FakeTelegram, startFakeTelegram } from '@convo/provider-fakes';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { attachments, channelAccounts, channelOutbox, conversations, users } from '../../db/schema/index.js';
import { channelHarness, freePort, waitFor } from '../../testing/channel-harness.js';
import { sendTestMessage, type Tenant } from '../../testing/messaging-fixtures.js';
import { testDatabaseKinds } from '../../testing/test-database.js';
import { useTestApp } from '../../testing/use-test-app.js';
import { ATTACHMENT_PATHS } from '../attachments/routes.js';
import { multipart, tinyPng } from '../attachments/test-harness.js';

// The channel pipeline against a real local Telegram Bot API server: connect, inbound text and
// photo, duplicate deliveries, signatures, outbound replies in order through an outage.

const TOKEN = '7000001:AAHfakeTelegramTokenForTests_0123456';
const OTHER_TOKEN = '7000002:AAHanotherFakeTelegramToken_987654';

describe.each(testDatabaseKinds())('Telegram channel on %s', (kind) => {
  let fake: FakeTelegram;
  let port = 0;
  beforeAll(async () => {
    fake = await startFakeTelegram();
    fake.addBot(TOKEN, 'convo_test_bot');
    fake.addBot(OTHER_TOKEN, 'other_bot');
    port = await freePort();
  });
  const { t, tenants } = useTestApp(kind, {
    tenants: 2,
    dataDir: true,
    env: () => ({ TELEGRAM_API_URL: fake.url, PUBLIC_URL: `http://127.0.0.1:${port}` }),
  });
  const [tenant, other] = tenants;
  const { bearer, runWorker, conversationOf, messagesOf, outboxOf, outboxDone, notesOf } = channelHarness(
    t,
    tenant,
    'telegram',
  );
  beforeAll(async () => {
    await t.app.listen({ host: '127.0.0.1', port });
  });
  afterAll(async () => {
    await fake?.close();
  });

  const connect = (tn: Tenant, botToken: string) =>
    t.app.inject({
      method: 'POST',
      url: integrationPath('telegram'),
      headers: bearer(tn),
      payload: { botToken },
    });

  it('refuses a malformed token (400) and a token Telegram does not know (400 INTEGRATION_REJECTED)', async () => {
    const malformed = await connect(tenant, 'not-a-token');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().code).toBe('INVALID_PARAMETER');
    const unknown = await connect(tenant, '123:AAHtokenTelegramDoesNotKnowAtAll');
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({ code: 'INTEGRATION_REJECTED' });
    expect(unknown.json().message).toContain('401 Unauthorized');
  });

  it('connects with a bot token: getMe, setWebhook with a secret; nothing secret is ever returned', async () => {
    const res = await connect(tenant, TOKEN);
    expect(res.statusCode).toBe(200);
    const webhook = fake.webhookOf(TOKEN);
    expect(webhook?.url).toBe(
      `http://127.0.0.1:${port}${channelWebhookPath('telegram', tenant.applicationId)}`,
    );
    expect(webhook?.secretToken).toMatch(/^[A-Za-z0-9_-]{40,}$/);
    expect(res.json().data).toMatchObject({
      type: 'telegram',
      category: 'messaging',
      status: 'connected',
      displayName: '@convo_test_bot',
    });
    const list = await t.app.inject({ method: 'GET', url: INTEGRATION_PATHS.list, headers: bearer(tenant) });
    const detail = await t.app.inject({
      method: 'GET',
      url: integrationPath('telegram'),
      headers: bearer(tenant),
    });
    for (const body of [res.body, list.body, detail.body]) {
      expect(body).not.toContain(TOKEN);
      expect(body).not.toContain(webhook!.secretToken!);
    }
    expect(list.json().data).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ type: 'telegram', status: 'connected' }),
        expect.objectContaining({ type: 'line', status: 'not_connected' }),
        expect.objectContaining({ type: 'email', status: 'not_connected' }),
      ]),
    );
    // Sealed at rest: the stored row holds neither the token nor the secret in clear.
    const [row] = await t.database.db
      .select()
      .from(channelAccounts)
      .where(eq(channelAccounts.applicationId, tenant.applicationId));
    expect(row!.sealedConfig).not.toContain(TOKEN);
    expect(row!.sealedConfig).not.toContain('7000001');
    // Another tenant sees its own (not connected) Telegram, never this one.
    const theirs = await t.app.inject({
      method: 'GET',
      url: integrationPath('telegram'),
      headers: bearer(other),
    });
    expect(theirs.json().data).toMatchObject({ status: 'not_connected', displayName: '' });
  });

  it('stores a customer text message in a telegram conversation, routed like a widget message', async () => {
    const { status } = await fake.postUpdate(TOKEN, {
      chatId: 4242,
      text: 'Hi, where is my order?',
      firstName: 'Ada',
      lastName: 'L',
    });
    expect(status).toBe(200);
    const conv = await conversationOf(4242);
    expect(conv).toMatchObject({ channel: 'telegram', name: 'Ada L', source: 'telegram' });
    expect(conv!.status).not.toBe(-1);
    const stored = await messagesOf(conv!.id);
    expect(stored.map((m) => [m.message, m.senderType])).toEqual([['Hi, where is my order?', 2]]);
    // The inbox reads the channel from the conversation feed.
    const info = await t.app.inject({
      method: 'GET',
      url: `${MESSAGING_PATHS.groupInfo}?groupId=${conv!.id}`,
      headers: tenant.admin,
    });
    expect(info.json().response).toMatchObject({ channel: 'telegram' });
    // The next message of the same chat joins the same conversation.
    await fake.postUpdate(TOKEN, { chatId: 4242, text: 'Order 1234' });
    expect((await messagesOf(conv!.id)).map((m) => m.message)).toEqual([
      'Hi, where is my order?',
      'Order 1234',
    ]);
  });

  it('stores a retried delivery once', async () => {
    const first = await fake.postUpdate(TOKEN, {
      chatId: 5151,
      text: 'Once only',
      updateId: 9001,
      messageId: 77,
    });
    const again = await fake.postUpdate(TOKEN, {
      chatId: 5151,
      text: 'Once only',
      updateId: 9001,
      messageId: 77,
    });
    expect([first.status, again.status]).toEqual([200, 200]);
    const conv = await conversationOf(5151);
    expect((await messagesOf(conv!.id)).map((m) => m.message)).toEqual(['Once only']);
  });

  it('a burst of deliveries at once (lookups read together): one customer and conversation per chat, a duplicate stored once', async () => {
    const chats = [6101, 6102, 6103];
    const burst = chats.flatMap((chatId) =>
      [1, 2, 3].map((n) => ({ chatId, text: `burst ${chatId}-${n}`, messageId: chatId * 10 + n })),
    );
    // The same delivery twice in the burst (a provider's retry racing its original).
    const posted = await Promise.all([...burst, burst[0]!].map((update) => fake.postUpdate(TOKEN, update)));
    expect(posted.every((p) => p.status === 200)).toBe(true);
    for (const chatId of chats) {
      const conv = await conversationOf(chatId);
      expect(conv).toBeDefined();
      const stored = (await messagesOf(conv!.id)).map((m) => m.message).sort();
      expect(stored).toEqual([1, 2, 3].map((n) => `burst ${chatId}-${n}`));
    }
    const customers = await t.database.db
      .select()
      .from(users)
      .where(
        and(
          eq(users.applicationId, tenant.applicationId),
          inArray(
            users.userId,
            chats.map((c) => `telegram-${c}`),
          ),
        ),
      );
    expect(customers).toHaveLength(chats.length);
  });

  it('answers 401 to a missing or wrong secret and stores nothing', async () => {
    const missing = await fake.postUpdate(TOKEN, { chatId: 6161, text: 'no secret' }, { secretToken: null });
    const wrong = await fake.postUpdate(
      TOKEN,
      { chatId: 6161, text: 'bad secret' },
      { secretToken: 'x'.repeat(43) },
    );
    expect([missing.status, wrong.status]).toEqual([401, 401]);
    expect(await conversationOf(6161)).toBeUndefined();
  });

  it('answers 404 to an unknown application or channel, and to a tenant that did not connect it', async () => {
    const post = (url: string) => t.app.inject({ method: 'POST', url, payload: { update_id: 1 } });
    expect((await post(channelWebhookPath('telegram', 'no-such-app'))).statusCode).toBe(404);
    expect((await post(`/api/channels/carrier-pigeon/${tenant.applicationId}/webhook`)).statusCode).toBe(404);
    expect((await post(channelWebhookPath('telegram', other.applicationId))).statusCode).toBe(404);
  });

  const PNG = tinyPng();

  it('downloads a photo through getFile into our storage; a file that is not an image leaves a note', async () => {
    const fileId = fake.addFile(PNG, 'cat.png');
    expect((await fake.postUpdate(TOKEN, { chatId: 7171, photoFileId: fileId, text: 'my cat' })).status).toBe(
      200,
    );
    const conv = await conversationOf(7171);
    const [stored] = await messagesOf(conv!.id);
    expect(stored).toMatchObject({ message: 'my cat', contentType: 1 });
    const key = String(stored!.fileMeta?.key);
    const [file] = await t.database.db.select().from(attachments).where(eq(attachments.id, key));
    expect(file).toMatchObject({ contentType: 'image/png', size: PNG.byteLength });
    expect(fake.calls.some((c) => c.apiMethod === 'getFile')).toBe(true);
    expect(fake.calls.some((c) => c.apiMethod === 'file')).toBe(true);

    const notImage = fake.addFile(Buffer.from('%PDF-1.4 not a photo'), 'doc.jpg');
    await fake.postUpdate(TOKEN, { chatId: 7171, photoFileId: notImage });
    const [, noted] = await messagesOf(conv!.id);
    expect(noted!.fileMeta).toBeNull();
    expect(noted!.message).toMatch(/could not be received: The file .*not a PNG, JPEG, GIF or WebP image/);
  });

  it("sends an agent's reply with sendMessage and marks it delivered", async () => {
    await fake.postUpdate(TOKEN, { chatId: 8181, text: 'Hello?' });
    const conv = await conversationOf(8181);
    const reply = await sendTestMessage(t, tenant.admin, conv!.id, 'reply-8181', 'Hello Ada, we are on it');
    expect(reply.statusCode).toBe(200);
    runWorker();
    const sent = await waitFor(
      async () => fake.sent(TOKEN).filter((c) => c.body.chat_id === '8181' || c.body.chat_id === 8181),
      (c) => c.length === 1,
    );
    expect(sent[0]!.body).toMatchObject({ text: 'Hello Ada, we are on it' });
    const [row] = await waitFor(
      () => outboxOf(conv!.id),
      (rows) => rows[0]?.status === 'sent',
    );
    expect(row!.externalId).toMatch(/^8181:\d+$/);
  });

  it("sends an agent's image with sendPhoto, the file uploaded with its caption", async () => {
    await fake.postUpdate(TOKEN, { chatId: 8282, text: 'Can I see it?' });
    const conv = await conversationOf(8282);
    const body = multipart([{ filename: 'product.png', contentType: 'image/png', data: PNG }]);
    const uploaded = await t.app.inject({
      method: 'POST',
      url: ATTACHMENT_PATHS.uploadImage,
      headers: { ...tenant.admin, ...body.headers },
      payload: body.payload,
    });
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    const send = await t.app.inject({
      method: 'POST',
      url: MESSAGING_PATHS.messageSend,
      headers: tenant.admin,
      payload: {
        key: 'photo-8282',
        groupId: conv!.id,
        message: 'Here it is',
        fileMeta: { key: uploaded.json().key },
      },
    });
    expect(send.statusCode, send.body).toBe(200);
    runWorker();
    const [photo] = await waitFor(
      async () => fake.sent(TOKEN).filter((c) => c.apiMethod === 'sendPhoto' && c.body.chat_id === '8282'),
      (c) => c.length === 1,
    );
    expect(photo!.body).toMatchObject({ caption: 'Here it is' });
    expect(photo!.files).toEqual([
      { field: 'photo', name: 'product.png', type: 'image/png', size: PNG.byteLength },
    ]);
  });

  it('retries through a provider outage and sends the queued replies in order; the hub shows the error meanwhile', async () => {
    await fake.postUpdate(TOKEN, { chatId: 9191, text: 'Anyone?' });
    const conv = await conversationOf(9191);
    fake.failNext('sendMessage', { error_code: 502, description: 'Bad Gateway' }, 4);
    for (const n of [1, 2, 3]) await sendTestMessage(t, tenant.admin, conv!.id, `outage-${n}`, `reply ${n}`);
    runWorker();
    await waitFor(
      async () =>
        (
          await t.app.inject({ method: 'GET', url: integrationPath('telegram'), headers: bearer(tenant) })
        ).json().data,
      (d) => d.status === 'error' && String(d.lastError).includes('502 Bad Gateway'),
    );
    const sent = await waitFor(
      async () => fake.sent(TOKEN).filter((c) => String(c.body.chat_id) === '9191'),
      (c) => c.length === 3,
    );
    expect(sent.map((c) => c.body.text)).toEqual(['reply 1', 'reply 2', 'reply 3']);
    const detail = await t.app.inject({
      method: 'GET',
      url: integrationPath('telegram'),
      headers: bearer(tenant),
    });
    expect(detail.json().data).toMatchObject({ status: 'connected', lastError: null });
  });

  it('fails a reply Telegram refuses for good and sends the next one', async () => {
    await fake.postUpdate(TOKEN, { chatId: 9292, text: 'Hi' });
    const conv = await conversationOf(9292);
    fake.failNext('sendMessage', { error_code: 403, description: 'Forbidden: bot was blocked by the user' });
    await sendTestMessage(t, tenant.admin, conv!.id, 'blocked-1', 'first');
    await sendTestMessage(t, tenant.admin, conv!.id, 'blocked-2', 'second');
    runWorker();
    const rows = await outboxDone(conv!.id, 2);
    expect(rows.map((r) => r.status)).toEqual(['failed', 'sent']);
    expect(rows[0]!.lastError).toContain('bot was blocked by the user');
    // The team sees it in the conversation.
    const notes = await notesOf(conv!.id);
    expect(notes.map((m) => m.message)).toContain(
      'Not delivered on Telegram: Telegram sendMessage: 403 Forbidden: bot was blocked by the user',
    );
  });

  it('a widget conversation never goes to a channel', async () => {
    const before = (await t.database.db.select().from(channelOutbox)).length;
    const create = await t.app.inject({
      method: 'POST',
      url: MESSAGING_PATHS.groupCreate,
      headers: tenant.admin,
      payload: { groupName: 'web chat', type: 10 },
    });
    await sendTestMessage(t, tenant.admin, create.json().response.id, 'web-reply', 'web only');
    expect((await t.database.db.select().from(channelOutbox)).length).toBe(before);
  });

  /** A conversation of another application by its channel chat, and its message texts. */
  const conversationIn = async (tn: Tenant, chatId: number) => {
    const [row] = await t.database.db
      .select()
      .from(conversations)
      .where(
        and(
          eq(conversations.applicationId, tn.applicationId),
          eq(conversations.clientGroupId, `telegram:${chatId}`),
        ),
      );
    return row;
  };

  it('keeps two applications apart when their customers share a chat id (the same client group id)', async () => {
    // Client group ids (`telegram:<chat>`, `whatsapp:<phone>`) repeat across applications.
    expect((await connect(other, OTHER_TOKEN)).statusCode).toBe(200);
    await fake.postUpdate(TOKEN, { chatId: 7777, text: 'Mine, in the first application' });
    await fake.postUpdate(OTHER_TOKEN, { chatId: 7777, text: 'Theirs, in the second application' });
    await fake.postUpdate(TOKEN, { chatId: 7777, text: 'Mine again' });
    const mine = await conversationOf(7777);
    const theirs = await conversationIn(other, 7777);
    expect(mine).toBeDefined();
    expect(theirs).toBeDefined();
    expect(theirs!.id).not.toBe(mine!.id);
    expect(theirs!.applicationId).toBe(other.applicationId);
    expect((await messagesOf(mine!.id)).map((m) => m.message)).toEqual([
      'Mine, in the first application',
      'Mine again',
    ]);
    const theirMessages = await messagesOf(theirs!.id);
    expect(theirMessages.map((m) => [m.message, m.applicationId])).toEqual([
      ['Theirs, in the second application', other.applicationId],
    ]);
    // Each customer is a row of its own application.
    const [theirCustomer] = await t.database.db.select().from(users).where(eq(users.id, theirs!.customerId!));
    expect(theirCustomer!.applicationId).toBe(other.applicationId);
  });

  it("one application's disable and enable leave another application's channel of the same type alone", async () => {
    const status = (tn: Tenant, s: string) =>
      t.app.inject({
        method: 'PATCH',
        url: `${integrationPath('telegram')}/status/${s}`,
        headers: bearer(tn),
      });
    const statusOf = async (tn: Tenant) =>
      (await t.app.inject({ method: 'GET', url: integrationPath('telegram'), headers: bearer(tn) })).json()
        .data.status;
    expect(await statusOf(other)).toBe('connected');
    const disabled = await status(tenant, 'disable');
    expect(disabled.json().data.status).toBe('disabled');
    expect(await statusOf(other)).toBe('connected');
    await fake.postUpdate(OTHER_TOKEN, { chatId: 7878, text: 'still open over there' });
    expect(await conversationIn(other, 7878)).toBeDefined();
    expect(await conversationOf(7878)).toBeUndefined();
    // The other application's disable leaves this one disabled, and its enable leaves ours alone.
    expect((await status(other, 'disable')).json().data.status).toBe('disabled');
    expect((await status(other, 'enable')).json().data.status).toBe('connected');
    expect(await statusOf(tenant)).toBe('disabled');
    expect((await status(tenant, 'enable')).json().data.status).toBe('connected');
    expect(await statusOf(other)).toBe('connected');
  });

  it('disable keeps deliveries out, enable lets them in, delete removes the webhook and answers 404 after', async () => {
    const status = (s: string) =>
      t.app.inject({
        method: 'PATCH',
        url: `${integrationPath('telegram')}/status/${s}`,
        headers: bearer(tenant),
      });
    expect((await status('disable')).json().data.status).toBe('disabled');
    expect((await fake.postUpdate(TOKEN, { chatId: 9393, text: 'while disabled' })).status).toBe(200);
    expect(await conversationOf(9393)).toBeUndefined();
    expect((await status('enable')).json().data.status).toBe('connected');
    await fake.postUpdate(TOKEN, { chatId: 9393, text: 'enabled again' });
    expect(await conversationOf(9393)).toBeDefined();

    const secret = fake.webhookOf(TOKEN)!.secretToken!;
    const removed = await t.app.inject({
      method: 'DELETE',
      url: integrationPath('telegram'),
      headers: bearer(tenant),
    });
    expect(removed.statusCode).toBe(200);
    expect(fake.webhookOf(TOKEN)).toBeNull();
    const late = await t.app.inject({
      method: 'POST',
      url: channelWebhookPath('telegram', tenant.applicationId),
      headers: { 'x-telegram-bot-api-secret-token': secret },
      payload: { update_id: 1, message: { message_id: 1, chat: { id: 1 }, text: 'late' } },
    });
    expect(late.statusCode).toBe(404);
    const again = await t.app.inject({
      method: 'DELETE',
      url: integrationPath('telegram'),
      headers: bearer(tenant),
    });
    expect(again.statusCode).toBe(404);
  });
});
