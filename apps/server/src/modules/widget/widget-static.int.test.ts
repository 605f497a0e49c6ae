import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { precompressDir } from '../../../../../scripts/precompress.mjs';
import { createTestApp, type TestApp } from '../../testing/test-app.js';

// The widget's files as customers' pages get them (issue 39): the compressed copies the build
// writes, sent with Content-Encoding and Vary, hashed assets kept a year, the loader briefly.
describe('widget static files', () => {
  let t: TestApp;
  let dist: string;
  const app = `console.log(${JSON.stringify('chat '.repeat(2000))});`;
  const loader = `(()=>{${'/* loader */'.repeat(200)}})();`;

  beforeAll(async () => {
    dist = mkdtempSync(path.join(tmpdir(), 'convo-widget-'));
    mkdirSync(path.join(dist, 'assets'));
    writeFileSync(path.join(dist, 'frame.html'), '<!doctype html><div id="app"></div>');
    writeFileSync(path.join(dist, 'loader.js'), loader);
    writeFileSync(path.join(dist, 'assets', 'frame-AbC123.js'), app);
    await precompressDir(dist);
    t = await createTestApp('pglite', { WIDGET_DIST: dist });
  });
  afterAll(async () => {
    await t?.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it('sends the chat app brotli-compressed to a browser that accepts it, kept for a year', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/widget/assets/frame-AbC123.js',
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(Number(res.headers['content-length'])).toBeLessThan(app.length / 4);
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(app);
  });

  it('sends the loader gzipped to a browser without brotli, cross-origin and cached briefly', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/widget/loader.js',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.headers['access-control-allow-origin']).toBe('*');
    expect(res.headers['cache-control']).toBe('public, max-age=300');
    expect(gunzipSync(res.rawPayload).toString()).toBe(loader);
  });

  it('sends the file itself to a client that accepts no encoding', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/widget/assets/frame-AbC123.js',
      headers: { 'accept-encoding': 'identity' },
    });
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.body).toBe(app);
  });
});
