import { ACCOUNT_PATHS } from '@convo/api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, newSignup, type TestApp } from '../../testing/test-app.js';

// Issue 40 item 9: behind the shipped nginx (compose's port 8080) the /demo page loaded the widget
// from a URL without the port. The page's widget URL follows the forwarded host, port and scheme of
// a trusted proxy (TRUST_PROXY), and ignores those headers from anyone else.

const PROXY = '10.1.2.3';
const forwarded = {
  host: 'convo-1:3000',
  'x-forwarded-host': 'chat.example.com',
  'x-forwarded-port': '8080',
  'x-forwarded-proto': 'http',
};

let trusted: TestApp;
let plain: TestApp;
let appId: string;
let plainAppId: string;

async function signup(t: TestApp): Promise<string> {
  const res = await t.app.inject({ method: 'POST', url: ACCOUNT_PATHS.signup, payload: newSignup() });
  return (res.json().data as { applicationId: string }).applicationId;
}

/** The loader URL the /demo page's snippet carries. */
async function loaderSrc(t: TestApp, id: string, headers: Record<string, string>, remoteAddress: string) {
  const res = await t.app.inject({ method: 'GET', url: `/demo?appId=${id}`, headers, remoteAddress });
  expect(res.statusCode).toBe(200);
  return /s\.src = "([^"]+)"/.exec(res.body)?.[1];
}

beforeAll(async () => {
  // One after the other: two PGlite databases at once starve a small machine.
  trusted = await createTestApp('pglite', { TRUST_PROXY: '10.0.0.0/8' });
  plain = await createTestApp('pglite');
  appId = await signup(trusted);
  plainAppId = await signup(plain);
}, 300_000);
afterAll(async () => {
  await Promise.all([trusted?.close(), plain?.close()]);
});

describe('the /demo widget URL behind a proxy', () => {
  it('uses the forwarded host and port from a trusted proxy', async () => {
    expect(await loaderSrc(trusted, appId, forwarded, PROXY)).toBe(
      'http://chat.example.com:8080/widget/loader.js',
    );
  });

  it('keeps a port the forwarded host already carries, and leaves out the scheme default port', async () => {
    expect(
      await loaderSrc(trusted, appId, { ...forwarded, 'x-forwarded-host': 'chat.example.com:9000' }, PROXY),
    ).toBe('http://chat.example.com:9000/widget/loader.js');
    expect(
      await loaderSrc(
        trusted,
        appId,
        { ...forwarded, 'x-forwarded-proto': 'https', 'x-forwarded-port': '443' },
        PROXY,
      ),
    ).toBe('https://chat.example.com/widget/loader.js');
  });

  it('ignores forwarded headers from an address that is not a configured proxy', async () => {
    expect(await loaderSrc(trusted, appId, forwarded, '203.0.113.9')).toBe(
      'http://convo-1:3000/widget/loader.js',
    );
  });

  it('ignores forwarded headers when TRUST_PROXY is off', async () => {
    expect(await loaderSrc(plain, plainAppId, forwarded, PROXY)).toBe('http://convo-1:3000/widget/loader.js');
  });

  it('falls back to PUBLIC_URL for a malformed host instead of writing it into the page', async () => {
    const src = await loaderSrc(
      trusted,
      appId,
      { ...forwarded, 'x-forwarded-host': 'evil.com"><script>' },
      PROXY,
    );
    expect(src).toBe(`${trusted.config.publicUrl}/widget/loader.js`);
  });
});
