import {
  channelWebhookPath,
  integrationPath,
  WHATSAPP_TEMPLATE_PATHS,
  whatsAppTemplatesPath,
} from '@convo/api';
import { type FakeMeta, messengerDelivery, startFakeMeta, whatsAppDelivery } from '@convo/provider-fakes';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { attachments, conversations } from '../../db/schema/index.js';
import { channelHarness, freePort, waitFor } from '../../testing/channel-harness.js';
import { sendTestMessage } from '../../testing/messaging-fixtures.js';
import { testDatabaseKinds } from '../../testing/test-database.js';
import { useTestApp } from '../../testing/use-test-app.js';
import { tinyPng } from '../attachments/test-harness.js';

// WhatsApp Cloud API and Messenger against a local Graph API server (packages/provider-fakes
// meta): signed webhooks, the verification handshake, media, replies, status callbacks, the
// 24-hour window and templates.

const WA_TOKEN = 'EAAGwhatsappSystemUserToken0123456789';
const FB_TOKEN = 'EAAGpageAccessTokenForMessenger987654';
const APP_SECRET = 'a1b2c3d4e5f6a7b8c9d0a1b2c3d4e5f6';
const PHONE_ID = '106540352242922';
const WABA_ID = '102290129340398';
const PAGE_ID = '222333444555';
const VERIFY = 'my-verify-token-1';

describe.each(testDatabaseKinds())('Meta channels on %s', (kind) => {
  let fake: FakeMeta;
  let port = 0;
  beforeAll(async () => {
    fake = await startFakeMeta();
    fake.addToken(WA_TOKEN);
    fake.addToken(FB_TOKEN);
    fake.addNode(PHONE_ID, { display_phone_number: '+1 555-000-1111', verified_name: 'Acme Support' });
    fake.addNode(PAGE_ID, { name: 'Acme Page' });
    fake.addTemplate(WABA_ID, {
      name: 'order_update',
      language: 'en_US',
      status: 'APPROVED',
      category: 'UTILITY',
      body: 'Hi {{1}}, your order {{2}} has shipped.',
    });
    port = await freePort();
  });
  const { t, tenants } = useTestApp(kind, {
    tenants: 1,
    dataDir: true,
    env: () => ({ META_GRAPH_API_URL: fake.url, PUBLIC_URL: `http://127.0.0.1:${port}` }),
  });
  const [tenant] = tenants;
  // One harness a channel for its conversations; one worker sends every channel's replies.
  const wa = channelHarness(t, tenant, 'whatsapp-cloud-api');
  const fb = channelHarness(t, tenant, 'facebook');
  const { bearer, runWorker, messagesOf, notesOf, outboxOf, outboxRow, receipt } = wa;
  beforeAll(async () => {
    await t.app.listen({ host: '127.0.0.1', port });
  });
  afterAll(async () => {
    await fake?.close();
  });

  const waHook = () =>
    `http://127.0.0.1:${port}${channelWebhookPath('whatsapp-cloud-api', tenant.applicationId)}`;
  const fbHook = () => `http://127.0.0.1:${port}${channelWebhookPath('facebook', tenant.applicationId)}`;
  let nextWamid = 1;
  const waText = (from: string, text: string, id = `wamid.in${nextWamid++}`) =>
    whatsAppDelivery(PHONE_ID, {
      contacts: [{ wa_id: from, profile: { name: 'Grace H' } }],
      messages: [
        { from, id, timestamp: String(Math.floor(Date.now() / 1000)), type: 'text', text: { body: text } },
      ],
    });

  describe('WhatsApp Cloud API', () => {
    it('refuses an unknown token (400 INTEGRATION_REJECTED) and connects with valid credentials; nothing secret returned', async () => {
      const payload = {
        phoneNumberId: PHONE_ID,
        businessAccountId: WABA_ID,
        accessToken: 'EAAGnotAValidTokenAtAll0000000',
        appSecret: APP_SECRET,
        verifyToken: VERIFY,
      };
      const bad = await t.app.inject({
        method: 'POST',
        url: integrationPath('whatsapp-cloud-api'),
        headers: bearer(),
        payload,
      });
      expect(bad.statusCode).toBe(400);
      expect(bad.json()).toMatchObject({ code: 'INTEGRATION_REJECTED' });
      expect(bad.json().message).toContain('190');
      const res = await t.app.inject({
        method: 'POST',
        url: integrationPath('whatsapp-cloud-api'),
        headers: bearer(),
        payload: { ...payload, accessToken: WA_TOKEN },
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().data).toMatchObject({
        status: 'connected',
        displayName: 'Acme Support +1 555-000-1111',
      });
      expect(res.body).not.toContain(WA_TOKEN);
      expect(res.body).not.toContain(APP_SECRET);
      expect(fake.calls.some((c) => c.path === `${WABA_ID}/subscribed_apps` && c.method === 'POST')).toBe(
        true,
      );
    });

    it('answers the verification handshake with the challenge, 403 for a wrong verify token', async () => {
      expect(await fake.verifyWebhook(waHook(), VERIFY, 'chal-123')).toEqual({
        status: 200,
        body: 'chal-123',
      });
      expect((await fake.verifyWebhook(waHook(), 'wrong-token-x')).status).toBe(403);
    });

    it('stores a text message once (duplicate delivery), 401 for a bad or missing signature storing nothing', async () => {
      const delivery = waText('15551234567', 'Hello from WhatsApp', 'wamid.dup1');
      expect((await fake.postWebhook(waHook(), APP_SECRET, delivery)).status).toBe(200);
      expect((await fake.postWebhook(waHook(), APP_SECRET, delivery)).status).toBe(200);
      const conv = await wa.conversationOf('15551234567');
      expect(conv).toMatchObject({ channel: 'whatsapp-cloud-api', name: 'Grace H' });
      expect((await messagesOf(conv!.id)).map((m) => m.message)).toEqual(['Hello from WhatsApp']);

      const forged = await fake.postWebhook(waHook(), 'f'.repeat(32), waText('15550009999', 'forged'));
      const unsigned = await fake.postWebhook(waHook(), APP_SECRET, waText('15550009999', 'unsigned'), {
        signature: null,
      });
      expect([forged.status, unsigned.status]).toEqual([401, 401]);
      expect(await wa.conversationOf('15550009999')).toBeUndefined();
    });

    it('downloads an image through the media endpoint into our storage', async () => {
      const PNG = tinyPng();
      const mediaId = fake.addMedia(PNG, 'image/png');
      const delivery = whatsAppDelivery(PHONE_ID, {
        messages: [
          {
            from: '15557770000',
            id: 'wamid.img1',
            type: 'image',
            image: { id: mediaId, mime_type: 'image/png', caption: 'broken part' },
          },
        ],
      });
      expect((await fake.postWebhook(waHook(), APP_SECRET, delivery)).status).toBe(200);
      const conv = await wa.conversationOf('15557770000');
      const [stored] = await messagesOf(conv!.id);
      expect(stored).toMatchObject({ message: 'broken part' });
      const [file] = await t.database.db
        .select()
        .from(attachments)
        .where(eq(attachments.id, String(stored!.fileMeta?.key)));
      expect(file).toMatchObject({ contentType: 'image/png', size: PNG.byteLength });
      expect(fake.calls.some((c) => c.path === mediaId && c.token === WA_TOKEN)).toBe(true);
    });

    it('sends a reply, retried through a 5xx; delivered and read come from status callbacks, repeated and out of order', async () => {
      await fake.postWebhook(waHook(), APP_SECRET, waText('15558880000', 'Where is my parcel?'));
      const conv = await wa.conversationOf('15558880000');
      fake.failNext('/messages', { status: 503, code: 2, message: 'Service temporarily unavailable' }, 2);
      expect(
        (await sendTestMessage(t, tenant.admin, conv!.id, 'wa-reply-1', 'It ships today')).statusCode,
      ).toBe(200);
      runWorker();
      const sent = await waitFor(
        async () => fake.sent().filter((c) => c.body.to === '15558880000'),
        (c) => c.length === 1,
      );
      expect(sent[0]!.body).toMatchObject({
        messaging_product: 'whatsapp',
        type: 'text',
        text: { body: 'It ships today' },
      });
      const [row] = await waitFor(
        () => outboxOf(conv!.id),
        (rows) => rows[0]?.status === 'sent',
      );
      expect(row!.attempts).toBe(3);
      expect(row!.externalId).toMatch(/^wamid\./);
      // Accepted is not delivered: the receipt waits for the callback.
      expect((await receipt(conv!.id, conv!.customerId!))?.lastDeliveredMessageId ?? null).toBeNull();
      const status = (s: string) =>
        whatsAppDelivery(PHONE_ID, {
          statuses: [{ id: row!.externalId, status: s, timestamp: '1', recipient_id: '15558880000' }],
        });
      // read before delivered, read twice.
      expect((await fake.postWebhook(waHook(), APP_SECRET, status('read'))).status).toBe(200);
      await fake.postWebhook(waHook(), APP_SECRET, status('read'));
      await fake.postWebhook(waHook(), APP_SECRET, status('delivered'));
      const member = await receipt(conv!.id, conv!.customerId!);
      expect(member).toMatchObject({
        lastReadMessageId: row!.messageId,
        lastDeliveredMessageId: row!.messageId,
      });
    });

    it('a failed status marks the reply failed with a note for the team', async () => {
      await fake.postWebhook(waHook(), APP_SECRET, waText('15556660000', 'Hi'));
      const conv = await wa.conversationOf('15556660000');
      await sendTestMessage(t, tenant.admin, conv!.id, 'wa-fail-1', 'Answer');
      runWorker();
      const [row] = await waitFor(
        () => outboxOf(conv!.id),
        (rows) => rows[0]?.status === 'sent',
      );
      const failed = whatsAppDelivery(PHONE_ID, {
        statuses: [
          {
            id: row!.externalId,
            status: 'failed',
            recipient_id: '15556660000',
            errors: [{ code: 131026, title: 'Message undeliverable' }],
          },
        ],
      });
      await fake.postWebhook(waHook(), APP_SECRET, failed);
      await fake.postWebhook(waHook(), APP_SECRET, failed);
      const after = await outboxRow(row!.id);
      expect(after).toMatchObject({ status: 'failed' });
      const notes = await notesOf(conv!.id);
      expect(
        notes.filter((n) => n.message.startsWith('Not delivered on WhatsApp: WhatsApp 131026')),
      ).toHaveLength(1);
    });

    it('refuses free text 24 hours after the customer last wrote, and lists the templates', async () => {
      await fake.postWebhook(waHook(), APP_SECRET, waText('15554440000', 'old message'));
      const conv = await wa.conversationOf('15554440000');
      await t.database.db
        .update(conversations)
        .set({ lastCustomerMessageAt: new Date(Date.now() - 25 * 3600_000) })
        .where(eq(conversations.id, conv!.id));
      const refused = await sendTestMessage(t, tenant.admin, conv!.id, 'wa-late-1', 'Too late?');
      expect(refused.statusCode).toBe(422);
      expect(refused.json()).toMatchObject({ code: 'SERVICE_WINDOW_CLOSED' });
      expect(refused.json().message).toContain('24-hour customer service window is closed');
      expect((await messagesOf(conv!.id)).map((m) => m.message)).toEqual(['old message']);
      const list = await t.app.inject({
        method: 'GET',
        url: whatsAppTemplatesPath('whatsapp-cloud-api'),
        headers: bearer(),
      });
      expect(list.statusCode, list.body).toBe(200);
      expect(list.json().data).toEqual([
        {
          name: 'order_update',
          language: 'en_US',
          status: 'APPROVED',
          category: 'UTILITY',
          body: 'Hi {{1}}, your order {{2}} has shipped.',
          parameterCount: 2,
        },
      ]);
      const template = await t.app.inject({
        method: 'POST',
        url: WHATSAPP_TEMPLATE_PATHS.send,
        headers: bearer(),
        payload: {
          groupId: conv!.id,
          name: 'order_update',
          language: 'en_US',
          parameters: ['Grace', 'A-42'],
        },
      });
      expect(template.statusCode, template.body).toBe(200);
      expect(template.json().data.text).toBe('Hi Grace, your order A-42 has shipped.');
      runWorker();
      const [sent] = await waitFor(
        async () => fake.sent().filter((c) => c.body.to === '15554440000'),
        (c) => c.length === 1,
      );
      expect(sent!.body).toMatchObject({
        type: 'template',
        template: { name: 'order_update', language: { code: 'en_US' } },
      });
      // The customer writes again: the window is open.
      await fake.postWebhook(waHook(), APP_SECRET, waText('15554440000', 'back again'));
      expect((await sendTestMessage(t, tenant.admin, conv!.id, 'wa-late-2', 'Welcome back')).statusCode).toBe(
        200,
      );
    });
  });

  describe('Facebook Messenger', () => {
    it('connects a page, stores a message, sends the reply and takes delivery and read watermarks', async () => {
      const res = await t.app.inject({
        method: 'POST',
        url: integrationPath('facebook'),
        headers: bearer(),
        payload: { pageId: PAGE_ID, pageAccessToken: FB_TOKEN, appSecret: APP_SECRET, verifyToken: VERIFY },
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().data).toMatchObject({ status: 'connected', displayName: 'Acme Page' });
      expect((await fake.verifyWebhook(fbHook(), VERIFY, 'x1')).body).toBe('x1');
      const psid = '7001002003';
      const PNG = tinyPng();
      const url = fake.addCdnFile(PNG, 'photo.png', 'image/png');
      const inbound = messengerDelivery('page', PAGE_ID, [
        {
          sender: { id: psid },
          recipient: { id: PAGE_ID },
          timestamp: Date.now(),
          message: { mid: 'm_in_1', text: 'Hello page', attachments: [{ type: 'image', payload: { url } }] },
        },
      ]);
      expect((await fake.postWebhook(fbHook(), APP_SECRET, inbound)).status).toBe(200);
      expect((await fake.postWebhook(fbHook(), 'b'.repeat(32), inbound)).status).toBe(401);
      const conv = await fb.conversationOf(psid);
      const stored = await messagesOf(conv!.id);
      expect(stored.map((m) => m.message)).toEqual(['Hello page']);
      expect(stored[0]!.fileMeta?.key).toBeTruthy();

      await sendTestMessage(t, tenant.admin, conv!.id, 'fb-reply-1', 'Hi from the page');
      runWorker();
      const [call] = await waitFor(
        async () => fake.sent().filter((c) => c.path === 'me/messages' && c.token === FB_TOKEN),
        (c) => c.length === 1,
      );
      expect(call!.body).toMatchObject({ recipient: { id: psid }, message: { text: 'Hi from the page' } });
      const [row] = await waitFor(
        () => outboxOf(conv!.id),
        (rows) => rows[0]?.status === 'sent',
      );
      await fake.postWebhook(
        fbHook(),
        APP_SECRET,
        messengerDelivery('page', PAGE_ID, [
          {
            sender: { id: psid },
            recipient: { id: PAGE_ID },
            delivery: { mids: [row!.externalId], watermark: Date.now() },
          },
        ]),
      );
      expect((await receipt(conv!.id, conv!.customerId!))?.lastDeliveredMessageId).toBe(row!.messageId);
      await fake.postWebhook(
        fbHook(),
        APP_SECRET,
        messengerDelivery('page', PAGE_ID, [
          { sender: { id: psid }, recipient: { id: PAGE_ID }, read: { watermark: Date.now() + 1000 } },
        ]),
      );
      expect((await receipt(conv!.id, conv!.customerId!))?.lastReadMessageId).toBe(row!.messageId);
    });
  });
});
