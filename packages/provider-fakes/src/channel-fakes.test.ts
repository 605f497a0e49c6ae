import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { lineSignature, startFakeLine, startFakeViber, viberSignature } from './index.js';

// The LINE and Viber fakes' own contract, spoken to with plain fetch and a plain receiver: auth,
// documented error answers, scripted failures and signed webhook deliveries.

const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const close of closers.splice(0)) await close();
});

/** A webhook receiver that records what it got and answers `status`. */
async function receiver(status = 200) {
  const got: { headers: IncomingMessage['headers']; body: string }[] = [];
  const server = createServer((req, res) => {
    const parts: Buffer[] = [];
    req.on('data', (c: Buffer) => parts.push(c));
    req.on('end', () => {
      got.push({ headers: req.headers, body: Buffer.concat(parts).toString('utf8') });
      res.writeHead(status).end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  closers.push(() => new Promise<void>((resolve) => server.close(() => resolve())));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`, got };
}

describe('LINE fake', () => {
  it('answers 401 to an unknown token, bot info to a known one, and scripted errors as { message }', async () => {
    const line = await startFakeLine();
    closers.push(() => line.close());
    line.addChannel('tok', { secret: 's'.repeat(32), displayName: 'Shop', basicId: '@shop' });
    const bad = await fetch(`${line.url}/v2/bot/info`, { headers: { authorization: 'Bearer nope' } });
    expect(bad.status).toBe(401);
    expect(await bad.json()).toMatchObject({ message: expect.stringContaining('Authentication failed') });
    const info = await fetch(`${line.url}/v2/bot/info`, { headers: { authorization: 'Bearer tok' } });
    expect(await info.json()).toMatchObject({ displayName: 'Shop', basicId: '@shop' });
    line.failNext('push', { status: 429, message: 'The API rate limit has been exceeded. Try again later.' });
    const push = () =>
      fetch(`${line.url}/v2/bot/message/push`, {
        method: 'POST',
        headers: { authorization: 'Bearer tok', 'content-type': 'application/json' },
        body: JSON.stringify({ to: 'U1', messages: [{ type: 'text', text: 'hi' }] }),
      });
    expect((await push()).status).toBe(429);
    const ok = await push();
    expect(ok.status).toBe(200);
    expect(await ok.json()).toMatchObject({ sentMessages: [{ id: expect.any(String) }] });
    expect(line.sent('tok')).toHaveLength(1);
  });

  it('posts message events signed with the channel secret', async () => {
    const line = await startFakeLine();
    closers.push(() => line.close());
    const secret = 'f'.repeat(32);
    line.addChannel('tok', { secret, displayName: 'Shop', basicId: '@shop' });
    const hook = await receiver();
    await fetch(`${line.url}/v2/bot/channel/webhook/endpoint`, {
      method: 'PUT',
      headers: { authorization: 'Bearer tok', 'content-type': 'application/json' },
      body: JSON.stringify({ endpoint: hook.url }),
    });
    await line.postEvent('tok', { userId: 'U1', text: 'hello' });
    const [delivery] = hook.got;
    expect(delivery!.headers['x-line-signature']).toBe(lineSignature(secret, delivery!.body));
    expect(JSON.parse(delivery!.body).events[0]).toMatchObject({
      type: 'message',
      source: { type: 'user', userId: 'U1' },
      message: { type: 'text', text: 'hello' },
    });
  });
});

describe('Viber fake', () => {
  const call = (url: string, method: string, token: string, body: unknown) =>
    fetch(`${url}/pa/${method}`, {
      method: 'POST',
      headers: { 'x-viber-auth-token': token, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    }).then(async (r) => ({ http: r.status, json: (await r.json()) as Record<string, unknown> }));

  it('answers errors as HTTP 200 with a status code, and an outage with its HTTP status', async () => {
    const viber = await startFakeViber();
    closers.push(() => viber.close());
    viber.addBot('tok', { name: 'Shop', uri: 'shop' });
    expect(await call(viber.url, 'get_account_info', 'nope', {})).toEqual({
      http: 200,
      json: { status: 2, status_message: 'invalidAuthToken' },
    });
    expect((await call(viber.url, 'send_message', 'tok', { receiver: 'r', type: 'nope' })).json.status).toBe(
      3,
    );
    viber.failNext('send_message', { status: 503, status_message: 'Service Unavailable', httpStatus: 503 });
    expect(
      (await call(viber.url, 'send_message', 'tok', { receiver: 'r', type: 'text', text: 'a' })).http,
    ).toBe(503);
    const ok = await call(viber.url, 'send_message', 'tok', { receiver: 'r', type: 'text', text: 'a' });
    expect(ok.json).toMatchObject({ status: 0, status_message: 'ok', message_token: expect.any(Number) });
  });

  it('set_webhook checks the URL with a signed webhook event and fails (status 1) unless it answers 200', async () => {
    const viber = await startFakeViber();
    closers.push(() => viber.close());
    viber.addBot('tok', { name: 'Shop', uri: 'shop' });
    const refusing = await receiver(404);
    expect((await call(viber.url, 'set_webhook', 'tok', { url: refusing.url })).json.status).toBe(1);
    expect(viber.webhookOf('tok')).toBeNull();
    const hook = await receiver();
    expect((await call(viber.url, 'set_webhook', 'tok', { url: hook.url })).json.status).toBe(0);
    await viber.postMessage('tok', { senderId: 'S1', text: 'hi' });
    const [check, message] = hook.got;
    expect(JSON.parse(check!.body)).toMatchObject({ event: 'webhook' });
    expect(message!.headers['x-viber-content-signature']).toBe(viberSignature('tok', message!.body));
    expect(JSON.parse(message!.body)).toMatchObject({ event: 'message', sender: { id: 'S1' } });
  });
});
