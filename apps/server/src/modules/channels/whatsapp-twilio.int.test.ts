import {
  CONVERSATION_PATHS,
  channelWebhookPath,
  integrationPath,
  MESSAGING_PATHS,
  WHATSAPP_TEMPLATE_PATHS,
  whatsAppTemplatesPath,
} from '@convo/api';
import { type FakeTwilio, startFakeTwilio, twilioSignature } from '@convo/provider-fakes';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { attachments, channelOutbox, conversations } from '../../db/schema/index.js';
import { channelHarness, freePort, waitFor } from '../../testing/channel-harness.js';
import { sendTestMessage, type Tenant } from '../../testing/messaging-fixtures.js';
import { testDatabaseKinds } from '../../testing/test-database.js';
import { useTestApp } from '../../testing/use-test-app.js';
import { tinyPng } from '../attachments/test-harness.js';

// WhatsApp through Twilio against a local server speaking Twilio's REST API (packages/
// provider-fakes twilio), driven by Twilio's own SDK: form-encoded webhooks signed with
// X-Twilio-Signature, the 'whatsapp:' prefix, media, replies, status callbacks and retries.

const ACCOUNT_SID = `AC${'1a2b3c4d'.repeat(4)}`;
const AUTH_TOKEN = 'f'.repeat(8) + '0123456789abcdef0123456789ab'.slice(0, 24);
const SENDER = '+14155238886';
const OTHER_SID = `AC${'9f8e7d6c'.repeat(4)}`;
const OTHER_TOKEN = 'e'.repeat(8) + 'fedcba9876543210fedcba98'.slice(0, 24);
const OTHER_SENDER = '+14155550000';

describe.each(testDatabaseKinds())('WhatsApp through Twilio on %s', (kind) => {
  let fake: FakeTwilio;
  let port = 0;
  beforeAll(async () => {
    fake = await startFakeTwilio();
    fake.addAccount(ACCOUNT_SID, AUTH_TOKEN, 'Acme Twilio');
    fake.addAccount(OTHER_SID, OTHER_TOKEN, 'Other Twilio');
    port = await freePort();
  });
  const { t, tenants } = useTestApp(kind, {
    tenants: 2,
    dataDir: true,
    env: () => ({ TWILIO_API_URL: fake.url, PUBLIC_URL: `http://127.0.0.1:${port}` }),
  });
  const [tenant, other] = tenants;
  const h = channelHarness(t, tenant, 'whatsapp-twilio');
  const { runWorker, conversationOf, messagesOf, receipt } = h;
  beforeAll(async () => {
    await t.app.listen({ host: '127.0.0.1', port });
  });
  afterAll(async () => {
    await fake?.close();
  });

  const bearer = (_tn: Tenant) => h.bearer();
  const hook = () => `http://127.0.0.1:${port}${channelWebhookPath('whatsapp-twilio', tenant.applicationId)}`;
  let nextSid = 1;
  const inbound = (from: string, body: string, extra: Record<string, string> = {}) => ({
    SmsMessageSid: `SM${String(nextSid).padStart(32, '0')}`,
    MessageSid: `SM${String(nextSid++).padStart(32, '0')}`,
    AccountSid: ACCOUNT_SID,
    From: `whatsapp:${from}`,
    To: `whatsapp:${SENDER}`,
    Body: body,
    NumMedia: '0',
    ProfileName: 'Grace H',
    WaId: from.slice(1),
    SmsStatus: 'received',
    NumSegments: '1',
    ApiVersion: '2010-04-01',
    ...extra,
  });
  const status = (sid: string, to: string, messageStatus: string, extra: Record<string, string> = {}) => ({
    MessageSid: sid,
    SmsSid: sid,
    AccountSid: ACCOUNT_SID,
    From: `whatsapp:${SENDER}`,
    To: `whatsapp:${to}`,
    MessageStatus: messageStatus,
    SmsStatus: messageStatus,
    ApiVersion: '2010-04-01',
    ...extra,
  });
  it('refuses a wrong auth token (400 INTEGRATION_REJECTED, Twilio 20003) and connects; nothing secret returned', async () => {
    const payload = {
      accountSid: ACCOUNT_SID,
      authToken: '0'.repeat(32),
      whatsAppNumber: `whatsapp:${SENDER}`,
    };
    const bad = await t.app.inject({
      method: 'POST',
      url: integrationPath('whatsapp-twilio'),
      headers: bearer(tenant),
      payload,
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ code: 'INTEGRATION_REJECTED' });
    expect(bad.json().message).toContain('20003');
    const malformed = await t.app.inject({
      method: 'POST',
      url: integrationPath('whatsapp-twilio'),
      headers: bearer(tenant),
      payload: { ...payload, authToken: AUTH_TOKEN, whatsAppNumber: '555' },
    });
    expect(malformed.statusCode).toBe(400);
    const res = await t.app.inject({
      method: 'POST',
      url: integrationPath('whatsapp-twilio'),
      headers: bearer(tenant),
      payload: { ...payload, authToken: AUTH_TOKEN },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({
      status: 'connected',
      displayName: `Acme Twilio ${SENDER}`,
      webhookUrl: hook(),
    });
    expect(res.body).not.toContain(AUTH_TOKEN);
    expect(fake.calls.some((c) => c.path === `/2010-04-01/Accounts/${ACCOUNT_SID}.json`)).toBe(true);
  });

  it('stores a text message once (duplicate delivery) without the prefix, answers TwiML; 401 for a bad or missing signature storing nothing', async () => {
    const delivery = inbound('+15551234567', 'Hello from WhatsApp');
    const first = await fake.postWebhook(hook(), AUTH_TOKEN, delivery);
    expect(first.status).toBe(200);
    expect(first.body).toContain('<Response></Response>');
    expect((await fake.postWebhook(hook(), AUTH_TOKEN, delivery)).status).toBe(200);
    const conv = await conversationOf('+15551234567');
    expect(conv).toMatchObject({ channel: 'whatsapp-twilio', name: 'Grace H' });
    expect((await messagesOf(conv!.id)).map((m) => m.message)).toEqual(['Hello from WhatsApp']);
    // The inbox's 'whatsapp' channel filter finds every WhatsApp provider's conversations.
    const search = async (channel: string) => {
      const res = await t.app.inject({
        method: 'POST',
        url: CONVERSATION_PATHS.supportSearch,
        headers: tenant.admin,
        payload: { channel },
      });
      expect(res.statusCode, res.body).toBe(200);
      return (res.json().response.groupFeeds as { id: number }[]).map((f) => f.id);
    };
    expect(await search('whatsapp')).toContain(conv!.id);
    expect(await search('whatsapp-twilio')).toContain(conv!.id);
    expect(await search('telegram')).not.toContain(conv!.id);

    const forged = await fake.postWebhook(hook(), 'e'.repeat(32), inbound('+15550009999', 'forged'));
    const unsigned = await fake.postWebhook(hook(), AUTH_TOKEN, inbound('+15550009999', 'unsigned'), {
      signature: null,
    });
    // Signed for other parameters: the body was changed on the way.
    const tampered = await fake.postWebhook(hook(), AUTH_TOKEN, inbound('+15550009999', 'tampered'), {
      signature: twilioSignature(AUTH_TOKEN, hook(), inbound('+15550009999', 'original')),
    });
    expect([forged.status, unsigned.status, tampered.status]).toEqual([401, 401, 401]);
    expect(await conversationOf('+15550009999')).toBeUndefined();
  });

  it("keeps a phone number's conversations apart in two applications (the same client group id)", async () => {
    const connected = await t.app.inject({
      method: 'POST',
      url: integrationPath('whatsapp-twilio'),
      headers: h.bearer(other),
      payload: { accountSid: OTHER_SID, authToken: OTHER_TOKEN, whatsAppNumber: `whatsapp:${OTHER_SENDER}` },
    });
    expect(connected.statusCode, connected.body).toBe(200);
    const otherHook = `http://127.0.0.1:${port}${channelWebhookPath('whatsapp-twilio', other.applicationId)}`;
    const phone = '+15557654321';
    expect((await fake.postWebhook(hook(), AUTH_TOKEN, inbound(phone, 'To the first shop'))).status).toBe(
      200,
    );
    const toOther = {
      ...inbound(phone, 'To the second shop'),
      AccountSid: OTHER_SID,
      To: `whatsapp:${OTHER_SENDER}`,
    };
    expect((await fake.postWebhook(otherHook, OTHER_TOKEN, toOther)).status).toBe(200);
    const mine = await conversationOf(phone);
    const [theirs] = await t.database.db
      .select()
      .from(conversations)
      .where(
        and(
          eq(conversations.applicationId, other.applicationId),
          eq(conversations.clientGroupId, mine!.clientGroupId),
        ),
      );
    expect(theirs).toBeDefined();
    expect(theirs!.id).not.toBe(mine!.id);
    expect((await messagesOf(mine!.id)).map((m) => m.message)).toEqual(['To the first shop']);
    expect((await messagesOf(theirs!.id)).map((m) => [m.message, m.applicationId])).toEqual([
      ['To the second shop', other.applicationId],
    ]);
  });

  it('downloads an image through Twilio media (basic auth) into our storage', async () => {
    const PNG = tinyPng();
    const url = fake.addMedia(ACCOUNT_SID, PNG, 'image/png');
    const delivery = inbound('+15557770000', 'broken part', {
      NumMedia: '1',
      MediaUrl0: url,
      MediaContentType0: 'image/png',
    });
    expect((await fake.postWebhook(hook(), AUTH_TOKEN, delivery)).status).toBe(200);
    const conv = await conversationOf('+15557770000');
    const [stored] = await messagesOf(conv!.id);
    expect(stored).toMatchObject({ message: 'broken part' });
    const [file] = await t.database.db
      .select()
      .from(attachments)
      .where(eq(attachments.id, String(stored!.fileMeta?.key)));
    expect(file).toMatchObject({ contentType: 'image/png', size: PNG.byteLength });
    expect(fake.calls.some((c) => c.path === new URL(url).pathname && c.accountSid === ACCOUNT_SID)).toBe(
      true,
    );
  });

  it('sends a reply through the SDK with the prefix, retried through a 5xx; delivered and read from status callbacks', async () => {
    await fake.postWebhook(hook(), AUTH_TOKEN, inbound('+15558880000', 'Where is my parcel?'));
    const conv = await conversationOf('+15558880000');
    fake.failNext({ status: 503, code: 20503, message: 'Service Unavailable' }, 2);
    expect(
      (await sendTestMessage(t, tenant.admin, conv!.id, 'tw-reply-1', 'It ships today')).statusCode,
    ).toBe(200);
    runWorker();
    const sent = await waitFor(
      async () => fake.sent().filter((c) => c.params.To === 'whatsapp:+15558880000'),
      (c) => c.length === 1,
    );
    expect(sent[0]!.params).toMatchObject({
      From: `whatsapp:${SENDER}`,
      Body: 'It ships today',
      StatusCallback: hook(),
    });
    expect(sent[0]!.accountSid).toBe(ACCOUNT_SID);
    const [row] = await h.outboxDone(conv!.id);
    expect(row).toMatchObject({ status: 'sent', attempts: 3 });
    expect(row!.externalId).toMatch(/^SM[0-9a-f]{32}$/);
    expect((await receipt(conv!.id, conv!.customerId!))?.lastDeliveredMessageId ?? null).toBeNull();
    // sent (ignored), read before delivered, read twice.
    for (const s of ['sent', 'read', 'read', 'delivered']) {
      expect(
        (await fake.postWebhook(hook(), AUTH_TOKEN, status(row!.externalId!, '+15558880000', s))).status,
      ).toBe(200);
    }
    expect(await receipt(conv!.id, conv!.customerId!)).toMatchObject({
      lastReadMessageId: row!.messageId,
      lastDeliveredMessageId: row!.messageId,
    });
  });

  it('an undelivered status marks the reply failed with Twilio’s error code, once', async () => {
    await fake.postWebhook(hook(), AUTH_TOKEN, inbound('+15556660000', 'Hi'));
    const conv = await conversationOf('+15556660000');
    await sendTestMessage(t, tenant.admin, conv!.id, 'tw-fail-1', 'Answer');
    runWorker();
    const [row] = await h.outboxDone(conv!.id);
    const undelivered = status(row!.externalId!, '+15556660000', 'undelivered', { ErrorCode: '63024' });
    await fake.postWebhook(hook(), AUTH_TOKEN, undelivered);
    await fake.postWebhook(hook(), AUTH_TOKEN, undelivered);
    const [after] = await t.database.db.select().from(channelOutbox).where(eq(channelOutbox.id, row!.id));
    expect(after).toMatchObject({ status: 'failed' });
    const notes = await h.notesOf(conv!.id);
    expect(
      notes.filter((n) => n.message.startsWith('Not delivered on WhatsApp: Twilio 63024 undelivered')),
    ).toHaveLength(1);
  });

  it('a final Twilio refusal (400) fails the reply at once; the next one still goes', async () => {
    await fake.postWebhook(hook(), AUTH_TOKEN, inbound('+15553330000', 'Hello'));
    const conv = await conversationOf('+15553330000');
    fake.failNext({
      status: 400,
      code: 63016,
      message: 'Failed to send freeform message outside the window',
    });
    await sendTestMessage(t, tenant.admin, conv!.id, 'tw-final-1', 'First');
    await sendTestMessage(t, tenant.admin, conv!.id, 'tw-final-2', 'Second');
    runWorker();
    const rows = await waitFor(
      () =>
        t.database.db
          .select()
          .from(channelOutbox)
          .where(eq(channelOutbox.conversationId, conv!.id))
          .orderBy(channelOutbox.id),
      (r) => r.length === 2 && r.every((x) => x.status === 'sent' || x.status === 'failed'),
    );
    expect(rows.map((r) => [r.status, r.attempts])).toEqual([
      ['failed', 1],
      ['sent', 1],
    ]);
    expect(rows[0]!.lastError).toContain('63016');
  });

  it('after the 24-hour window refuses free text and sends an approved Content template by its SID', async () => {
    const contentSid = fake.addContent(ACCOUNT_SID, {
      friendlyName: 'order_update',
      language: 'en',
      body: 'Hi {{1}}, your order {{2}} has shipped.',
      status: 'approved',
      category: 'utility',
    });
    fake.addContent(ACCOUNT_SID, {
      friendlyName: 'promo',
      language: 'en',
      body: 'Sale!',
      status: 'pending',
      category: 'marketing',
    });
    const list = await t.app.inject({
      method: 'GET',
      url: whatsAppTemplatesPath('whatsapp-twilio'),
      headers: bearer(tenant),
    });
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json().data).toEqual([
      {
        id: contentSid,
        name: 'order_update',
        language: 'en',
        status: 'APPROVED',
        category: 'UTILITY',
        body: 'Hi {{1}}, your order {{2}} has shipped.',
        parameterCount: 2,
      },
      {
        id: expect.any(String),
        name: 'promo',
        language: 'en',
        status: 'PENDING',
        category: 'MARKETING',
        body: 'Sale!',
        parameterCount: 0,
      },
    ]);

    await fake.postWebhook(hook(), AUTH_TOKEN, inbound('+15554440000', 'old message'));
    const conv = await conversationOf('+15554440000');
    await t.database.db
      .update(conversations)
      .set({ lastCustomerMessageAt: new Date(Date.now() - 25 * 3600_000) })
      .where(eq(conversations.id, conv!.id));
    const refused = await sendTestMessage(t, tenant.admin, conv!.id, 'tw-late-1', 'Too late?');
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toMatchObject({ code: 'SERVICE_WINDOW_CLOSED' });

    const send = (payload: Record<string, unknown>) =>
      t.app.inject({ method: 'POST', url: WHATSAPP_TEMPLATE_PATHS.send, headers: bearer(tenant), payload });
    const base = { groupId: conv!.id, name: 'order_update', language: 'en' };
    const wrongCount = await send({ ...base, parameters: ['Grace'] });
    expect(wrongCount.statusCode).toBe(422);
    expect(wrongCount.json()).toMatchObject({ code: 'INVALID_PARAMETER' });
    expect((await send({ ...base, name: 'nope' })).json()).toMatchObject({ code: 'TEMPLATE_NOT_FOUND' });
    expect((await send({ ...base, name: 'promo' })).json()).toMatchObject({ code: 'TEMPLATE_NOT_APPROVED' });
    // A plain send may not claim to be a template.
    const spoof = await t.app.inject({
      method: 'POST',
      url: MESSAGING_PATHS.messageSend,
      headers: tenant.admin,
      payload: {
        groupId: conv!.id,
        message: 'sneaky',
        metadata: { WHATSAPP_TEMPLATE: JSON.stringify({ name: 'order_update', language: 'en' }) },
      },
    });
    expect(spoof.statusCode).toBe(400);

    const ok = await send({ ...base, parameters: ['Grace', 'A-42'] });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().data).toMatchObject({ text: 'Hi Grace, your order A-42 has shipped.' });
    expect((await messagesOf(conv!.id)).map((m) => m.message)).toEqual([
      'old message',
      'Hi Grace, your order A-42 has shipped.',
    ]);
    runWorker();
    const [sent] = await waitFor(
      async () => fake.sent().filter((c) => c.params.To === 'whatsapp:+15554440000'),
      (c) => c.length === 1,
    );
    expect(sent!.params).toMatchObject({
      ContentSid: contentSid,
      ContentVariables: JSON.stringify({ 1: 'Grace', 2: 'A-42' }),
    });
    expect(sent!.params.Body).toBeUndefined();
  });
});
