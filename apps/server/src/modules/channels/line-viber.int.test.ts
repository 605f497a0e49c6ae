import { channelWebhookPath, integrationPath, MESSAGING_PATHS } from '@convo/api';
import { type FakeLine, type FakeViber, startFakeLine, startFakeViber } from '@convo/provider-fakes';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { attachments, channelAccounts } from '../../db/schema/index.js';
import { channelHarness, freePort, waitFor } from '../../testing/channel-harness.js';
import { sendTestMessage, type Tenant } from '../../testing/messaging-fixtures.js';
import { testDatabaseKinds } from '../../testing/test-database.js';
import { useTestApp } from '../../testing/use-test-app.js';
import { ATTACHMENT_PATHS } from '../attachments/routes.js';
import { multipart, tinyPng } from '../attachments/test-harness.js';

// LINE (through @line/bot-sdk) and Viber against local servers that speak their documented wire
// formats and sign their deliveries: connect, inbound text and image, signatures, duplicates,
// outbound text and image (fetched by the provider through the signed media link), retries
// through an outage and permanent refusals.

const LINE_TOKEN = 'lineChannelAccessToken/abcdefghijklmnopqrstuvwxyz0123456789=';
const LINE_SECRET = '0123456789abcdef0123456789abcdef';
const VIBER_TOKEN = '4453b6ac12345678-e02603a123456789-a5f8c2b3c4d5e6f7';

describe.each(testDatabaseKinds())('LINE and Viber channels on %s', (kind) => {
  let line: FakeLine;
  let viber: FakeViber;
  let port = 0;
  beforeAll(async () => {
    line = await startFakeLine();
    line.addChannel(LINE_TOKEN, { secret: LINE_SECRET, displayName: 'Convo Shop', basicId: '@123abcde' });
    viber = await startFakeViber();
    viber.addBot(VIBER_TOKEN, { name: 'Convo Shop', uri: 'convoshop' });
    port = await freePort();
  });
  const { t, tenants } = useTestApp(kind, {
    tenants: 2,
    dataDir: true,
    env: () => ({
      LINE_API_URL: line.url,
      LINE_DATA_API_URL: line.url,
      VIBER_API_URL: viber.url,
      PUBLIC_URL: `http://127.0.0.1:${port}`,
    }),
  });
  const [tenant, other] = tenants;
  // A harness a channel for its conversations and its worker; the other reads are the same on either.
  const lineChannel = channelHarness(t, tenant, 'line');
  const viberChannel = channelHarness(t, tenant, 'viber');
  const { bearer, messagesOf, notesOf, outboxOf } = lineChannel;
  beforeAll(async () => {
    await t.app.listen({ host: '127.0.0.1', port });
  });
  afterAll(async () => {
    await line?.close();
    await viber?.close();
  });

  const connect = (tn: Tenant, type: 'line' | 'viber', payload: Record<string, string>) =>
    t.app.inject({ method: 'POST', url: integrationPath(type), headers: bearer(tn), payload });
  const PNG = tinyPng();
  const uploadPng = async () => {
    const body = multipart([{ filename: 'product.png', contentType: 'image/png', data: PNG }]);
    const uploaded = await t.app.inject({
      method: 'POST',
      url: ATTACHMENT_PATHS.uploadImage,
      headers: { ...tenant.admin, ...body.headers },
      payload: body.payload,
    });
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    return String(uploaded.json().key);
  };

  describe('LINE', () => {
    const USER = 'U0123456789abcdef0123456789abcdef';
    const { conversationOf, runWorker, stopWorker } = lineChannel;

    it('refuses a malformed secret (400) and a token LINE does not know (400 INTEGRATION_REJECTED)', async () => {
      const malformed = await connect(tenant, 'line', {
        channelAccessToken: LINE_TOKEN,
        channelSecret: 'nothex',
      });
      expect(malformed.statusCode).toBe(400);
      // Another channel's fields are no LINE credentials.
      const telegramFields = await connect(tenant, 'line', {
        botToken: '7000001:AAHfakeTelegramTokenForTests_0123456',
      });
      expect(telegramFields.statusCode).toBe(400);
      expect(telegramFields.json()).toMatchObject({ code: 'INVALID_PARAMETER' });
      const unknown = await connect(tenant, 'line', {
        channelAccessToken: 'someOtherTokenLineDoesNotKnow0123456789',
        channelSecret: LINE_SECRET,
      });
      expect(unknown.statusCode).toBe(400);
      expect(unknown.json()).toMatchObject({ code: 'INTEGRATION_REJECTED' });
      expect(unknown.json().message).toContain('401 Authentication failed');
    });

    it('connects: bot info checks the token, the webhook endpoint is set; nothing secret is returned or stored in clear', async () => {
      const res = await connect(tenant, 'line', {
        channelAccessToken: LINE_TOKEN,
        channelSecret: LINE_SECRET,
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().data).toMatchObject({
        type: 'line',
        category: 'messaging',
        status: 'connected',
        displayName: 'Convo Shop (@123abcde)',
      });
      expect(line.webhookOf(LINE_TOKEN)).toBe(
        `http://127.0.0.1:${port}${channelWebhookPath('line', tenant.applicationId)}`,
      );
      expect(res.body).not.toContain(LINE_TOKEN);
      expect(res.body).not.toContain(LINE_SECRET);
      const [row] = await t.database.db
        .select()
        .from(channelAccounts)
        .where(
          and(eq(channelAccounts.applicationId, tenant.applicationId), eq(channelAccounts.kind, 'line')),
        );
      expect(row!.sealedConfig).not.toContain(LINE_SECRET);
    });

    it('stores a signed text message; a redelivery is stored once', async () => {
      const first = await line.postEvent(LINE_TOKEN, {
        userId: USER,
        text: 'Hello from LINE',
        messageId: '4711',
      });
      const again = await line.postEvent(LINE_TOKEN, {
        userId: USER,
        text: 'Hello from LINE',
        messageId: '4711',
      });
      expect([first.status, again.status]).toEqual([200, 200]);
      const conv = await conversationOf(USER);
      expect(conv).toMatchObject({ channel: 'line', source: 'line' });
      expect((await messagesOf(conv!.id)).map((m) => [m.message, m.senderType])).toEqual([
        ['Hello from LINE', 2],
      ]);
    });

    it('answers 401 to a missing or wrong signature and stores nothing; 404 for a tenant without LINE', async () => {
      const user = 'Uffffffffffffffffffffffffffffff01';
      const missing = await line.postEvent(LINE_TOKEN, { userId: user, text: 'x' }, { signature: null });
      const wrong = await line.postEvent(
        LINE_TOKEN,
        { userId: user, text: 'x' },
        { signature: Buffer.alloc(32, 1).toString('base64') },
      );
      expect([missing.status, wrong.status]).toEqual([401, 401]);
      expect(await conversationOf(user)).toBeUndefined();
      const theirs = await t.app.inject({
        method: 'POST',
        url: channelWebhookPath('line', other.applicationId),
        payload: { events: [] },
      });
      expect(theirs.statusCode).toBe(404);
    });

    it('downloads an image from the data API into our storage', async () => {
      const user = 'U0000000000000000000000000000image';
      const contentId = line.addContent(PNG);
      expect((await line.postEvent(LINE_TOKEN, { userId: user, imageContentId: contentId })).status).toBe(
        200,
      );
      const conv = await conversationOf(user);
      const [stored] = await messagesOf(conv!.id);
      expect(stored).toMatchObject({ contentType: 1 });
      const [file] = await t.database.db
        .select()
        .from(attachments)
        .where(eq(attachments.id, String(stored!.fileMeta?.key)));
      expect(file).toMatchObject({ contentType: 'image/png', size: PNG.byteLength });
      expect(line.calls.some((c) => c.endpoint === 'content' && c.token === LINE_TOKEN)).toBe(true);
    });

    it('pushes text and an image (a signed link LINE can fetch) and marks them sent', async () => {
      const user = 'U00000000000000000000000000000out';
      await line.postEvent(LINE_TOKEN, { userId: user, text: 'Show me' });
      const conv = await conversationOf(user);
      await sendTestMessage(t, tenant.admin, conv!.id, 'line-text', 'Here you go');
      const key = await uploadPng();
      const send = await t.app.inject({
        method: 'POST',
        url: MESSAGING_PATHS.messageSend,
        headers: tenant.admin,
        payload: { key: 'line-photo', groupId: conv!.id, message: '', fileMeta: { key } },
      });
      expect(send.statusCode, send.body).toBe(200);
      runWorker();
      const pushed = await waitFor(
        async () => line.sent(LINE_TOKEN).filter((c) => c.body.to === user),
        (c) => c.length === 2,
      );
      expect(pushed[0]!.body.messages).toEqual([{ type: 'text', text: 'Here you go' }]);
      const [image] = pushed[1]!.body.messages as { type: string; originalContentUrl: string }[];
      expect(image!.type).toBe('image');
      // The link works without a session, and only as signed.
      const fetched = await fetch(image!.originalContentUrl);
      expect(fetched.status).toBe(200);
      expect(new Uint8Array(await fetched.arrayBuffer())).toEqual(new Uint8Array(PNG));
      // Change the signature's first character to a different one (a fixed 'A' equals it one time in 64).
      const tampered = await fetch(
        image!.originalContentUrl.replace(
          /signature=(.)/,
          (_m, c: string) => `signature=${c === 'A' ? 'B' : 'A'}`,
        ),
      );
      expect(tampered.status).toBe(404);
      const rows = await waitFor(
        () => outboxOf(conv!.id),
        (r) => r.length === 2 && r.every((x) => x.status === 'sent'),
      );
      expect(rows[0]!.externalId).toMatch(/^\d+$/);
    });

    it('retries through LINE 500s and sends in order; fails a 400 for good and sends the next', async () => {
      const user = 'U000000000000000000000000000retry';
      await line.postEvent(LINE_TOKEN, { userId: user, text: 'Anyone?' });
      const conv = await conversationOf(user);
      line.failNext('push', { status: 500, message: 'Internal server error' }, 3);
      for (const n of [1, 2])
        await sendTestMessage(t, tenant.admin, conv!.id, `line-outage-${n}`, `reply ${n}`);
      runWorker();
      const sent = await waitFor(
        async () => line.sent(LINE_TOKEN).filter((c) => c.body.to === user),
        (c) => c.length === 2,
      );
      expect(sent.map((c) => (c.body.messages as { text: string }[])[0]!.text)).toEqual([
        'reply 1',
        'reply 2',
      ]);
      await stopWorker();

      line.failNext('push', { status: 400, message: 'Failed to send messages' });
      await sendTestMessage(t, tenant.admin, conv!.id, 'line-bad-1', 'refused');
      await sendTestMessage(t, tenant.admin, conv!.id, 'line-bad-2', 'accepted');
      runWorker();
      const rows = await waitFor(
        () => outboxOf(conv!.id),
        (r) => r.length === 4 && r.every((x) => x.status === 'sent' || x.status === 'failed'),
      );
      expect(rows.map((r) => r.status)).toEqual(['sent', 'sent', 'failed', 'sent']);
      expect(rows[2]!.lastError).toContain('LINE push message: 400 Failed to send messages');
    });
  });

  describe('Viber', () => {
    const SENDER = '01234567890A=';
    const { conversationOf, runWorker, stopWorker } = viberChannel;

    it('refuses a token Viber does not know (status 2 invalidAuthToken)', async () => {
      const res = await connect(tenant, 'viber', {
        authToken: '1111111111111111-2222222222222222-3333333333333333',
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toContain('2 invalidAuthToken');
    });

    it('connects: account info, then set_webhook (whose signed check our webhook answers 200)', async () => {
      const res = await connect(tenant, 'viber', { authToken: VIBER_TOKEN });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().data).toMatchObject({
        type: 'viber',
        status: 'connected',
        displayName: 'Convo Shop (convoshop)',
      });
      expect(viber.webhookOf(VIBER_TOKEN)).toBe(
        `http://127.0.0.1:${port}${channelWebhookPath('viber', tenant.applicationId)}`,
      );
      expect(res.body).not.toContain(VIBER_TOKEN);
    });

    it('stores a signed text message with the sender name; a retried callback is stored once', async () => {
      const input = {
        senderId: SENDER,
        name: 'Grace H',
        text: 'Hi from Viber',
        messageToken: 4912661846655238,
        timestamp: 1_700_000_000_000,
      };
      const first = await viber.postMessage(VIBER_TOKEN, input);
      const again = await viber.postMessage(VIBER_TOKEN, input);
      expect([first.status, again.status]).toEqual([200, 200]);
      const conv = await conversationOf(SENDER);
      expect(conv).toMatchObject({ channel: 'viber', name: 'Grace H' });
      expect((await messagesOf(conv!.id)).map((m) => m.message)).toEqual(['Hi from Viber']);
    });

    it('answers 401 to a missing or wrong signature and stores nothing', async () => {
      const sender = 'nosig0000000A=';
      const missing = await viber.postMessage(
        VIBER_TOKEN,
        { senderId: sender, text: 'x' },
        { signature: null },
      );
      const wrong = await viber.postMessage(
        VIBER_TOKEN,
        { senderId: sender, text: 'x' },
        { signature: 'ab'.repeat(32) },
      );
      expect([missing.status, wrong.status]).toEqual([401, 401]);
      expect(await conversationOf(sender)).toBeUndefined();
    });

    it('downloads a picture from its media URL into our storage, with its description', async () => {
      const sender = 'picture000000A=';
      const fileId = viber.addFile(PNG);
      expect(
        (
          await viber.postMessage(VIBER_TOKEN, {
            senderId: sender,
            pictureFileId: fileId,
            text: 'broken part',
          })
        ).status,
      ).toBe(200);
      const conv = await conversationOf(sender);
      const [stored] = await messagesOf(conv!.id);
      expect(stored).toMatchObject({ message: 'broken part', contentType: 1 });
      const [file] = await t.database.db
        .select()
        .from(attachments)
        .where(eq(attachments.id, String(stored!.fileMeta?.key)));
      expect(file).toMatchObject({ contentType: 'image/png', size: PNG.byteLength });
    });

    it('sends text (editorType 1) and a picture by signed URL with send_message', async () => {
      const sender = 'outbound00000A=';
      await viber.postMessage(VIBER_TOKEN, { senderId: sender, text: 'Photo please' });
      const conv = await conversationOf(sender);
      await sendTestMessage(t, tenant.admin, conv!.id, 'viber-text', 'Sure');
      const key = await uploadPng();
      const send = await t.app.inject({
        method: 'POST',
        url: MESSAGING_PATHS.messageSend,
        headers: tenant.admin,
        payload: { key: 'viber-photo', groupId: conv!.id, message: 'the part', fileMeta: { key } },
      });
      expect(send.statusCode, send.body).toBe(200);
      runWorker();
      const sent = await waitFor(
        async () => viber.sent(VIBER_TOKEN).filter((c) => c.body.receiver === sender),
        (c) => c.length === 2,
      );
      expect(sent[0]!.body).toMatchObject({
        type: 'text',
        text: 'Sure',
        sender: { name: 'Convo Shop' },
        min_api_version: 1,
      });
      expect(sent[1]!.body).toMatchObject({ type: 'picture', text: 'the part' });
      const media = await fetch(String(sent[1]!.body.media));
      expect(media.status).toBe(200);
      expect(media.headers.get('content-type')).toBe('image/png');
    });

    it('retries tooManyRequests (12) and HTTP 503; fails receiverNotSubscribed (6) for good with a note', async () => {
      const sender = 'retry00000000A=';
      await viber.postMessage(VIBER_TOKEN, { senderId: sender, text: 'Hello?' });
      const conv = await conversationOf(sender);
      viber.failNext('send_message', { status: 12, status_message: 'tooManyRequests' });
      viber.failNext('send_message', { status: 503, status_message: 'Service Unavailable', httpStatus: 503 });
      await sendTestMessage(t, tenant.admin, conv!.id, 'viber-retry-1', 'one');
      await sendTestMessage(t, tenant.admin, conv!.id, 'viber-retry-2', 'two');
      runWorker();
      const sent = await waitFor(
        async () => viber.sent(VIBER_TOKEN).filter((c) => c.body.receiver === sender),
        (c) => c.length === 2,
      );
      expect(sent.map((c) => c.body.text)).toEqual(['one', 'two']);
      await stopWorker();

      viber.failNext('send_message', { status: 6, status_message: 'receiverNotSubscribed' });
      await sendTestMessage(t, tenant.admin, conv!.id, 'viber-gone', 'gone');
      runWorker();
      const rows = await waitFor(
        () => outboxOf(conv!.id),
        (r) => r.length === 3 && r[2]!.status === 'failed',
      );
      expect(rows[2]!.lastError).toBe('Viber send_message: 6 receiverNotSubscribed');
      const notes = await notesOf(conv!.id);
      expect(notes.map((m) => m.message)).toContain(
        'Not delivered on Viber: Viber send_message: 6 receiverNotSubscribed',
      );
    });

    it('delete removes the webhook (empty URL) and later callbacks answer 404', async () => {
      const removed = await t.app.inject({
        method: 'DELETE',
        url: integrationPath('viber'),
        headers: bearer(),
      });
      expect(removed.statusCode).toBe(200);
      expect(viber.webhookOf(VIBER_TOKEN)).toBeNull();
      const late = await t.app.inject({
        method: 'POST',
        url: channelWebhookPath('viber', tenant.applicationId),
        payload: { event: 'message' },
      });
      expect(late.statusCode).toBe(404);
    });
  });
});
