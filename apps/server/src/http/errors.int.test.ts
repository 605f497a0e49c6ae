import { ACCOUNT_PATHS, REGISTRATION_PATHS } from '@convo/api';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing/test-app.js';
import { testDatabaseKinds } from '../testing/test-database.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

function expectCommonHeaders(res: LightMyRequestResponse) {
  expect(res.headers['x-request-id'], `${res.statusCode} ${res.body.slice(0, 80)}`).toEqual(
    expect.any(String),
  );
  expect(res.headers['x-content-type-options']).toBe('nosniff');
}

describe.each(testDatabaseKinds())('HTTP errors and common behaviour on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('answers an unknown /api, /rest or /health path with a JSON 404 NOT_FOUND', async () => {
    for (const [method, url] of [
      ['GET', '/api/does-not-exist'],
      ['POST', '/api/nope/nope?x=1'],
      ['GET', '/rest/ws/unknown'],
      ['DELETE', '/api/users/me'],
    ] as const) {
      const res = await t.app.inject({ method, url });
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      const body = res.json();
      expect(body.code).toBe('NOT_FOUND');
      expect(typeof body.message).toBe('string');
      // The query string is not echoed back.
      expect(body.message).not.toContain('x=1');
    }
  });

  it('refuses a body over 1 MiB with 413 PAYLOAD_TOO_LARGE, not a 500', async () => {
    const big = JSON.stringify({ userName: 'a@example.com', password: 'x'.repeat(1024 * 1024 + 10) });
    const res = await t.app.inject({
      method: 'POST',
      url: ACCOUNT_PATHS.login,
      headers: { 'content-type': 'application/json' },
      payload: big,
    });
    expect(res.statusCode).toBe(413);
    expect(res.json().code).toBe('PAYLOAD_TOO_LARGE');
    expectCommonHeaders(res);
  });

  it('accepts a body just under the limit as far as parsing (then validates it)', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: ACCOUNT_PATHS.login,
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ userName: 'a@example.com', password: 'x'.repeat(1000 * 1000) }),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('INVALID_PARAMETER');
  });

  it('refuses a body that is not JSON by its content type with 415 UNSUPPORTED_MEDIA_TYPE', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: ACCOUNT_PATHS.login,
      headers: { 'content-type': 'application/xml' },
      payload: '<login><userName>a@example.com</userName></login>',
    });
    expect(res.statusCode).toBe(415);
    expect(res.json().code).toBe('UNSUPPORTED_MEDIA_TYPE');
    expectCommonHeaders(res);
  });

  it('answers a JSON body that is not an object with 400, never a 500', async () => {
    for (const payload of ['"just a string"', '[1,2]', 'null', '42']) {
      const res = await t.app.inject({
        method: 'POST',
        url: ACCOUNT_PATHS.login,
        headers: { 'content-type': 'application/json' },
        payload,
      });
      expect(res.statusCode, payload).toBe(400);
      expect(res.json().code, payload).toMatch(/^(INVALID_PARAMETER|INVALID_JSON)$/);
    }
  });

  it('sends x-request-id and nosniff on every kind of response', async () => {
    const responses = [
      await t.app.inject({ method: 'GET', url: '/health' }),
      await t.app.inject({ method: 'GET', url: ACCOUNT_PATHS.config }),
      await t.app.inject({ method: 'GET', url: '/api/unknown' }),
      await t.app.inject({ method: 'GET', url: ACCOUNT_PATHS.me }),
      await t.app.inject({ method: 'POST', url: ACCOUNT_PATHS.login, payload: {} }),
      await t.app.inject({
        method: 'POST',
        url: ACCOUNT_PATHS.login,
        headers: { 'content-type': 'application/json' },
        payload: '{"broken": ',
      }),
      await t.app.inject({ method: 'GET', url: '/api/docs/json' }),
    ];
    expect(responses.map((r) => r.statusCode)).toEqual([200, 200, 404, 401, 400, 400, 200]);
    for (const res of responses) expectCommonHeaders(res);
    // Each request gets its own id.
    const ids = new Set(responses.map((r) => r.headers['x-request-id']));
    expect(ids.size).toBe(responses.length);
    for (const id of ids) expect(id).toMatch(UUID);
  });

  it('echoes a well-formed incoming x-request-id and replaces a malformed one', async () => {
    const kept = await t.app.inject({
      method: 'GET',
      url: '/health',
      headers: { 'x-request-id': 'trace-abc.123' },
    });
    expect(kept.headers['x-request-id']).toBe('trace-abc.123');
    const replaced = await t.app.inject({
      method: 'GET',
      url: '/health',
      headers: { 'x-request-id': 'bad id <script>' },
    });
    expect(replaced.headers['x-request-id']).toMatch(UUID);
  });

  it('reports health with the database kind and the version', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok', database: kind, version: expect.any(String) });
  });

  it('serves an OpenAPI document listing the product and messaging endpoints', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json() as { openapi: string; paths: Record<string, Record<string, unknown>> };
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([ACCOUNT_PATHS.signup, ACCOUNT_PATHS.login, REGISTRATION_PATHS.registerClient]),
    );
    expect(doc.paths[ACCOUNT_PATHS.signup]).toHaveProperty('post');
    expect(doc.paths[REGISTRATION_PATHS.registerClient]).toHaveProperty('post');
  });

  it('tells the dashboard its run-time configuration without secrets', async () => {
    const res = await t.app.inject({ method: 'GET', url: ACCOUNT_PATHS.config });
    expect(res.json()).toEqual({
      variant: 'classic',
      version: expect.any(String),
      apiBaseUrl: '',
      messagingBaseUrl: '',
      googleSignIn: false,
      devMailbox: true,
      errorReporting: true,
      // No METABASE_* here: the navigation leaves the Metabase page out (issue 40).
      metabase: false,
      supportAppId: null,
      // No regional name unless the operator sets REGION (issue 20 item 8).
      region: null,
      captchaSiteKey: null,
    });
    expect(res.body).not.toContain(t.config.appSecret);
  });
});
