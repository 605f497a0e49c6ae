import { ACCOUNT_PATHS } from '@convo/api';
import {
  type Actor,
  APPLICATION,
  type CompanySetting,
  can,
  PRODUCTS,
  type Product,
  ROLE_TYPES,
  type RoleType,
} from '@convo/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMember } from '../modules/accounts/provision.js';
import { insertSession } from '../modules/accounts/repository.js';
import { randomToken, sha256 } from '../platform/crypto.js';
import { documentedOperations } from '../testing/documented-routes.js';
import { updateSettings } from '../testing/members.js';
import { SPEC_ADMIN_PERMISSION_ROLES, specAllows } from '../testing/spec-roles.js';
import { createTestApp, newSignup, type TestApp } from '../testing/test-app.js';
import { testDatabaseKinds } from '../testing/test-database.js';
import type { RouteEntry, RoutePolicy } from './security-route-table.js';

// The one authorization policy walked over the whole API: every operation of the OpenAPI document
// the server builds is classified (public, messaging API open to end users, product API for
// members), and for every SPEC §6 role of both products the policy's answer for the checks the
// route declares must be the spec's own (testing/spec-roles.ts, transcribed from the spec's text).
// Then each refused role really hits a sample of the routes it is refused and gets 403 FORBIDDEN.

type Audience = 'public' | 'messaging' | 'member';

/** Explicit: a route is public, or its authenticator says who may hold its token. */
function audienceOf(route: RouteEntry): Audience {
  if (route.isPublic) return 'public';
  if (route.guard === 'messaging') return 'messaging';
  if (route.guard === 'member') return 'member';
  throw new Error(`${route.method} ${route.url} is neither public nor guarded`);
}

const actor = (roleType: RoleType | null, product: Product): Actor => ({
  userId: 'caller',
  userName: 'caller',
  roleType,
  product,
});

/** The policy's answer for the route's role checks (plan features are the plan's, not the role's). */
function policyAllows(route: RouteEntry, who: Actor, setting: CompanySetting | null): boolean {
  return route.policy.every((check: RoutePolicy) => {
    if (check.action === 'privilege.use')
      return can(who, 'privilege.use', { key: check.key, companySetting: setting });
    if (check.action === 'application.administer') return can(who, 'application.administer', APPLICATION);
    return true;
  });
}

/** The spec's answer, from its own table: every key the route declares, and admin permissions. */
function specAllowsRoute(
  route: RouteEntry,
  role: RoleType,
  product: Product,
  setting: CompanySetting | null,
) {
  return route.policy.every((check) => {
    if (check.action === 'privilege.use') return specAllows(check.key, role, setting, product);
    if (check.action === 'application.administer') return SPEC_ADMIN_PERMISSION_ROLES.includes(role);
    return true;
  });
}

/** A company override flipping keys both ways, so the overrides are walked too. */
const OVERRIDE: CompanySetting = {
  rolesAndPermissions: {
    bots: ['0', '12'],
    'settings.team': ['0'],
    'message-logs': ['2', '12'],
    'settings.webhooks': ['3'],
    conversations: ['0', '1', '12'],
    'settings.profile': ['0', '1', '2', '3', '11', '12'],
  },
  hideBillingFromNonAdmin: true,
};

describe.each(testDatabaseKinds())('the authorization policy over every OpenAPI route on %s', (kind) => {
  let t: TestApp;
  let operations: { method: string; path: string; route: RouteEntry }[] = [];
  const tokens = new Map<string, { product: Record<string, string>; messaging: Record<string, string> }>();

  beforeAll(async () => {
    t = await createTestApp(kind);
    operations = documentedOperations(t.app).map(({ method, path, route }) => {
      if (!route) throw new Error(`${method} ${path} is in the document but not in the route table`);
      return { method, path, route };
    });
    for (const product of PRODUCTS) {
      const res = await t.app.inject({
        method: 'POST',
        url: ACCOUNT_PATHS.signup,
        payload: newSignup({ product }),
      });
      const s = res.json().data as { applicationId: string };
      for (const roleType of ROLE_TYPES) {
        const user = await addMember(t.database.db, s.applicationId, {
          email: `policy-${product}-${roleType}-${Math.random().toString(36).slice(2, 8)}@example.com`,
          name: `Role ${roleType}`,
          passwordHash: null,
          roleType,
        });
        const token = randomToken();
        await insertSession(t.database.db, {
          tokenHash: sha256(token),
          userId: user.id,
          applicationId: s.applicationId,
          kind: 'dashboard',
          expiresAt: new Date(Date.now() + 3_600_000),
        });
        tokens.set(`${product}/${roleType}`, {
          product: { authorization: `Bearer ${token}` },
          messaging: { 'x-authorization': token, 'application-key': s.applicationId },
        });
      }
    }
  });
  afterAll(async () => {
    await t?.close();
  });

  it('classifies every operation of the document and declares what it checks', () => {
    const counts: Record<Audience, number> = { public: 0, messaging: 0, member: 0 };
    const undeclared: string[] = [];
    for (const { method, path, route } of operations) {
      const audience = audienceOf(route);
      counts[audience] += 1;
      // A guarded route asks the policy something (a privilege key at least) or opens to every member.
      if (audience !== 'public' && route.privilege === null) undeclared.push(`${method} ${path}`);
    }
    expect(undeclared).toEqual([]);
    expect(counts.public).toBeGreaterThan(5);
    expect(counts.messaging).toBeGreaterThan(20);
    expect(counts.member).toBeGreaterThan(100);
    // Admin permissions are declared on routes (bots, teams…), not only decided in services.
    expect(
      operations.some(({ route }) => route.policy.some((c) => c.action === 'application.administer')),
    ).toBe(true);
  });

  for (const setting of [null, OVERRIDE]) {
    it(`answers as the SPEC §6 table for every route × role × product${setting ? ' under company overrides' : ''}`, () => {
      const disagreements: string[] = [];
      let asked = 0;
      for (const { method, path, route } of operations) {
        if (audienceOf(route) === 'public') continue;
        for (const product of PRODUCTS) {
          for (const role of ROLE_TYPES) {
            asked += 1;
            const policy = policyAllows(route, actor(role, product), setting);
            const spec = specAllowsRoute(route, role, product, setting);
            if (policy !== spec)
              disagreements.push(`${product} role ${role}: ${method} ${path} policy ${policy}`);
          }
        }
      }
      expect(asked).toBeGreaterThan(1000);
      expect(disagreements).toEqual([]);
    });
  }

  it('lets end users (no role type) through the messaging API only, never to admin permissions', () => {
    const wrong: string[] = [];
    for (const { method, path, route } of operations) {
      const audience = audienceOf(route);
      if (audience !== 'messaging') continue;
      const admin = route.policy.some((c) => c.action === 'application.administer');
      // "A session with no role type has full access" (SPEC §6): the services' ownership rules then
      // keep an end user to their own conversations.
      if (policyAllows(route, actor(null, 'classic'), null) === admin) wrong.push(`${method} ${path}`);
    }
    expect(wrong).toEqual([]);
    expect(can(actor(null, 'classic'), 'application.work', APPLICATION)).toBe(false);
  });

  it('refuses each refused role on real routes with 403 FORBIDDEN, before reading what it sent', async () => {
    const misses: string[] = [];
    let hits = 0;
    for (const product of PRODUCTS) {
      for (const role of ROLE_TYPES) {
        const headers = tokens.get(`${product}/${role}`)!;
        // One route per distinct set of checks the role is refused: every refused key is hit.
        const seen = new Set<string>();
        for (const { method, route } of operations) {
          if (audienceOf(route) === 'public' || method === 'HEAD') continue;
          if (specAllowsRoute(route, role, product, null)) continue;
          const signature = JSON.stringify(route.policy.filter((c) => c.action !== 'feature.use'));
          if (seen.has(signature)) continue;
          seen.add(signature);
          const res = await t.app.inject({
            method: method as 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
            url: route.url.replace(/:\w+/g, '1'),
            headers: audienceOf(route) === 'messaging' ? headers.messaging : headers.product,
          });
          hits += 1;
          const code = res.statusCode === 403 ? (res.json() as { code?: string }).code : undefined;
          if (code !== 'FORBIDDEN')
            misses.push(`${product} role ${role}: ${method} ${route.url} → ${res.statusCode}`);
        }
        // Every role but the classic super admin is refused something somewhere.
        if (!(product === 'classic' && role === '0'))
          expect(seen.size, `${product} role ${role}`).toBeGreaterThan(0);
      }
    }
    expect(hits).toBeGreaterThan(30);
    expect(misses).toEqual([]);
  });

  it('refuses by the company override on a real route, and lets the role the override names through', async () => {
    const agent = tokens.get('classic/2')!;
    const operator = tokens.get('classic/12')!;
    const botsRoute = operations.find(
      ({ method, route }) =>
        method === 'GET' &&
        route.policy.length === 1 &&
        route.policy[0]?.action === 'privilege.use' &&
        route.policy[0].key === 'bots',
    );
    expect(botsRoute).toBeDefined();
    const url = botsRoute!.route.url.replace(/:\w+/g, '1');
    const appId = agent.messaging['application-key']!;
    expect((await t.app.inject({ method: 'GET', url, headers: operator.product })).statusCode).toBe(403);
    await updateSettings(t.database, appId, {
      companySetting: OVERRIDE as { rolesAndPermissions: Record<string, string[]> },
    });
    try {
      const refused = await t.app.inject({ method: 'GET', url, headers: agent.product });
      expect(refused.statusCode).toBe(403);
      expect(refused.json().code).toBe('FORBIDDEN');
      expect((await t.app.inject({ method: 'GET', url, headers: operator.product })).statusCode).not.toBe(
        403,
      );
    } finally {
      await updateSettings(t.database, appId, { companySetting: {} });
    }
  });
});
