import { afterEach, describe, expect, it } from 'vitest';
import { startFakeGallabox, startFakeMeta, startFakeTwilio } from './index.js';

// The WhatsApp fakes check a template send against the template's header and buttons as the
// providers do: a missing or wrong header or button parameter is refused with the provider's error.

const closers: (() => Promise<void>)[] = [];
type Json = Record<string, unknown>;
const json = async (res: Response) => (await res.json()) as Json;
const errorOf = async (res: Response) => (await json(res)).error;

afterEach(async () => {
  for (const close of closers.splice(0)) await close();
});

const shipped = {
  name: 'order_shipped',
  language: 'en',
  status: 'APPROVED',
  category: 'UTILITY',
  body: 'Hi {{1}}',
  header: { format: 'IMAGE' },
  buttons: [{ type: 'URL', text: 'Track', url: 'https://shop.example/t/{{1}}' }],
} as const;

describe('Meta fake templates', () => {
  it('lists the header and buttons and refuses a send without the header or the URL suffix (#132000)', async () => {
    const meta = await startFakeMeta();
    closers.push(() => meta.close());
    meta.addToken('tok');
    meta.addTemplate('waba', shipped);
    const list = await fetch(`${meta.url}/v21.0/waba/message_templates`, {
      headers: { authorization: 'Bearer tok' },
    });
    const listed = (await json(list)) as { data: { components: unknown }[] };
    expect(listed.data[0]!.components).toEqual([
      { type: 'HEADER', format: 'IMAGE' },
      { type: 'BODY', text: 'Hi {{1}}' },
      { type: 'BUTTONS', buttons: shipped.buttons },
    ]);
    const post = (components: unknown[]) =>
      fetch(`${meta.url}/v21.0/phone/messages`, {
        method: 'POST',
        headers: { authorization: 'Bearer tok', 'content-type': 'application/json' },
        body: JSON.stringify({
          messaging_product: 'whatsapp',
          to: '15550001111',
          type: 'template',
          template: { name: 'order_shipped', language: { code: 'en' }, components },
        }),
      });
    const body = { type: 'body', parameters: [{ type: 'text', text: 'Ada' }] };
    const header = {
      type: 'header',
      parameters: [{ type: 'image', image: { link: 'https://cdn.example/p.png' } }],
    };
    const button = {
      type: 'button',
      sub_type: 'url',
      index: '0',
      parameters: [{ type: 'text', text: 'A-1' }],
    };
    const noHeader = await post([body, button]);
    expect(noHeader.status).toBe(400);
    expect(await errorOf(noHeader)).toMatchObject({ code: 132000 });
    const noButton = await post([header, body]);
    expect(await errorOf(noButton)).toMatchObject({ code: 132000 });
    const wrongMedia = await post([
      { type: 'header', parameters: [{ type: 'video', video: { link: 'https://cdn.example/v.mp4' } }] },
      body,
      button,
    ]);
    expect(await errorOf(wrongMedia)).toMatchObject({ code: 132012 });
    expect((await post([header, body, button])).status).toBe(200);
  });
});

describe('Gallabox fake templates', () => {
  it('refuses a template send without its header or button values', async () => {
    const gallabox = await startFakeGallabox();
    closers.push(() => gallabox.close());
    const account = { apiKey: 'k', apiSecret: 's', accountId: 'a'.repeat(24), channelId: 'c'.repeat(24) };
    gallabox.addAccount(account);
    gallabox.addTemplate(account.accountId, { ...shipped, channelId: account.channelId });
    const post = (template: Record<string, unknown>) =>
      fetch(`${gallabox.url}/devapi/messages/whatsapp`, {
        method: 'POST',
        headers: { apiKey: 'k', apiSecret: 's', 'content-type': 'application/json' },
        body: JSON.stringify({
          channelId: account.channelId,
          channelType: 'whatsapp',
          recipient: { name: '', phone: '919876543210' },
          whatsapp: { type: 'template', template: { templateName: 'order_shipped', ...template } },
        }),
      });
    const values = {
      bodyValues: { 1: 'Ada' },
      headerValues: { mediaUrl: 'https://cdn.example/p.png' },
      buttonValues: [{ index: 0, sub_type: 'url', parameters: { type: 'text', text: 'A-1' } }],
    };
    const { headerValues: _h, ...noHeader } = values;
    expect(await (await post(noHeader)).json()).toMatchObject({
      message: 'headerValues.mediaUrl is required',
    });
    const { buttonValues: _b, ...noButtons } = values;
    expect(await (await post(noButtons)).json()).toMatchObject({ message: 'buttonValues[0] is required' });
    expect((await post(values)).status).toBe(202);
  });
});

describe('Twilio fake templates', () => {
  it('lists a card item and refuses ContentVariables that miss a variable (21656)', async () => {
    const twilio = await startFakeTwilio();
    closers.push(() => twilio.close());
    const sid = `AC${'1'.repeat(32)}`;
    twilio.addAccount(sid, 'token');
    const content = twilio.addContent(sid, {
      friendlyName: 'order_shipped',
      language: 'en',
      status: 'approved',
      category: 'utility',
      headerText: 'Order {{1}}',
      body: 'Hi {{2}}',
    });
    const auth = { authorization: `Basic ${Buffer.from(`${sid}:token`).toString('base64')}` };
    const post = (variables: Record<string, string>) =>
      fetch(`${twilio.url}/2010-04-01/Accounts/${sid}/Messages.json`, {
        method: 'POST',
        headers: auth,
        body: new URLSearchParams({
          To: 'whatsapp:+15550001111',
          From: 'whatsapp:+15550002222',
          ContentSid: content,
          ContentVariables: JSON.stringify(variables),
        }),
      });
    const missing = await post({ 2: 'Ada' });
    expect(missing.status).toBe(400);
    expect(await missing.json()).toMatchObject({ code: 21656 });
    expect((await post({ 1: 'A-1', 2: 'Ada' })).status).toBe(201);
    const list = (await json(await fetch(`${twilio.url}/v1/ContentAndApprovals`, { headers: auth }))) as {
      contents: { types: unknown }[];
    };
    expect(list.contents[0]!.types).toEqual({
      'whatsapp/card': { body: 'Hi {{2}}', header_text: 'Order {{1}}' },
    });
  });
});
