import {
  channelWebhookPath,
  integrationPath,
  WHATSAPP_TEMPLATE_PATHS,
  whatsAppTemplatesPath,
} from '@convo/api';
import {
  type FakeGallabox,
  gallaboxMessageEvent,
  gallaboxStatusEvent,
  startFakeGallabox,
} from '@convo/provider-fakes';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { attachments, conversations } from '../../db/schema/index.js';
import { channelHarness, freePort, waitFor } from '../../testing/channel-harness.js';
import { sendTestMessage } from '../../testing/messaging-fixtures.js';
import { testDatabaseKinds } from '../../testing/test-database.js';
import { useTestApp } from '../../testing/use-test-app.js';
import { tinyPng } from '../attachments/test-harness.js';

// WhatsApp through Gallabox against a local server speaking its developer API (packages/
// provider-fakes gallabox): the admin's webhook secret header, message and status events, media,
// replies, retries.

const ACCOUNT = {
  apiKey: 'gbKey0123456789abcd',
  apiSecret: 'gbSecret0123456789ab',
  accountId: '629e06e58e13b5000ae338d5',
  channelId: '629e0b6c3d6ad600044197a0',
};
const SECRET = 'my-gallabox-webhook-secret-1';

describe.each(testDatabaseKinds())('WhatsApp through Gallabox on %s', (kind) => {
  let fake: FakeGallabox;
  let port = 0;
  beforeAll(async () => {
    fake = await startFakeGallabox();
    fake.addAccount(ACCOUNT);
    fake.addTemplate(ACCOUNT.accountId, {
      channelId: ACCOUNT.channelId,
      name: 'order_update',
      language: 'en',
      status: 'approved',
      category: 'UTILITY',
      body: 'Hi {{1}}, your order {{2}} has shipped.',
    });
    fake.addTemplate(ACCOUNT.accountId, {
      channelId: 'e'.repeat(24),
      name: 'other_channel',
      language: 'en',
      status: 'approved',
      category: 'UTILITY',
      body: 'Not ours',
    });
    port = await freePort();
  });
  const { t, tenants } = useTestApp(kind, {
    tenants: 1,
    dataDir: true,
    env: () => ({ GALLABOX_API_URL: fake.url, PUBLIC_URL: `http://127.0.0.1:${port}` }),
  });
  const [tenant] = tenants;
  const h = channelHarness(t, tenant, 'whatsapp-gallabox');
  beforeAll(async () => {
    await t.app.listen({ host: '127.0.0.1', port });
  });
  afterAll(async () => {
    await fake?.close();
  });

  const hook = () =>
    `http://127.0.0.1:${port}${channelWebhookPath('whatsapp-gallabox', tenant.applicationId)}`;
  let nextId = 1;
  const text = (from: string, body: string, id = `gb-in-${nextId++}`) =>
    gallaboxMessageEvent({ ...ACCOUNT, id, from, name: 'Grace H', text: body });
  const status = (
    messageId: string,
    to: string,
    s: 'sent' | 'delivered' | 'read' | 'failed',
    error?: string,
  ) => gallaboxStatusEvent({ ...ACCOUNT, messageId, to, status: s, error });

  it('refuses a wrong secret (400 INTEGRATION_REJECTED) and connects; nothing secret returned', async () => {
    const payload = { ...ACCOUNT, webhookSecret: SECRET };
    const bad = await t.app.inject({
      method: 'POST',
      url: integrationPath('whatsapp-gallabox'),
      headers: h.bearer(),
      payload: { ...payload, apiSecret: 'notTheSecret00000' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ code: 'INTEGRATION_REJECTED' });
    expect(bad.json().message).toContain('Unauthorized');
    const res = await t.app.inject({
      method: 'POST',
      url: integrationPath('whatsapp-gallabox'),
      headers: h.bearer(),
      payload,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({
      status: 'connected',
      displayName: 'Gallabox',
      webhookUrl: hook(),
    });
    for (const secret of [ACCOUNT.apiKey, ACCOUNT.apiSecret, SECRET]) expect(res.body).not.toContain(secret);
  });

  it('stores a text message once (duplicate delivery); 401 for a wrong or missing secret storing nothing; another channel’s event is ignored', async () => {
    const event = text('919876543210', 'Hello from Gallabox', 'gb-dup');
    expect((await fake.postWebhook(hook(), SECRET, event)).status).toBe(200);
    expect((await fake.postWebhook(hook(), SECRET, event)).status).toBe(200);
    const conv = await h.conversationOf('919876543210');
    expect(conv).toMatchObject({ channel: 'whatsapp-gallabox', name: 'Grace H' });
    expect((await h.messagesOf(conv!.id)).map((m) => m.message)).toEqual(['Hello from Gallabox']);

    const wrong = await fake.postWebhook(hook(), 'not-the-secret-at-all', text('919800000000', 'forged'));
    const missing = await fake.postWebhook(hook(), null, text('919800000000', 'unsigned'));
    expect([wrong.status, missing.status]).toEqual([401, 401]);
    const other = gallaboxMessageEvent({
      ...ACCOUNT,
      channelId: 'f'.repeat(24),
      id: 'gb-other',
      from: '919800000000',
      text: 'x',
    });
    expect(JSON.parse((await fake.postWebhook(hook(), SECRET, other)).body)).toEqual({ ok: true, stored: 0 });
    expect(await h.conversationOf('919800000000')).toBeUndefined();
  });

  it('downloads an image from Gallabox with the key and secret', async () => {
    const PNG = tinyPng();
    const link = fake.addMedia(PNG, 'image/png');
    const event = gallaboxMessageEvent({
      ...ACCOUNT,
      id: 'gb-img',
      from: '919877770000',
      image: { link, mimeType: 'image/png', caption: 'broken part' },
    });
    expect((await fake.postWebhook(hook(), SECRET, event)).status).toBe(200);
    const conv = await h.conversationOf('919877770000');
    const [stored] = await h.messagesOf(conv!.id);
    expect(stored).toMatchObject({ message: 'broken part' });
    const [file] = await t.database.db
      .select()
      .from(attachments)
      .where(eq(attachments.id, String(stored!.fileMeta?.key)));
    expect(file).toMatchObject({ contentType: 'image/png', size: PNG.byteLength });
  });

  it('sends a reply, retried through a 5xx; delivered and read from status events; failed with a note', async () => {
    await fake.postWebhook(hook(), SECRET, text('919878880000', 'Where is my parcel?'));
    const conv = await h.conversationOf('919878880000');
    fake.failNext({ status: 502, message: 'Bad Gateway' }, 2);
    await sendTestMessage(t, tenant.admin, conv!.id, 'gb-reply-1', 'It ships today');
    h.runWorker();
    const sent = await waitFor(
      async () => fake.sent(),
      (c) => c.length === 1,
    );
    expect(sent[0]!.body).toEqual({
      channelId: ACCOUNT.channelId,
      channelType: 'whatsapp',
      recipient: { name: '', phone: '919878880000' },
      whatsapp: { type: 'text', text: { body: 'It ships today' } },
    });
    const [row] = await h.outboxDone(conv!.id);
    expect(row).toMatchObject({ status: 'sent', attempts: 3 });
    for (const s of ['sent', 'read', 'delivered'] as const)
      expect(
        (await fake.postWebhook(hook(), SECRET, status(row!.externalId!, '919878880000', s))).status,
      ).toBe(200);
    expect(await h.receipt(conv!.id, conv!.customerId!)).toMatchObject({
      lastReadMessageId: row!.messageId,
      lastDeliveredMessageId: row!.messageId,
    });

    // A final refusal (400) fails at once; the failed event of another reply leaves one note.
    fake.failNext({ status: 400, message: 'recipient.phone is not on WhatsApp' });
    await sendTestMessage(t, tenant.admin, conv!.id, 'gb-reply-2', 'Refused');
    await sendTestMessage(t, tenant.admin, conv!.id, 'gb-reply-3', 'Anything else?');
    const rows = await h.outboxDone(conv!.id, 3);
    expect(rows.map((r) => [r.status, r.attempts])).toEqual([
      ['sent', 3],
      ['failed', 1],
      ['sent', 1],
    ]);
    const failed = status(rows[2]!.externalId!, '919878880000', 'failed', 'Message undeliverable');
    await fake.postWebhook(hook(), SECRET, failed);
    await fake.postWebhook(hook(), SECRET, failed);
    expect(await h.outboxRow(rows[2]!.id)).toMatchObject({ status: 'failed' });
    const notes = (await h.notesOf(conv!.id)).map((n) => n.message);
    expect(
      notes.filter((n) => n === 'Not delivered on WhatsApp: Gallabox: Message undeliverable'),
    ).toHaveLength(1);
    expect(notes.some((n) => n.includes('Gallabox 400: recipient.phone is not on WhatsApp'))).toBe(true);
  });

  it('lists the channel’s templates and sends one after the 24-hour window by name with body values', async () => {
    const list = await t.app.inject({
      method: 'GET',
      url: whatsAppTemplatesPath('whatsapp-gallabox'),
      headers: h.bearer(),
    });
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json().data.map((x: { name: string }) => x.name)).toEqual(['order_update']);
    await fake.postWebhook(hook(), SECRET, text('919874440000', 'old message'));
    const conv = await h.conversationOf('919874440000');
    await t.database.db
      .update(conversations)
      .set({ lastCustomerMessageAt: new Date(Date.now() - 25 * 3600_000) })
      .where(eq(conversations.id, conv!.id));
    expect((await sendTestMessage(t, tenant.admin, conv!.id, 'gb-late', 'Too late?')).statusCode).toBe(422);
    const res = await t.app.inject({
      method: 'POST',
      url: WHATSAPP_TEMPLATE_PATHS.send,
      headers: h.bearer(),
      payload: { groupId: conv!.id, name: 'order_update', language: 'en', parameters: ['Grace', 'A-42'] },
    });
    expect(res.statusCode, res.body).toBe(200);
    h.runWorker();
    const sent = await waitFor(
      async () => fake.sent().filter((c) => (c.body.recipient as { phone: string }).phone === '919874440000'),
      (c) => c.length === 1,
    );
    expect(sent[0]!.body.whatsapp).toEqual({
      type: 'template',
      template: { templateName: 'order_update', bodyValues: { 1: 'Grace', 2: 'A-42' } },
    });
  });
});
