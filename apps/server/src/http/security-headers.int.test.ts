import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ACCOUNT_PATHS } from '@convo/api';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../platform/config.js';
import { createTestApp, type TestApp } from '../testing/test-app.js';
import { API_CSP, HSTS, inlineScriptHashes, mergeCsp, registerSecurityHeaders } from './security-headers.js';

const PUBLIC_URL = 'https://chat.example.com';
// A stand-in for the build's inline early start (apps/dashboard/src/app/early/early-start.ts).
const EARLY_START = 'window.__convoEarly = new Map();';

describe('security headers', () => {
  let t: TestApp;
  let plain: TestApp;
  let dist: string;

  beforeAll(async () => {
    // A stand-in dashboard build, so the SPA fallback and static files are served.
    dist = mkdtempSync(path.join(tmpdir(), 'convo-dashboard-'));
    writeFileSync(
      path.join(dist, 'index.html'),
      `<!doctype html><head><script>${EARLY_START}</script><script type="module" src="/app.js"></script></head><div id="root"></div>`,
    );
    writeFileSync(path.join(dist, 'app.js'), 'console.log(1)');
    t = await createTestApp('pglite', {
      PUBLIC_URL,
      DASHBOARD_DIST: dist,
      GOOGLE_CLIENT_ID: 'client-id',
      GOOGLE_CLIENT_SECRET: 'client-secret',
    });
    plain = await createTestApp('pglite', { PUBLIC_URL: 'http://localhost:3000', DASHBOARD_DIST: dist });
  });
  afterAll(async () => {
    await t?.close();
    await plain?.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it('gives the dashboard a strict policy: own scripts only, never framed', async () => {
    for (const url of ['/', '/conversations', '/index.html']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      const csp = String(res.headers['content-security-policy']);
      expect(csp).toContain("script-src 'self'");
      expect(csp).not.toMatch(/script-src[^;]*unsafe/);
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).toContain("object-src 'none'");
      expect(csp).toContain("base-uri 'self'");
      expect(res.headers['x-frame-options']).toBe('DENY');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
      expect(res.headers['strict-transport-security']).toBe(HSTS);
    }
  });

  it("runs index.html's inline early start by its hash, and no other inline script", async () => {
    const hash = `'sha256-${createHash('sha256').update(EARLY_START).digest('base64')}'`;
    for (const url of ['/', '/dashboard', '/conversations/42']) {
      const res = await t.app.inject({ method: 'GET', url });
      const csp = String(res.headers['content-security-policy']);
      expect(csp, url).toContain(`script-src 'self' ${hash};`);
      expect(csp.match(/'sha256-/g), url).toHaveLength(1);
      expect(res.headers['x-frame-options']).toBe('DENY');
    }
    expect(
      inlineScriptHashes('<script src="/a.js"></script><SCRIPT>x</SCRIPT><script type="module">y</script>'),
    ).toEqual([
      `sha256-${createHash('sha256').update('x').digest('base64')}`,
      `sha256-${createHash('sha256').update('y').digest('base64')}`,
    ]);
  });

  it('gives the API docs page the same policy', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(String(res.headers['content-security-policy'])).toContain("script-src 'self'");
    expect(res.headers['x-frame-options']).toBe('DENY');
  });

  it('marks JSON, errors and files nosniff, and JSON as unframeable data', async () => {
    for (const url of ['/api/config', '/health', '/api/nothing-here', ACCOUNT_PATHS.me]) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.headers['content-type'], url).toMatch(/^application\/json/);
      expect(res.headers['x-content-type-options'], url).toBe('nosniff');
      expect(res.headers['content-security-policy'], url).toBe(API_CSP);
      expect(res.headers['strict-transport-security'], url).toBe(HSTS);
    }
    const script = await t.app.inject({ method: 'GET', url: '/app.js' });
    expect(script.statusCode).toBe(200);
    expect(script.headers['x-content-type-options']).toBe('nosniff');
  });

  it('sends HSTS only when the public address is https', async () => {
    for (const url of ['/', '/api/config']) {
      const res = await plain.app.inject({ method: 'GET', url, headers: { 'x-forwarded-proto': 'https' } });
      expect(res.headers['strict-transport-security'], url).toBeUndefined();
      expect(res.headers['x-content-type-options'], url).toBe('nosniff');
    }
  });

  it('sets the Google sign-in nonce cookie HttpOnly, SameSite=Lax and Secure over https', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `${ACCOUNT_PATHS.googleStart}?origin=${encodeURIComponent(PUBLIC_URL)}`,
    });
    expect(res.statusCode).toBe(302);
    const cookie = String(res.headers['set-cookie']);
    expect(cookie).toContain('HttpOnly');
    expect(cookie).toContain('SameSite=Lax');
    expect(cookie).toContain('Secure');
    expect(cookie).toContain('Path=/api/auth/google');
  });

  it('lets any site frame the widget pages, keeping a route’s own frame-ancestors', async () => {
    const config = loadConfig({ PUBLIC_URL, DATA_DIR: '/tmp/convo-unused', APP_SECRET: 'x'.repeat(32) });
    const app = Fastify();
    registerSecurityHeaders(app, config);
    app.get('/widget/frame.html', async (_req, reply) => reply.type('text/html').send('<!doctype html>'));
    app.get('/widget/own.html', async (_req, reply) =>
      reply
        .header('content-security-policy', 'frame-ancestors https://shop.example')
        .type('text/html')
        .send('<!doctype html>'),
    );
    app.get('/widget/loader.js', async (_req, reply) => reply.type('text/javascript').send('1'));
    await app.ready();

    const frame = await app.inject({ method: 'GET', url: '/widget/frame.html?appId=x' });
    expect(frame.headers['x-frame-options']).toBeUndefined();
    expect(String(frame.headers['content-security-policy'])).toContain('frame-ancestors *');
    expect(String(frame.headers['content-security-policy'])).toContain("script-src 'self'");

    const own = String(
      (await app.inject({ method: 'GET', url: '/widget/own.html' })).headers['content-security-policy'],
    );
    expect(own).toContain('frame-ancestors https://shop.example');
    expect(own).not.toContain('frame-ancestors *');
    expect(own).toContain("script-src 'self'");

    const loader = await app.inject({ method: 'GET', url: '/widget/loader.js' });
    expect(loader.headers['x-content-type-options']).toBe('nosniff');
    expect(loader.headers['x-frame-options']).toBeUndefined();
    await app.close();
  });

  it('keeps a stricter policy a route set itself', () => {
    expect(mergeCsp("default-src 'none'; sandbox", "default-src 'self'; script-src 'self'")).toBe(
      "default-src 'none'; sandbox",
    );
  });

  it('serves the real widget frame embeddable, when the widget is built', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/widget/frame.html' });
    if (res.statusCode === 404) return; // the widget build is not there (unit runs without a build)
    expect(res.headers['x-frame-options']).toBeUndefined();
    expect(String(res.headers['content-security-policy'])).toMatch(/frame-ancestors (\*|[^;']*https?:)/);
  });
});
