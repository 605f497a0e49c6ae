import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ACCOUNT_PATHS } from '@convo/api';
import { eq, sql } from 'drizzle-orm';
import Fastify, { type InjectOptions, type LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions } from '../db/schema/index.js';
import { usageMeterOf } from '../modules/billing/usage-meter.js';
import { randomToken, sha256 } from '../platform/crypto.js';
import { rowsOf } from '../platform/db/database.js';
import { newTenant, type Tenant } from '../testing/messaging-fixtures.js';
import { bearer, buildRequest, type Headers, plantResources, tokenOf } from '../testing/security-fixtures.js';
import { createTestApp, type TestApp } from '../testing/test-app.js';
import { testDatabaseKinds } from '../testing/test-database.js';
import { PUBLIC_ROUTE } from './route-context.js';
import { markGuard, type RouteEntry, trackRoutes, unclassifiedRoutes } from './security-route-table.js';
import { fieldsOf, inputSchemaOf } from './security-samples.js';

// Walks the route table: every route that is not declared public is called with no token, a wrong
// token, an expired token, another application's key, and another tenant's valid token, with
// tenant A's real ids in its path, query and body. None may answer with A's data, none may 500,
// and none may change a row of A's.

/** What a refusal may look like: the guard (401/403), or checks that run before it. */
const GUARD_STATUSES = new Set([401, 403]);
const EARLY_REFUSALS = new Set([400, 404, 405, 406, 413, 415, 429]);
describe('the route table', () => {
  it('flags a route that is neither public nor guarded', async () => {
    const app = Fastify();
    const table = trackRoutes(app);
    const guard = markGuard(async () => undefined, 'member');
    app.get('/open', { config: PUBLIC_ROUTE }, async () => 'ok');
    app.get('/guarded', { preHandler: [guard] }, async () => 'ok');
    app.get('/forgotten', async () => 'oops');
    await table.asPublic(async () => app.get('/plugin-file', async () => 'ok'));
    await app.ready();
    expect(unclassifiedRoutes(table.routes).map((r) => `${r.method} ${r.url}`)).toEqual(['GET /forgotten']);
    expect(table.routes.find((r) => r.url === '/guarded')?.guard).toBe('member');
    await app.close();
  });
});

describe.each(testDatabaseKinds())('every route refuses strangers on %s', (kind) => {
  let t: TestApp;
  let dataDir: string;
  let a: Tenant;
  let b: Tenant;
  let aVisitor: Headers;
  let aExpired: string;
  const canary = `canary-${randomToken(6)}`;
  /** Strings that only tenant A's data contains. */
  let aSecrets: string[] = [];
  /** Tenant A's values by field name (ids to aim at), harvested from A's own answers. */
  let aValues = new Map<string, unknown[]>();
  let routes: RouteEntry[] = [];
  let snapshotBefore = '';

  const requestFor = (route: RouteEntry, headers: Headers, pick = 0) =>
    buildRequest(route, headers, aValues, pick);
  const call = (options: InjectOptions) => t.app.inject(options);

  /** Every row of every tenant table that belongs to A, as one string. */
  async function snapshotOfA(): Promise<string> {
    // Sends are counted by the usage meter after their commit, in batches: written now, so that
    // both snapshots hold the counts of what happened before them.
    await usageMeterOf(t.database.db).flush();
    const tables = rowsOf<{ table_name: string }>(
      await t.database.db.execute(
        sql`select table_name from information_schema.columns
            where table_schema = 'public' and column_name = 'application_id' order by table_name`,
      ),
    );
    const parts: string[] = [];
    for (const { table_name } of tables) {
      const rows = rowsOf<Record<string, unknown>>(
        await t.database.db.execute(
          sql`select * from ${sql.identifier(table_name)} where application_id = ${a.applicationId}`,
        ),
      );
      parts.push(
        `${table_name}:${rows
          .map((r) => JSON.stringify(r))
          .sort()
          .join('\n')}`,
      );
    }
    return parts.join('\n\n');
  }

  /** What the callers sent so far: B may see again what B itself sent (an echo is no leak). */
  let sent = '';
  /** One of A's secrets in the answer that no request has carried. */
  function leaks(res: LightMyRequestResponse, request: InjectOptions): string | undefined {
    sent += JSON.stringify([request.url, request.query, request.payload]);
    return aSecrets.find((s) => res.body.includes(s) && !sent.includes(s));
  }

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'convo-security-'));
    t = await createTestApp(kind, { DATA_DIR: dataDir, RATE_LIMIT_LOGIN_MAX: '1000000' });
    routes = t.app.routeTable.routes.filter((r) => r.method !== 'HEAD');
    a = await newTenant(t);
    b = await newTenant(t);

    // Tenant A's resources, each carrying the canary, and A's ids.
    const planted = await plantResources(t, a, routes, canary);
    aVisitor = planted.visitor.headers;
    aValues = planted.ids;
    const visitor = planted.visitor;

    // A session of A's admin, expired through the database.
    const login = await call({
      method: 'POST',
      url: ACCOUNT_PATHS.login,
      payload: { userName: a.adminUserName, password: 'Secret123' },
    });
    expect(login.statusCode, login.body).toBe(200);
    aExpired = login.json().data.token as string;
    await t.database.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 60_000) })
      .where(eq(sessions.tokenHash, sha256(aExpired)));

    aSecrets = [canary, a.applicationId, a.adminUserName, visitor.userId];
    snapshotBefore = await snapshotOfA();
  });

  afterAll(async () => {
    await t?.close();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  it('declares every route public or guarded by an authenticator', () => {
    expect(routes.length).toBeGreaterThan(50);
    const unclassified = unclassifiedRoutes(routes).map((r) => `${r.method} ${r.url}`);
    expect(unclassified, 'add PUBLIC_ROUTE to the config of public routes, or the authenticator').toEqual([]);
  });

  it('refuses no token, a wrong token, an expired token and a foreign application key', async () => {
    const strangers: [string, Headers][] = [
      ['no token', {}],
      ['a wrong token', { ...bearer(randomToken()), 'application-key': a.applicationId }],
      ['an expired token', { ...bearer(aExpired), 'application-key': a.applicationId }],
      ["B's token with A's application key", { ...bearer(tokenOf(b)), 'application-key': a.applicationId }],
    ];
    const failures: string[] = [];
    let guarded = 0;
    let total = 0;
    // Unclassified routes are the previous test's failures; each is reported once.
    for (const route of routes.filter((r) => !r.isPublic && r.guard !== null)) {
      for (const [who, headers] of strangers) {
        const request = requestFor(route, headers);
        const res = await call(request);
        total += 1;
        if (GUARD_STATUSES.has(res.statusCode)) guarded += 1;
        const fine = GUARD_STATUSES.has(res.statusCode) || EARLY_REFUSALS.has(res.statusCode);
        if (!fine)
          failures.push(
            `${route.method} ${route.url} with ${who}: ${res.statusCode} ${res.body.slice(0, 200)}`,
          );
        const leak = leaks(res, request);
        if (leak) failures.push(`${route.method} ${route.url} with ${who} shows ${leak}`);
      }
    }
    expect(failures).toEqual([]);
    // The generated requests must mostly get past validation, or this test proves little.
    expect(guarded / total).toBeGreaterThan(0.8);
  });

  it("never shows tenant A's data to tenant B, whatever ids B aims at", async () => {
    const failures: string[] = [];
    const bHeaders = { ...bearer(tokenOf(b)), 'application-key': b.applicationId };
    for (const route of routes.filter((r) => !r.isPublic)) {
      const names = [
        ...[...route.url.matchAll(/:([A-Za-z0-9_]+)/g)].map((m) => m[1]!),
        ...fieldsOf(inputSchemaOf(route.schema.querystring)).map((f) => f.name),
        ...fieldsOf(inputSchemaOf(route.schema.body)).map((f) => f.name),
      ];
      // One call per known value of the route's id fields (at most three).
      const variants = Math.min(3, Math.max(1, ...names.map((n) => aValues.get(n)?.length ?? 1)));
      for (let pick = 0; pick < variants; pick++) {
        const request = requestFor(route, bHeaders, pick);
        const res = await call(request);
        if (res.statusCode >= 500) {
          failures.push(`${route.method} ${route.url}: ${res.statusCode} ${res.body.slice(0, 200)}`);
        }
        const leak = leaks(res, request);
        if (leak) failures.push(`${route.method} ${route.url} (${res.statusCode}) shows ${leak}`);
      }
    }
    expect(failures).toEqual([]);
  });

  it("refuses an end user's token on every members-only route", async () => {
    const failures: string[] = [];
    for (const route of routes.filter((r) => !r.isPublic && r.guard === 'member')) {
      const res = await call(requestFor(route, { ...bearer(aVisitor['x-authorization']!) }));
      if (!GUARD_STATUSES.has(res.statusCode) && !EARLY_REFUSALS.has(res.statusCode)) {
        failures.push(`${route.method} ${route.url}: ${res.statusCode} ${res.body.slice(0, 200)}`);
      }
    }
    expect(failures).toEqual([]);
  });

  it("leaves every row of tenant A's exactly as it was", async () => {
    expect(await snapshotOfA()).toBe(snapshotBefore);
  });
});
