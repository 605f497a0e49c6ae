import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fakeNamed, type StartedFake } from './catalogue.js';

// The command line's chat channels, as Convo would use them: the webhook is registered through the
// provider's API, a typed line arrives there as a customer's message, and what Convo sends back
// through the API is read as a reply.
describe('provider fakes command line', () => {
  let receiver: Server;
  let hookUrl = '';
  const received: Record<string, unknown>[] = [];
  beforeAll(async () => {
    receiver = createServer((req, res) => {
      let raw = '';
      req.on('data', (c: Buffer) => {
        raw += c.toString();
      });
      req.on('end', () => {
        received.push(JSON.parse(raw || '{}') as Record<string, unknown>);
        res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    hookUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;
  });
  afterAll(() => new Promise<void>((resolve) => receiver.close(() => resolve())));

  const start = async (name: string): Promise<StartedFake> => {
    const entry = fakeNamed(name);
    if (!entry) throw new Error(`no fake ${name}`);
    return entry.start(0, {});
  };
  const tokenIn = (fake: StartedFake) => /: (\S+)$/.exec(fake.instructions[0] ?? '')?.[1] ?? '';

  it('names every fake once, and refuses an unknown name', () => {
    expect(fakeNamed('telegram')?.ports).toBe(1);
    expect(fakeNamed('llm')?.ports).toBe(3);
    expect(fakeNamed('nope')).toBeUndefined();
  });

  it('telegram: says to connect first, then posts a typed line to the webhook and reads replies', async () => {
    const fake = await start('telegram');
    try {
      const url = fake.env.TELEGRAM_API_URL;
      const token = tokenIn(fake);
      expect(await fake.say?.('too early')).toMatch(/connect the Telegram channel/);
      const set = await fetch(`${url}/bot${token}/setWebhook`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ url: hookUrl, secret_token: 'a-secret-of-sixteen-chars' }),
      });
      expect(set.status).toBe(200);
      const before = received.length;
      expect(await fake.say?.('Where is my order?')).toBe('delivered to Convo: HTTP 200');
      const update = received[before] as { message?: { text?: string } };
      expect(update.message?.text).toBe('Where is my order?');
      await fetch(`${url}/bot${token}/sendMessage`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ chat_id: 4242, text: 'It ships today.' }),
      });
      expect(fake.replies?.()).toEqual(['It ships today.']);
      expect(fake.replies?.()).toEqual([]);
    } finally {
      await fake.close();
    }
  });

  it('360dialog: a typed line arrives as a Cloud API text delivery', async () => {
    const fake = await start('whatsapp-dialog360');
    try {
      const url = fake.env.DIALOG360_API_URL;
      const apiKey = tokenIn(fake);
      await fetch(`${url}/v1/configs/webhook`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'D360-API-KEY': apiKey },
        body: JSON.stringify({ url: hookUrl, headers: { 'x-convo-webhook-secret': 's' } }),
      });
      const before = received.length;
      expect(await fake.say?.('Hola')).toBe('delivered to Convo: HTTP 200');
      expect(JSON.stringify(received[before])).toContain('"body":"Hola"');
      await fetch(`${url}/messages`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'D360-API-KEY': apiKey },
        body: JSON.stringify({
          messaging_product: 'whatsapp',
          to: '15550004242',
          type: 'text',
          text: { body: 'Hi!' },
        }),
      });
      expect(fake.replies?.()).toEqual(['Hi!']);
    } finally {
      await fake.close();
    }
  });

  it('non-chat fakes start and give their settings', async () => {
    for (const name of [
      'meta',
      'twilio',
      'gallabox',
      'slack',
      'stripe',
      's3',
      'sentry',
      'recaptcha',
      'llm',
    ]) {
      const fake = await start(name);
      try {
        expect(Object.keys(fake.env).length, name).toBeGreaterThan(0);
        expect(fake.say, name).toBeUndefined();
      } finally {
        await fake.close();
      }
    }
  });
});
