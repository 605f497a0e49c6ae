import {
  channelWebhookPath,
  integrationPath,
  WHATSAPP_TEMPLATE_PATHS,
  whatsAppTemplatesPath,
} from '@convo/api';
import {
  type FakeGallabox,
  type FakeMeta,
  type FakeTwilio,
  gallaboxMessageEvent,
  startFakeGallabox,
  startFakeMeta,
  startFakeTwilio,
  whatsAppDelivery,
} from '@convo/provider-fakes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { channelHarness, freePort, waitFor } from '../../../testing/channel-harness.js';
import { testDatabaseKinds } from '../../../testing/test-database.js';
import { useTestApp } from '../../../testing/use-test-app.js';

// Template header and button values end to end, through the fakes of Meta's Cloud API, Gallabox
// and Twilio's Content API: the template list shows the header and buttons, wrong values answer
// 400 before anything is stored, the inbox keeps the message as the customer reads it, and each
// provider receives the values in its own format (what the fake received is asserted).

const WA_TOKEN = 'EAAGtemplateComponentsToken0123456789';
const APP_SECRET = 'c1d2e3f4a5b6c7d8e9f0a1b2c3d4e5f6';
const PHONE_ID = '106540352240001';
const WABA_ID = '102290129340001';
const GALLABOX = {
  apiKey: 'gbKeyTemplates012345',
  apiSecret: 'gbSecretTemplates0123',
  accountId: '629e06e58e13b5000ae33801',
  channelId: '629e0b6c3d6ad60004419701',
};
const GALLABOX_SECRET = 'gallabox-webhook-secret-templates';
const ACCOUNT_SID = `AC${'5e6f7a8b'.repeat(4)}`;
const AUTH_TOKEN = `${'a'.repeat(8)}0123456789abcdef01234567`;
const SENDER = '+14155230001';

const SHIPPED = {
  status: 'APPROVED',
  category: 'UTILITY',
  body: 'Hi {{1}}, it has shipped.',
  header: { format: 'TEXT', text: 'Order {{1}}' },
  buttons: [
    { type: 'URL', text: 'Track', url: 'https://shop.example/track/{{1}}' },
    { type: 'QUICK_REPLY', text: 'Thanks' },
  ],
} as const;
const SHIPPED_TEXT =
  'Order A-42\n\nHi Grace, it has shipped.\n\n[Track] https://shop.example/track/A-42\n[Thanks]';

describe.each(testDatabaseKinds())('WhatsApp template header and button values on %s', (kind) => {
  let meta: FakeMeta;
  let gallabox: FakeGallabox;
  let twilio: FakeTwilio;
  let twilioShipped = '';
  let port = 0;
  beforeAll(async () => {
    [meta, gallabox, twilio] = await Promise.all([startFakeMeta(), startFakeGallabox(), startFakeTwilio()]);
    meta.addToken(WA_TOKEN);
    meta.addNode(PHONE_ID, { display_phone_number: '+1 555-000-2222', verified_name: 'Acme' });
    meta.addTemplate(WABA_ID, { ...SHIPPED, name: 'order_shipped', language: 'en_US' });
    meta.addTemplate(WABA_ID, {
      name: 'invoice_ready',
      language: 'en_US',
      status: 'APPROVED',
      category: 'UTILITY',
      body: 'Your invoice is ready.',
      header: { format: 'DOCUMENT' },
    });
    gallabox.addAccount(GALLABOX);
    gallabox.addTemplate(GALLABOX.accountId, {
      channelId: GALLABOX.channelId,
      name: 'new_arrivals',
      language: 'en',
      status: 'approved',
      category: 'MARKETING',
      body: 'Hi {{1}}, new {{2}} are in.',
      header: { format: 'IMAGE' },
      buttons: [{ type: 'URL', text: 'Shop', url: 'https://shop.example/c/{{1}}' }],
    });
    twilio.addAccount(ACCOUNT_SID, AUTH_TOKEN, 'Acme Twilio');
    // Twilio numbers the variables across the whole item: header {{1}}, body {{2}}, link {{3}}.
    twilioShipped = twilio.addContent(ACCOUNT_SID, {
      friendlyName: 'order_shipped',
      language: 'en',
      status: 'approved',
      category: 'utility',
      headerText: 'Order {{1}}',
      body: 'Hi {{2}}, it has shipped.',
      actions: [
        { type: 'URL', title: 'Track', url: 'https://shop.example/track/{{3}}' },
        { type: 'QUICK_REPLY', title: 'Thanks', id: 'thanks' },
      ],
    });
    port = await freePort();
  });
  const { t, tenants } = useTestApp(kind, {
    tenants: 1,
    dataDir: true,
    env: () => ({
      META_GRAPH_API_URL: meta.url,
      GALLABOX_API_URL: gallabox.url,
      TWILIO_API_URL: twilio.url,
      PUBLIC_URL: `http://127.0.0.1:${port}`,
    }),
  });
  const [tenant] = tenants;
  const cloud = channelHarness(t, tenant, 'whatsapp-cloud-api');
  const gb = channelHarness(t, tenant, 'whatsapp-gallabox');
  const tw = channelHarness(t, tenant, 'whatsapp-twilio');
  beforeAll(async () => {
    await t.app.listen({ host: '127.0.0.1', port });
  });
  afterAll(async () => {
    await Promise.all([meta?.close(), gallabox?.close(), twilio?.close()]);
  });

  const hook = (type: Parameters<typeof channelWebhookPath>[0]) =>
    `http://127.0.0.1:${port}${channelWebhookPath(type, tenant.applicationId)}`;
  const send = (payload: Record<string, unknown>) =>
    t.app.inject({ method: 'POST', url: WHATSAPP_TEMPLATE_PATHS.send, headers: cloud.bearer(), payload });
  const connect = async (type: Parameters<typeof integrationPath>[0], payload: Record<string, unknown>) => {
    const res = await t.app.inject({
      method: 'POST',
      url: integrationPath(type),
      headers: cloud.bearer(),
      payload,
    });
    expect(res.statusCode, res.body).toBe(200);
  };

  it('connects a Cloud API number, a Gallabox channel and a Twilio sender', async () => {
    await connect('whatsapp-cloud-api', {
      phoneNumberId: PHONE_ID,
      businessAccountId: WABA_ID,
      accessToken: WA_TOKEN,
      appSecret: APP_SECRET,
      verifyToken: 'verify-templates',
    });
    await connect('whatsapp-gallabox', { ...GALLABOX, webhookSecret: GALLABOX_SECRET });
    await connect('whatsapp-twilio', {
      accountSid: ACCOUNT_SID,
      authToken: AUTH_TOKEN,
      whatsAppNumber: `whatsapp:${SENDER}`,
    });
  });

  it('Cloud API: lists the header and buttons; refuses wrong values with 400 storing nothing; sends header, body and button parameters', async () => {
    const list = await t.app.inject({
      method: 'GET',
      url: whatsAppTemplatesPath('whatsapp-cloud-api'),
      headers: cloud.bearer(),
    });
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json().data.find((x: { name: string }) => x.name === 'order_shipped')).toEqual({
      name: 'order_shipped',
      language: 'en_US',
      status: 'APPROVED',
      category: 'UTILITY',
      body: 'Hi {{1}}, it has shipped.',
      parameterCount: 1,
      header: { format: 'TEXT', text: 'Order {{1}}' },
      buttons: [
        { type: 'URL', text: 'Track', url: 'https://shop.example/track/{{1}}' },
        { type: 'QUICK_REPLY', text: 'Thanks' },
      ],
    });

    const delivery = whatsAppDelivery(PHONE_ID, {
      contacts: [{ wa_id: '15556660001', profile: { name: 'Grace H' } }],
      messages: [{ from: '15556660001', id: 'wamid.tc1', type: 'text', text: { body: 'Where is it?' } }],
    });
    expect((await meta.postWebhook(hook('whatsapp-cloud-api'), APP_SECRET, delivery)).status).toBe(200);
    const conv = await cloud.conversationOf('15556660001');
    const base = { groupId: conv!.id, name: 'order_shipped', language: 'en_US', parameters: ['Grace'] };
    const header = { type: 'text', text: 'A-42' };
    const track = { index: 0, type: 'url', text: 'A-42' };

    const refusals = [
      [{ ...base, buttons: [track] }, 'TEMPLATE_HEADER_INVALID', 'The template’s header takes a text value.'],
      [
        { ...base, header: { type: 'image', link: 'https://cdn.example/p.png' }, buttons: [track] },
        'TEMPLATE_HEADER_INVALID',
        'The template’s header takes a text value.',
      ],
      [
        { ...base, header },
        'TEMPLATE_BUTTON_INVALID',
        'Button 1 (Track) needs the end of its link (its {{1}}).',
      ],
      [
        { ...base, header, buttons: [track, { index: 1, type: 'url', text: 'x' }] },
        'TEMPLATE_BUTTON_INVALID',
        'Button 2 (Thanks) takes no URL value.',
      ],
    ] as const;
    for (const [payload, code, message] of refusals) {
      const res = await send(payload);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toEqual({ code, message: `The template order_shipped: ${message}` });
    }
    // The contract refuses what no template takes (an audio header) before any rule runs.
    const malformed = await send({ ...base, header: { type: 'audio', link: 'https://cdn.example/a.ogg' } });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toMatchObject({ code: 'INVALID_PARAMETER' });
    expect((await cloud.messagesOf(conv!.id)).map((m) => m.message)).toEqual(['Where is it?']);

    const ok = await send({
      ...base,
      header,
      buttons: [{ index: 1, type: 'quick_reply', payload: 'thanks-A-42' }, track],
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().data.text).toBe(SHIPPED_TEXT);
    expect((await cloud.messagesOf(conv!.id)).map((m) => m.message)).toEqual(['Where is it?', SHIPPED_TEXT]);
    cloud.runWorker();
    const [sent] = await waitFor(
      async () => meta.sent().filter((c) => c.body.to === '15556660001'),
      (c) => c.length === 1,
    );
    expect(sent!.body.template).toEqual({
      name: 'order_shipped',
      language: { code: 'en_US' },
      components: [
        { type: 'header', parameters: [{ type: 'text', text: 'A-42' }] },
        { type: 'body', parameters: [{ type: 'text', text: 'Grace' }] },
        { type: 'button', sub_type: 'url', index: '0', parameters: [{ type: 'text', text: 'A-42' }] },
        {
          type: 'button',
          sub_type: 'quick_reply',
          index: '1',
          parameters: [{ type: 'payload', payload: 'thanks-A-42' }],
        },
      ],
    });
    expect((await cloud.outboxDone(conv!.id))[0]).toMatchObject({ status: 'sent' });
  });

  it('Cloud API: a document header needs an https link and goes by link with its file name', async () => {
    const delivery = whatsAppDelivery(PHONE_ID, {
      messages: [{ from: '15556660002', id: 'wamid.tc2', type: 'text', text: { body: 'Invoice?' } }],
    });
    await meta.postWebhook(hook('whatsapp-cloud-api'), APP_SECRET, delivery);
    const conv = await cloud.conversationOf('15556660002');
    const base = { groupId: conv!.id, name: 'invoice_ready', language: 'en_US' };
    const insecure = await send({ ...base, header: { type: 'document', link: 'http://cdn.example/i.pdf' } });
    expect(insecure.statusCode).toBe(400);
    expect(insecure.json()).toEqual({
      code: 'TEMPLATE_HEADER_INVALID',
      message: 'The template invoice_ready: The header’s document link must be an https URL.',
    });
    const ok = await send({
      ...base,
      header: { type: 'document', link: 'https://cdn.example/i.pdf', filename: 'invoice-42.pdf' },
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().data.text).toBe(
      '[Document (invoice-42.pdf)] https://cdn.example/i.pdf\n\nYour invoice is ready.',
    );
    cloud.runWorker();
    const [sent] = await waitFor(
      async () => meta.sent().filter((c) => c.body.to === '15556660002'),
      (c) => c.length === 1,
    );
    expect(sent!.body.template).toEqual({
      name: 'invoice_ready',
      language: { code: 'en_US' },
      components: [
        {
          type: 'header',
          parameters: [
            { type: 'document', document: { link: 'https://cdn.example/i.pdf', filename: 'invoice-42.pdf' } },
          ],
        },
      ],
    });
  });

  it('Gallabox: sends the image header by link and the URL button’s suffix with the body values', async () => {
    const event = gallaboxMessageEvent({
      ...GALLABOX,
      id: 'gb-tc-1',
      from: '919876660001',
      name: 'Grace H',
      text: 'Anything new?',
    });
    expect((await gallabox.postWebhook(hook('whatsapp-gallabox'), GALLABOX_SECRET, event)).status).toBe(200);
    const conv = await gb.conversationOf('919876660001');
    const res = await send({
      groupId: conv!.id,
      name: 'new_arrivals',
      language: 'en',
      parameters: ['Grace', 'boots'],
      header: { type: 'image', link: 'https://cdn.example/boots.png' },
      buttons: [{ index: 0, type: 'url', text: 'boots' }],
    });
    expect(res.statusCode, res.body).toBe(200);
    const text =
      '[Image] https://cdn.example/boots.png\n\nHi Grace, new boots are in.\n\n[Shop] https://shop.example/c/boots';
    expect((await gb.messagesOf(conv!.id)).map((m) => m.message)).toEqual(['Anything new?', text]);
    gb.runWorker();
    const [sent] = await waitFor(
      async () =>
        gallabox.sent().filter((c) => (c.body.recipient as { phone: string }).phone === '919876660001'),
      (c) => c.length === 1,
    );
    expect(sent!.body.whatsapp).toEqual({
      type: 'template',
      template: {
        templateName: 'new_arrivals',
        bodyValues: { 1: 'Grace', 2: 'boots' },
        headerValues: { mediaUrl: 'https://cdn.example/boots.png' },
        buttonValues: [{ index: 0, sub_type: 'url', parameters: { type: 'text', text: 'boots' } }],
      },
    });
  });

  it('Twilio: numbers header, body and button values across the item in ContentVariables; its fixed quick reply takes no payload', async () => {
    const list = await t.app.inject({
      method: 'GET',
      url: whatsAppTemplatesPath('whatsapp-twilio'),
      headers: cloud.bearer(),
    });
    expect(list.json().data).toEqual([
      {
        id: twilioShipped,
        name: 'order_shipped',
        language: 'en',
        status: 'APPROVED',
        category: 'UTILITY',
        body: 'Hi {{2}}, it has shipped.',
        parameterCount: 1,
        header: { format: 'TEXT', text: 'Order {{1}}' },
        buttons: [
          { type: 'URL', text: 'Track', url: 'https://shop.example/track/{{3}}' },
          { type: 'QUICK_REPLY', text: 'Thanks', payload: 'thanks' },
        ],
      },
    ]);
    const inbound = {
      MessageSid: `SM${'7'.repeat(32)}`,
      AccountSid: ACCOUNT_SID,
      From: 'whatsapp:+15556660003',
      To: `whatsapp:${SENDER}`,
      Body: 'Shipped yet?',
      NumMedia: '0',
      ProfileName: 'Grace H',
    };
    expect((await twilio.postWebhook(hook('whatsapp-twilio'), AUTH_TOKEN, inbound)).status).toBe(200);
    const conv = await tw.conversationOf('+15556660003');
    const base = {
      groupId: conv!.id,
      name: 'order_shipped',
      language: 'en',
      parameters: ['Grace'],
      header: { type: 'text', text: 'A-42' },
    };
    const payload = await send({
      ...base,
      buttons: [
        { index: 0, type: 'url', text: 'A-42' },
        { index: 1, type: 'quick_reply', payload: 'mine' },
      ],
    });
    expect(payload.statusCode).toBe(400);
    expect(payload.json()).toMatchObject({ code: 'TEMPLATE_BUTTON_INVALID' });
    const res = await send({ ...base, buttons: [{ index: 0, type: 'url', text: 'A-42' }] });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.text).toBe(SHIPPED_TEXT);
    tw.runWorker();
    const [sent] = await waitFor(
      async () => twilio.sent().filter((c) => c.params.To === 'whatsapp:+15556660003'),
      (c) => c.length === 1,
    );
    expect(sent!.params.ContentSid).toBe(twilioShipped);
    expect(JSON.parse(sent!.params.ContentVariables!)).toEqual({ 1: 'A-42', 2: 'Grace', 3: 'A-42' });
  });
});
