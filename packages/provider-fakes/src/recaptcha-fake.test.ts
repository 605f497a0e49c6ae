import { afterEach, describe, expect, it } from 'vitest';
import { type FakeRecaptcha, startFakeRecaptcha } from './index.js';

// The reCAPTCHA fake's own contract, spoken to with plain fetch: siteverify's form body, its
// always-200 JSON with Google's error codes, one-time tokens and the outages.

let fake: FakeRecaptcha | undefined;
afterEach(async () => {
  await fake?.close();
  fake = undefined;
});

async function siteverify(url: string, params: Record<string, string>) {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(params).toString(),
  });
  return { status: res.status, json: (await res.json()) as Record<string, unknown> };
}

describe('reCAPTCHA fake', () => {
  it('accepts a token it issued once, with the timestamp and hostname, then says timeout-or-duplicate', async () => {
    fake = await startFakeRecaptcha({ secret: 's3cret', hostname: 'convo.test' });
    const token = fake.issueToken();
    const first = await siteverify(fake.verifyUrl, {
      secret: 's3cret',
      response: token,
      remoteip: '10.1.2.3',
    });
    expect(first).toEqual({
      status: 200,
      json: {
        success: true,
        challenge_ts: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/),
        hostname: 'convo.test',
      },
    });
    const again = await siteverify(fake.verifyUrl, { secret: 's3cret', response: token });
    expect(again).toEqual({ status: 200, json: { success: false, 'error-codes': ['timeout-or-duplicate'] } });
    expect(fake.calls.map((c) => [c.remoteip, c.success])).toEqual([
      ['10.1.2.3', true],
      [undefined, false],
    ]);
  });

  it('issues tokens over HTTP too, for a server started apart', async () => {
    fake = await startFakeRecaptcha();
    const { token } = (await (await fetch(`${fake.url}/fake/tokens`, { method: 'POST' })).json()) as {
      token: string;
    };
    const res = await siteverify(fake.verifyUrl, { secret: fake.secret, response: token });
    expect(res.json.success).toBe(true);
  });

  it('answers Google’s error codes for a wrong or missing secret and a missing or unknown answer', async () => {
    fake = await startFakeRecaptcha({ secret: 'right' });
    const token = fake.issueToken();
    const codes = async (params: Record<string, string>) =>
      (await siteverify(fake?.verifyUrl ?? '', params)).json['error-codes'];
    expect(await codes({ secret: 'wrong', response: token })).toEqual(['invalid-input-secret']);
    expect(await codes({ response: token })).toEqual(['missing-input-secret']);
    expect(await codes({ secret: 'right' })).toEqual(['missing-input-response']);
    expect(await codes({})).toEqual(['missing-input-secret', 'missing-input-response']);
    expect(await codes({ secret: 'right', response: 'made-up' })).toEqual(['invalid-input-response']);
    // The refused checks above did not spend the token.
    expect((await siteverify(fake.verifyUrl, { secret: 'right', response: token })).json.success).toBe(true);
  });

  it('hangs, answers HTML or a 500 while an outage is set', async () => {
    fake = await startFakeRecaptcha();
    const params = { secret: fake.secret, response: fake.issueToken() };
    fake.outage('not-json');
    const html = await fetch(fake.verifyUrl, { method: 'POST', body: new URLSearchParams(params) });
    expect(html.status).toBe(502);
    expect(await html.text()).toContain('<html>');
    fake.outage('server-error');
    expect((await fetch(fake.verifyUrl, { method: 'POST', body: new URLSearchParams(params) })).status).toBe(
      500,
    );
    fake.outage('hang');
    const hung = fetch(fake.verifyUrl, {
      method: 'POST',
      body: new URLSearchParams(params),
      signal: AbortSignal.timeout(200),
    });
    await expect(hung).rejects.toThrow();
    fake.outage(null);
    expect((await siteverify(fake.verifyUrl, params)).json.success).toBe(true);
  });
});
