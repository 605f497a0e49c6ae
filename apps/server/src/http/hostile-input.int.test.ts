import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listRecentMail } from '../platform/mail/outbox-repository.js';
import { newTenant, type Tenant } from '../testing/messaging-fixtures.js';
import { bearer, buildRequest, type Headers, plantResources, tokenOf } from '../testing/security-fixtures.js';
import { createTestApp, newSignup, type TestApp } from '../testing/test-app.js';
import { testDatabaseKinds } from '../testing/test-database.js';
import type { RouteEntry } from './security-route-table.js';
import { fieldsOf, fillPath, inputSchemaOf, type JsonSchema } from './security-samples.js';

// Every route with a body or query schema, fed malformed and hostile values generated from that
// schema, with a valid token of the tenant: never a 500, the server still answers /health,
// Object.prototype stays clean, and a stored script comes back only as inert JSON data.

const SCRIPT = '<script>alert(1)</script>';
const IMG = '<img src=x onerror=alert(1)>';
const INJECTIONS = [
  "' OR 1=1 --",
  SCRIPT,
  "'; DROP TABLE users; --",
  IMG,
  `\${7*7}{{7*7}}`,
  '\u0000\uffff\ud800',
];
/** Fields broken per route and location: bounds the run (about 2,000 requests in all). */
const FIELDS_PER_ROUTE = 4;
const HUGE = 'x'.repeat(1024 * 1024);
const LARGE = 'y'.repeat(100 * 1024);
const DEEP = `${'['.repeat(10_000)}${']'.repeat(10_000)}`;
const DEEP_OBJECT = `${'{"a":'.repeat(10_000)}1${'}'.repeat(10_000)}`;

/** A value of the wrong JSON type for the field. */
function wrongType(schema: JsonSchema): unknown {
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  if (type === 'string') return { not: 'a string' };
  if (type === 'number' || type === 'integer') return 'not-a-number';
  if (type === 'boolean') return 'yes';
  if (type === 'array') return 'not-an-array';
  if (type === 'object') return ['not', 'an', 'object'];
  return 12345;
}

function isStringField(schema: JsonSchema): boolean {
  const types = [schema.type, ...(schema.anyOf ?? []).map((b) => b.type)].flat();
  return types.includes('string');
}

const MARK = 'path-param-under-test';
const NUL = 'before\u0000after';
const HTTP_METHODS = new Set(['get', 'post', 'put', 'patch', 'delete']);

/** `/a/:id` as the OpenAPI document writes it: `/a/{id}`. */
const toOpenApiPath = (url: string) => url.replace(/:([A-Za-z0-9_]+)(\([^)]*\))?/g, '{$1}');

const pathParamsOf = (route: RouteEntry) => [...route.url.matchAll(/:([A-Za-z0-9_]+)/g)].map((m) => m[1]!);

/**
 * Percent-encoded UTF-8 for a path segment. A URL cannot carry a lone UTF-16 half (it has no
 * UTF-8 form, and encodeURIComponent throws): it goes as U+FFFD, as a browser would send it.
 */
const encodePathValue = (value: string) => encodeURIComponent(value.replace(/[\uD800-\uDFFF]/gu, '\uFFFD'));

/** The field the `j`-th injection goes to: text fields first, where it reaches past validation. */
function spread<F extends { schema: JsonSchema }>(fields: readonly F[], j: number): F | undefined {
  const text = fields.filter((f) => isStringField(f.schema));
  const pool = text.length > 0 ? text : fields;
  return pool[j % pool.length];
}

/** A JSON text: the body with `key` set to a raw JSON value (keys and depths JS cannot build). */
function rawJson(body: unknown, key: string, raw: string): string {
  const base: Record<string, unknown> =
    body && typeof body === 'object' && !Array.isArray(body) ? { ...(body as Record<string, unknown>) } : {};
  delete base[key];
  const rest = JSON.stringify(base).slice(1);
  return `{${JSON.stringify(key)}:${raw}${rest === '}' ? '}' : `,${rest}`}`;
}

describe.each(testDatabaseKinds())('hostile input on %s', (kind) => {
  let t: TestApp;
  let dataDir: string;
  let a: Tenant;
  let headers: Headers;
  let ids: Map<string, unknown[]>;
  let routes: RouteEntry[] = [];
  let sent = 0;
  const failures: string[] = [];

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'convo-hostile-'));
    t = await createTestApp(kind, { DATA_DIR: dataDir, RATE_LIMIT_LOGIN_MAX: '1000000' });
    routes = t.app.routeTable.routes.filter((r) => r.method !== 'HEAD');
    a = await newTenant(t);
    ({ ids } = await plantResources(t, a, routes, 'hostile'));
    headers = { ...bearer(tokenOf(a)), 'application-key': a.applicationId };
  });

  afterAll(async () => {
    await t?.close();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  function check(route: RouteEntry, what: string, res: LightMyRequestResponse) {
    sent += 1;
    const where = `${route.method} ${route.url} ${what}`;
    if (res.statusCode >= 500) failures.push(`${where}: ${res.statusCode} ${res.body.slice(0, 200)}`);
    if (res.headers['x-content-type-options'] !== 'nosniff') failures.push(`${where}: no nosniff`);
    const type = String(res.headers['content-type'] ?? '');
    // Inert: JSON, or a file download (attachment, nosniff) the browser never renders as a page.
    const download = String(res.headers['content-disposition'] ?? '').startsWith('attachment');
    if (
      (res.body.includes(SCRIPT) || res.body.includes(IMG)) &&
      !type.startsWith('application/json') &&
      !download
    ) {
      failures.push(`${where}: a script comes back as ${type}`);
    }
  }

  const send = (options: InjectOptions) => t.app.inject(options);

  /** The route's valid request with one body field replaced. */
  async function withBodyField(
    route: RouteEntry,
    base: InjectOptions,
    field: string,
    value: unknown,
    what: string,
  ) {
    const body = { ...(base.payload as Record<string, unknown>), [field]: value };
    check(route, `${what} in body.${field}`, await send({ ...base, payload: body }));
  }

  async function withQueryField(
    route: RouteEntry,
    base: InjectOptions,
    field: string,
    value: string | string[],
    what: string,
  ) {
    const query = { ...(base.query as Record<string, string>), [field]: value };
    check(route, `${what} in query.${field}`, await send({ ...base, query }));
  }

  it('answers every hostile request with a clear 4xx or a success, never a 500', async () => {
    const started = Date.now();
    const targets = routes.filter(
      (r) => r.schema.body !== undefined || r.schema.querystring !== undefined || r.url.includes(':'),
    );
    expect(targets.length).toBeGreaterThan(30);
    for (const route of targets) {
      const base = buildRequest(route, headers, ids);
      const bodyFields = fieldsOf(inputSchemaOf(route.schema.body)).slice(0, FIELDS_PER_ROUTE);
      const queryFields = fieldsOf(inputSchemaOf(route.schema.querystring)).slice(0, FIELDS_PER_ROUTE);

      for (const { name, schema } of bodyFields) {
        await withBodyField(route, base, name, wrongType(schema), 'a wrong type');
        if (isStringField(schema)) await withBodyField(route, base, name, LARGE, 'a 100 KB string');
      }
      // Every injection reaches the route, spread over its fields (text fields first).
      for (const [j, injection] of INJECTIONS.entries()) {
        const field = spread(bodyFields, j);
        if (field) await withBodyField(route, base, field.name, injection, `injection ${j}`);
      }
      if (route.schema.body !== undefined) {
        const raw = (what: string, payload: string) =>
          send({ ...base, headers: { ...headers, 'content-type': 'application/json' }, payload }).then(
            (res) => check(route, what, res),
          );
        const first = bodyFields[0]?.name ?? 'field';
        await raw('a 1 MB string', rawJson(base.payload, first, `"${HUGE}"`));
        await raw('10,000-deep nesting', rawJson(base.payload, first, DEEP));
        // Free-form fields (metadata and the like) accept objects: nest one 10,000 deep there too.
        for (const { name, schema } of bodyFields) {
          if (schema.type === undefined || schema.type === 'object') {
            await raw(`10,000-deep object in ${name}`, rawJson(base.payload, name, DEEP_OBJECT));
          }
        }
        await raw('a __proto__ key', rawJson(base.payload, '__proto__', '{"polluted":"yes"}'));
        await raw('a nested __proto__ key', rawJson(base.payload, first, '{"__proto__":{"polluted":"yes"}}'));
        await raw(
          'a constructor.prototype key',
          rawJson(base.payload, 'constructor', '{"prototype":{"polluted":"yes"}}'),
        );
        await raw('a prototype key', rawJson(base.payload, 'prototype', '{"polluted":"yes"}'));
        await raw('malformed JSON', '{"unterminated": ');
        await raw('a bare array', '[1,2,3]');
        check(
          route,
          'a text body',
          await send({ ...base, headers: { ...headers, 'content-type': 'text/plain' }, payload: 'hello' }),
        );
      }

      for (const { name, schema } of queryFields) {
        const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
        await withQueryField(
          route,
          base,
          name,
          type === 'string' ? ['a', 'b'] : 'not-a-number',
          'a wrong type',
        );
        await withQueryField(route, base, name, 'z'.repeat(10_000), 'a 10 KB value');
        await withQueryField(route, base, `${name}[__proto__][polluted]`, 'yes', 'a __proto__ key');
      }
      for (const [j, injection] of INJECTIONS.entries()) {
        const field = spread(queryFields, j);
        if (field) await withQueryField(route, base, field.name, injection, `injection ${j}`);
      }
      for (const param of pathParamsOf(route)) {
        for (const [j, injection] of INJECTIONS.entries()) {
          const url = fillPath(route.url, { [param]: MARK }).replace(MARK, encodePathValue(injection));
          check(route, `injection ${j} in params.${param}`, await send({ ...base, url }));
        }
      }
    }
    expect(failures).toEqual([]);
    expect(sent).toBeGreaterThan(500);
    expect(Date.now() - started).toBeLessThan(90_000);
  });

  it('refuses NUL with 400 INVALID_PARAMETER naming the field on every route of the OpenAPI document', async () => {
    const doc = t.app.swagger() as { paths?: Record<string, Record<string, unknown>> };
    // A tenant of its own: the hostile requests above may have signed the first one out.
    const b = await newTenant(t);
    const signedIn = { ...bearer(tokenOf(b)), 'application-key': b.applicationId };
    const problems: string[] = [];
    let probes = 0;
    let address = 0;
    const probe = async (
      route: RouteEntry,
      field: string,
      where: 'query' | 'params' | 'body',
      options: InjectOptions,
      who: string,
    ) => {
      probes += 1;
      address += 1;
      // Each request from its own address: sign-up and reset limits must not answer first.
      const remoteAddress = `10.${(address >> 16) & 255}.${(address >> 8) & 255}.${address & 255}`;
      const res = await send({ ...options, remoteAddress });
      // A body is read after the request hooks: a route that authenticates there may refuse first.
      if (res.statusCode === 401 && who === 'signed out' && where === 'body' && !route.isPublic) return;
      const body = String(res.headers['content-type']).includes('json')
        ? (res.json() as { code?: string; details?: { path?: string }[] })
        : {};
      if (res.statusCode !== 400 || body.code !== 'INVALID_PARAMETER' || body.details?.[0]?.path !== field) {
        problems.push(
          `${route.method} ${route.url} ${where}.${field} (${who}): ${res.statusCode} ${res.body.slice(0, 160)}`,
        );
      }
    };
    const operations = Object.entries(doc.paths ?? {}).flatMap(([openApiPath, methods]) =>
      Object.keys(methods)
        .filter((m) => HTTP_METHODS.has(m))
        .map((m) => ({ method: m.toUpperCase(), openApiPath })),
    );
    expect(operations.length).toBeGreaterThan(100);
    for (const { method, openApiPath } of operations) {
      const route = routes.find((r) => r.method === method && toOpenApiPath(r.url) === openApiPath);
      if (!route) {
        problems.push(`${method} ${openApiPath}: not in the route table`);
        continue;
      }
      for (const [who, auth] of [
        ['signed in', signedIn],
        ['signed out', {}],
      ] as const) {
        const base = buildRequest(route, auth, ids);
        const query = (base.query ?? {}) as Record<string, string>;
        // A parameter no route declares: the guard reads what arrives, not what a schema lists.
        await probe(route, 'probe', 'query', { ...base, query: { ...query, probe: NUL } }, who);
        for (const { name, schema } of fieldsOf(inputSchemaOf(route.schema.querystring))) {
          if (!isStringField(schema)) continue;
          await probe(route, name, 'query', { ...base, query: { ...query, [name]: NUL } }, who);
        }
        const payload = base.payload;
        if (payload && typeof payload === 'object' && !Array.isArray(payload)) {
          for (const { name, schema } of fieldsOf(inputSchemaOf(route.schema.body))) {
            if (!isStringField(schema)) continue;
            await probe(route, name, 'body', { ...base, payload: { ...payload, [name]: NUL } }, who);
          }
        }
        for (const param of pathParamsOf(route)) {
          const url = fillPath(route.url, { [param]: MARK }).replace(MARK, encodePathValue(NUL));
          await probe(route, param, 'params', { ...base, url }, who);
        }
      }
    }
    expect(problems).toEqual([]);
    expect(probes).toBeGreaterThan(400);
  });

  it('keeps Object.prototype clean', () => {
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(Object.hasOwn(Object.prototype, 'polluted')).toBe(false);
  });

  it('stays up', async () => {
    const res = await send({ method: 'GET', url: '/health' });
    expect(res.statusCode).toBe(200);
  });

  it('gives stored scripts back only as inert JSON, in pages and mails escaped', async () => {
    // Store a script where it will be shown, then read every GET the tenant can.
    const message = await send({
      method: 'POST',
      url: '/rest/ws/message/send',
      headers,
      payload: { key: 'script-1', message: `${SCRIPT}${IMG}`, groupId: ids.get('groupId')?.[0] },
    });
    expect(message.statusCode, message.body).toBe(200);
    for (const route of routes.filter((r) => r.method === 'GET')) {
      check(route, 'read back', await send(buildRequest(route, headers, ids)));
    }
    // A mail that carries the script for sure: the verification mail greets the new owner by name.
    const signup = newSignup({ name: `${SCRIPT}${IMG}` });
    const signedUp = await send({
      method: 'POST',
      url: '/api/signup',
      payload: signup,
      remoteAddress: '192.0.2.41',
    });
    expect(signedUp.statusCode, signedUp.body).toBe(200);
    const mails = await listRecentMail(t.database.db, 200);
    const greeting = mails.find((mail) => mail.to === signup.email);
    expect(greeting, 'the verification mail was not written').toBeDefined();
    expect(greeting?.text).toContain(SCRIPT);
    expect(greeting?.html).toContain('&lt;script&gt;');
    for (const mail of mails) {
      expect(mail.html ?? '').not.toContain(SCRIPT);
      expect(mail.html ?? '').not.toContain(IMG);
    }
    expect(failures).toEqual([]);
  });
});
