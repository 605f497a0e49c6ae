import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { slackRequestSignature, startFakeSlack } from './index.js';

// The Slack fake's own contract, spoken to with plain fetch and a plain receiver: bearer or form
// tokens, Slack's `{ ok: false, error }` answers, 429 with Retry-After, threads, and signed Events
// API deliveries (including the bot's own posts coming back).

const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const close of closers.splice(0)) await close();
});

async function receiver() {
  const got: { headers: IncomingMessage['headers']; body: string }[] = [];
  const server = createServer((req, res) => {
    const parts: Buffer[] = [];
    req.on('data', (c: Buffer) => parts.push(c));
    req.on('end', () => {
      got.push({ headers: req.headers, body: Buffer.concat(parts).toString('utf8') });
      res.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  closers.push(() => new Promise<void>((resolve) => server.close(() => resolve())));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/events`, got };
}

const TOKEN = 'xoxb-1-2-fake';

async function fake() {
  const slack = await startFakeSlack();
  closers.push(() => slack.close());
  slack.addWorkspace({ token: TOKEN, team: 'Acme', botUserId: 'U0BOT', botId: 'B0BOT' });
  slack.addChannel({ id: 'C1', name: 'support', isMember: true });
  return slack;
}

const form = (url: string, method: string, params: Record<string, string>, token = TOKEN) =>
  fetch(`${url}/${method}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', authorization: `Bearer ${token}` },
    body: new URLSearchParams(params).toString(),
  });

describe('Slack fake', () => {
  it('answers Slack errors with HTTP 200 and ok:false; auth.test names the bot', async () => {
    const slack = await fake();
    const bad = await form(slack.url, 'auth.test', {}, 'xoxb-unknown');
    expect(bad.status).toBe(200);
    expect(await bad.json()).toEqual({ ok: false, error: 'invalid_auth' });
    const me = await (await form(slack.url, 'auth.test', {})).json();
    expect(me).toMatchObject({ ok: true, team: 'Acme', user_id: 'U0BOT', bot_id: 'B0BOT' });
  });

  it('posts in threads (form or JSON) and refuses an unknown thread', async () => {
    const slack = await fake();
    const parent = (await (
      await form(slack.url, 'chat.postMessage', { channel: 'C1', text: 'hello' })
    ).json()) as {
      ok: boolean;
      ts: string;
    };
    expect(parent).toMatchObject({ ok: true, channel: 'C1' });
    const reply = await fetch(`${slack.url}/chat.postMessage`, {
      method: 'POST',
      headers: { 'content-type': 'application/json; charset=utf-8', authorization: `Bearer ${TOKEN}` },
      body: JSON.stringify({ channel: 'C1', text: 'in thread', thread_ts: parent.ts }),
    });
    expect(((await reply.json()) as { ok: boolean }).ok).toBe(true);
    expect(slack.thread('C1', parent.ts).map((m) => m.text)).toEqual(['in thread']);
    const lost = await (
      await form(slack.url, 'chat.postMessage', { channel: 'C1', text: 'x', thread_ts: '1.000001' })
    ).json();
    expect(lost).toEqual({ ok: false, error: 'thread_not_found' });
  });

  it('rate limits with 429 and Retry-After when told to', async () => {
    const slack = await fake();
    slack.failNext('chat.postMessage', { status: 429, retryAfter: 7 });
    const limited = await form(slack.url, 'chat.postMessage', { channel: 'C1', text: 'x' });
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toBe('7');
    expect((await form(slack.url, 'chat.postMessage', { channel: 'C1', text: 'x' })).status).toBe(200);
  });

  it('signs Events API deliveries and echoes the bot’s own posts with bot_id', async () => {
    const slack = await fake();
    const hook = await receiver();
    slack.setEventSubscription(hook.url, 'shhh');
    const posted = await form(slack.url, 'chat.postMessage', { channel: 'C1', text: 'parent' });
    const parent = (await posted.json()) as { ts: string };
    const delivery = await slack.userReplies({ user: 'U9', channel: 'C1', threadTs: parent.ts, text: 'hi' });
    expect(delivery.status).toBe(200);
    await expect.poll(() => hook.got.length).toBe(2);
    for (const { headers, body } of hook.got) {
      const ts = String(headers['x-slack-request-timestamp']);
      expect(headers['x-slack-signature']).toBe(slackRequestSignature('shhh', ts, body));
    }
    const events = hook.got.map((g) => JSON.parse(g.body).event);
    expect(events).toContainEqual(expect.objectContaining({ bot_id: 'B0BOT', text: 'parent' }));
    expect(events).toContainEqual(expect.objectContaining({ user: 'U9', thread_ts: parent.ts, text: 'hi' }));
    const retry = await slack.deliver(
      { type: 'event_callback', event: {} },
      { eventId: delivery.eventId, retryNum: 1 },
    );
    expect(retry.eventId).toBe(delivery.eventId);
    expect(hook.got.at(-1)!.headers['x-slack-retry-num']).toBe('1');
  });
});
