import {
  channelWebhookPath,
  integrationPath,
  WHATSAPP_TEMPLATE_PATHS,
  whatsAppTemplatesPath,
} from '@convo/api';
import { type FakeDialog360, startFakeDialog360, whatsAppDelivery } from '@convo/provider-fakes';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { attachments, conversations } from '../../db/schema/index.js';
import { channelHarness, freePort, waitFor } from '../../testing/channel-harness.js';
import { sendTestMessage } from '../../testing/messaging-fixtures.js';
import { testDatabaseKinds } from '../../testing/test-database.js';
import { useTestApp } from '../../testing/use-test-app.js';
import { tinyPng } from '../attachments/test-harness.js';

// WhatsApp through 360dialog against a local server speaking its API (packages/provider-fakes
// dialog360): the webhook set on connect with our secret header, Cloud API deliveries, media
// through 360dialog's host, replies, statuses, retries and templates.

const API_KEY = 'D360keyForTheTestNumber0123456789';
const PHONE_ID = '109876543210987';

describe.each(testDatabaseKinds())('WhatsApp through 360dialog on %s', (kind) => {
  let fake: FakeDialog360;
  let port = 0;
  beforeAll(async () => {
    fake = await startFakeDialog360();
    fake.addKey(API_KEY);
    fake.addTemplate(API_KEY, {
      name: 'order_update',
      language: 'en',
      status: 'approved',
      category: 'UTILITY',
      body: 'Hi {{1}}, your order {{2}} has shipped.',
    });
    port = await freePort();
  });
  const { t, tenants } = useTestApp(kind, {
    tenants: 1,
    dataDir: true,
    env: () => ({ DIALOG360_API_URL: fake.url, PUBLIC_URL: `http://127.0.0.1:${port}` }),
  });
  const [tenant] = tenants;
  const h = channelHarness(t, tenant, 'whatsapp-dialog360');
  beforeAll(async () => {
    await t.app.listen({ host: '127.0.0.1', port });
  });
  afterAll(async () => {
    await fake?.close();
  });

  let nextId = 1;
  const text = (from: string, body: string, id = `wamid.d360in${nextId++}`) =>
    whatsAppDelivery(PHONE_ID, {
      contacts: [{ wa_id: from, profile: { name: 'Grace H' } }],
      messages: [
        { from, id, timestamp: String(Math.floor(Date.now() / 1000)), type: 'text', text: { body } },
      ],
    });

  it('refuses a wrong key (400 INTEGRATION_REJECTED) and connects, setting the webhook with a secret header', async () => {
    const bad = await t.app.inject({
      method: 'POST',
      url: integrationPath('whatsapp-dialog360'),
      headers: h.bearer(),
      payload: { d360ApiKey: 'notTheKeyOfAnyNumber000000' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ code: 'INTEGRATION_REJECTED' });
    expect(bad.json().message).toContain('Invalid api key');
    const res = await t.app.inject({
      method: 'POST',
      url: integrationPath('whatsapp-dialog360'),
      headers: h.bearer(),
      payload: { d360ApiKey: API_KEY },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ status: 'connected', displayName: '360dialog' });
    expect(res.body).not.toContain(API_KEY);
    const webhook = fake.webhookOf(API_KEY);
    expect(webhook?.url).toBe(
      `http://127.0.0.1:${port}${channelWebhookPath('whatsapp-dialog360', tenant.applicationId)}`,
    );
    expect(webhook?.headers['x-convo-webhook-secret']).toMatch(/.{32,}/);
  });

  it('stores a text message once (duplicate delivery); 401 for a wrong or missing secret storing nothing', async () => {
    const delivery = text('15551234567', 'Hello from 360dialog', 'wamid.d360dup');
    expect((await fake.postWebhook(API_KEY, delivery)).status).toBe(200);
    expect((await fake.postWebhook(API_KEY, delivery)).status).toBe(200);
    const conv = await h.conversationOf('15551234567');
    expect(conv).toMatchObject({ channel: 'whatsapp-dialog360', name: 'Grace H' });
    expect((await h.messagesOf(conv!.id)).map((m) => m.message)).toEqual(['Hello from 360dialog']);

    const wrong = await fake.postWebhook(API_KEY, text('15550009999', 'forged'), {
      headers: { 'x-convo-webhook-secret': 'x'.repeat(43) },
    });
    const missing = await fake.postWebhook(API_KEY, text('15550009999', 'unsigned'), { headers: {} });
    expect([wrong.status, missing.status]).toEqual([401, 401]);
    expect(await h.conversationOf('15550009999')).toBeUndefined();
  });

  it('downloads an image through 360dialog’s host with the key', async () => {
    const PNG = tinyPng();
    const mediaId = fake.addMedia(API_KEY, PNG, 'image/png');
    const delivery = whatsAppDelivery(PHONE_ID, {
      messages: [
        {
          from: '15557770000',
          id: 'wamid.d360img',
          type: 'image',
          image: { id: mediaId, mime_type: 'image/png', caption: 'broken part' },
        },
      ],
    });
    expect((await fake.postWebhook(API_KEY, delivery)).status).toBe(200);
    const conv = await h.conversationOf('15557770000');
    const [stored] = await h.messagesOf(conv!.id);
    expect(stored).toMatchObject({ message: 'broken part' });
    const [file] = await t.database.db
      .select()
      .from(attachments)
      .where(eq(attachments.id, String(stored!.fileMeta?.key)));
    expect(file).toMatchObject({ contentType: 'image/png', size: PNG.byteLength });
    expect(
      fake.calls.some(
        (c) => c.path === '/whatsapp_business/attachments/' && c.apiKey === API_KEY && c.status === 200,
      ),
    ).toBe(true);
  });

  it('sends a reply, retried through a 5xx; delivered and read from status callbacks; failed with a note', async () => {
    await fake.postWebhook(API_KEY, text('15558880000', 'Where is my parcel?'));
    const conv = await h.conversationOf('15558880000');
    fake.failNext('/messages', { status: 503, code: 2, message: 'Service temporarily unavailable' }, 2);
    await sendTestMessage(t, tenant.admin, conv!.id, 'd360-reply-1', 'It ships today');
    h.runWorker();
    const sent = await waitFor(
      async () => fake.sent().filter((c) => c.body.to === '15558880000'),
      (c) => c.length === 1,
    );
    expect(sent[0]).toMatchObject({
      apiKey: API_KEY,
      body: { messaging_product: 'whatsapp', type: 'text', text: { body: 'It ships today' } },
    });
    const [row] = await h.outboxDone(conv!.id);
    expect(row).toMatchObject({ status: 'sent', attempts: 3 });
    const status = (s: string, errors?: unknown[]) =>
      whatsAppDelivery(PHONE_ID, {
        statuses: [
          { id: row!.externalId, status: s, recipient_id: '15558880000', ...(errors ? { errors } : {}) },
        ],
      });
    await fake.postWebhook(API_KEY, status('read'));
    await fake.postWebhook(API_KEY, status('delivered'));
    expect(await h.receipt(conv!.id, conv!.customerId!)).toMatchObject({
      lastReadMessageId: row!.messageId,
      lastDeliveredMessageId: row!.messageId,
    });

    await sendTestMessage(t, tenant.admin, conv!.id, 'd360-reply-2', 'Anything else?');
    const rows = await h.outboxDone(conv!.id, 2);
    const failed = whatsAppDelivery(PHONE_ID, {
      statuses: [
        {
          id: rows[1]!.externalId,
          status: 'failed',
          recipient_id: '15558880000',
          errors: [{ code: 131026, title: 'Message undeliverable' }],
        },
      ],
    });
    await fake.postWebhook(API_KEY, failed);
    await fake.postWebhook(API_KEY, failed);
    expect(await h.outboxRow(rows[1]!.id)).toMatchObject({ status: 'failed' });
    expect(
      (await h.notesOf(conv!.id)).filter((n) =>
        n.message.startsWith('Not delivered on WhatsApp: WhatsApp 131026'),
      ),
    ).toHaveLength(1);
  });

  it('lists the templates and sends one after the 24-hour window as a Cloud API template', async () => {
    const list = await t.app.inject({
      method: 'GET',
      url: whatsAppTemplatesPath('whatsapp-dialog360'),
      headers: h.bearer(),
    });
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json().data).toEqual([
      {
        name: 'order_update',
        language: 'en',
        status: 'APPROVED',
        category: 'UTILITY',
        body: 'Hi {{1}}, your order {{2}} has shipped.',
        parameterCount: 2,
      },
    ]);
    await fake.postWebhook(API_KEY, text('15554440000', 'old message'));
    const conv = await h.conversationOf('15554440000');
    await t.database.db
      .update(conversations)
      .set({ lastCustomerMessageAt: new Date(Date.now() - 25 * 3600_000) })
      .where(eq(conversations.id, conv!.id));
    expect((await sendTestMessage(t, tenant.admin, conv!.id, 'd360-late', 'Too late?')).statusCode).toBe(422);
    const res = await t.app.inject({
      method: 'POST',
      url: WHATSAPP_TEMPLATE_PATHS.send,
      headers: h.bearer(),
      payload: { groupId: conv!.id, name: 'order_update', language: 'en', parameters: ['Grace', 'A-42'] },
    });
    expect(res.statusCode, res.body).toBe(200);
    h.runWorker();
    const [sent] = await waitFor(
      async () => fake.sent().filter((c) => c.body.to === '15554440000'),
      (c) => c.length === 1,
    );
    expect(sent!.body).toMatchObject({
      type: 'template',
      template: {
        name: 'order_update',
        language: { code: 'en' },
        components: [
          {
            type: 'body',
            parameters: [
              { type: 'text', text: 'Grace' },
              { type: 'text', text: 'A-42' },
            ],
          },
        ],
      },
    });
  });
});
