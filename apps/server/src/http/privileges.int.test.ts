import {
  ACCOUNT_PATHS,
  CONVERSATION_PATHS,
  CUSTOMER_PATHS,
  groupNotesPath,
  MESSAGING_PATHS,
  memberPath,
  TEAM_ADMIN_PATHS as P,
  privilegeCheckPath,
  SSO_PATHS,
  TEAM_USER_STATS_PATHS,
  TWO_FACTOR_PATHS,
  WEBHOOK_PATHS,
} from '@convo/api';
import {
  type CompanySetting,
  canAccessPath,
  isAllowed,
  PRIVILEGE_KEYS,
  PRODUCTS,
  type PrivilegeKey,
  type Product,
  ROLE_TYPES,
  ROUTE_PRIVILEGES,
  type RoleType,
} from '@convo/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMember } from '../modules/accounts/provision.js';
import { insertSession } from '../modules/accounts/repository.js';
import { randomToken, sha256 } from '../platform/crypto.js';
import { documentedOperations } from '../testing/documented-routes.js';
import { updateSettings } from '../testing/members.js';
import { specAllows } from '../testing/spec-roles.js';
import { createTestApp, newSignup, type TestApp } from '../testing/test-app.js';
import { testDatabaseKinds } from '../testing/test-database.js';
import { routesWithoutPrivilege } from './security-route-table.js';

// SPEC §6 checked against the spec, not against itself: the expected answers are transcribed from
// the spec's text (role by role, product by product, testing/spec-roles.ts) and never computed by
// the domain's `isAllowed`. For every role × key, with and without company overrides, the navigation rule
// (canAccessPath over ROUTE_PRIVILEGES), the server's answer for the key, and real routes guarded
// by it (product and messaging API) must all agree with that table.

/** Real routes and the key guarding them: allowed means anything but 403, refused means 403. */
const REAL_ROUTES: Partial<
  Record<PrivilegeKey, { method: 'GET' | 'DELETE'; url: string; messaging?: boolean }[]>
> = {
  'settings.team': [{ method: 'GET', url: P.members }],
  'settings.roles-and-permissions': [{ method: 'GET', url: P.rolesPermissions }],
  'settings.profile': [{ method: 'GET', url: P.profile }],
  'settings.company': [{ method: 'GET', url: P.company }],
  'settings.webhooks': [{ method: 'GET', url: WEBHOOK_PATHS.list }],
  'users.delete-option': [{ method: 'DELETE', url: memberPath('nobody@example.com') }],
  'message-logs': [{ method: 'GET', url: CONVERSATION_PATHS.messageFilter, messaging: true }],
  'conversation-notes': [{ method: 'GET', url: groupNotesPath(999_999), messaging: true }],
  users: [{ method: 'GET', url: CUSTOMER_PATHS.list }],
  'settings.2fa': [{ method: 'GET', url: TWO_FACTOR_PATHS.status }],
  'settings.sso': [{ method: 'GET', url: SSO_PATHS.settings }],
  // The messaging API serves the same screens' data under the same keys.
  conversations: [
    { method: 'GET', url: CONVERSATION_PATHS.groupList, messaging: true },
    { method: 'GET', url: CONVERSATION_PATHS.waitingList, messaging: true },
    { method: 'GET', url: `${MESSAGING_PATHS.messageListV3}?groupId=999999`, messaging: true },
    { method: 'GET', url: TEAM_USER_STATS_PATHS.userList, messaging: true },
  ],
  dashboard: [{ method: 'GET', url: TEAM_USER_STATS_PATHS.groupStatsV2, messaging: true }],
};

const pathsOf = (key: PrivilegeKey) =>
  Object.entries(ROUTE_PRIVILEGES)
    .filter(([, k]) => k === key)
    .map(([path]) => path);

/** A company override that flips a spread of keys, so overrides are walked too. */
const OVERRIDE: CompanySetting = {
  rolesAndPermissions: {
    'settings.team': ['0'],
    'message-logs': ['2', '12'],
    'settings.profile': ['0', '1', '2', '3', '11', '12'],
    'settings.company': ['1', '11'],
    'settings.roles-and-permissions': ['0', '2'],
    'conversation-notes': [],
    'users.delete-option': ['0', '11'],
    'settings.webhooks': ['3'],
    'settings.2fa': ['0', '1', '2'],
    conversations: ['0', '1', '12'],
    dashboard: ['0', '2'],
  },
  hideBillingFromNonAdmin: true,
};

describe.each(testDatabaseKinds())('the SPEC §6 role × key matrix on %s', (kind) => {
  let t: TestApp;
  const tenants = new Map<Product, { owner: Record<string, string>; applicationId: string }>();
  const members = new Map<string, { product: Headers; messaging: Headers }>();
  type Headers = Record<string, string>;

  beforeAll(async () => {
    t = await createTestApp(kind);
    for (const product of PRODUCTS) {
      const res = await t.app.inject({
        method: 'POST',
        url: ACCOUNT_PATHS.signup,
        payload: newSignup({ product }),
      });
      const s = res.json().data as { token: string; applicationId: string };
      tenants.set(product, { owner: { authorization: `Bearer ${s.token}` }, applicationId: s.applicationId });
      for (const roleType of ROLE_TYPES) {
        const user = await addMember(t.database.db, s.applicationId, {
          email: `${product}-${roleType}-${Math.random().toString(36).slice(2, 8)}@example.com`,
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
        members.set(`${product}/${roleType}`, {
          product: { authorization: `Bearer ${token}` },
          messaging: { 'x-authorization': token, 'application-key': s.applicationId },
        });
      }
    }
  });
  afterAll(async () => {
    await t?.close();
  });

  async function walk(product: Product, roleType: RoleType, setting: CompanySetting | null) {
    const headers = members.get(`${product}/${roleType}`)!;
    const disagreements: string[] = [];
    for (const key of PRIVILEGE_KEYS) {
      const expected = specAllows(key, roleType, setting, product);
      for (const path of pathsOf(key)) {
        if (canAccessPath(path, roleType, setting, product) !== expected) disagreements.push(`nav ${path}`);
      }
      const check = await t.app.inject({
        method: 'GET',
        url: privilegeCheckPath(key),
        headers: headers.product,
      });
      if (check.statusCode !== (expected ? 200 : 403))
        disagreements.push(`check ${key} → ${check.statusCode}`);
      for (const route of REAL_ROUTES[key] ?? []) {
        const res = await t.app.inject({
          method: route.method,
          url: route.url,
          headers: route.messaging ? headers.messaging : headers.product,
        });
        if ((res.statusCode === 403) === expected)
          disagreements.push(`${route.method} ${route.url} → ${res.statusCode}`);
      }
    }
    return disagreements;
  }

  for (const product of PRODUCTS) {
    it(`${product}: every role × key agrees with the SPEC §6 table`, async () => {
      for (const roleType of ROLE_TYPES) {
        expect({ roleType, disagreements: await walk(product, roleType, null) }).toEqual({
          roleType,
          disagreements: [],
        });
      }
    });

    it(`${product}: every role × key agrees with the SPEC §6 table under the company's overrides`, async () => {
      const tenant = tenants.get(product)!;
      if (product === 'classic') {
        const saved = await t.app.inject({
          method: 'PUT',
          url: P.rolesPermissions,
          headers: tenant.owner,
          payload: OVERRIDE,
        });
        expect(saved.statusCode, saved.body).toBe(200);
      } else {
        // The agent product has no roles-and-permissions page (SPEC §6 reduced settings list): even
        // its super admin is refused, so the override is written the way an operator would.
        const refused = await t.app.inject({ method: 'GET', url: P.rolesPermissions, headers: tenant.owner });
        expect(refused.statusCode).toBe(403);
        await updateSettings(t.database, tenant.applicationId, {
          companySetting: OVERRIDE as { rolesAndPermissions: Record<string, string[]> },
        });
      }
      try {
        for (const roleType of ROLE_TYPES) {
          expect({ roleType, disagreements: await walk(product, roleType, OVERRIDE) }).toEqual({
            roleType,
            disagreements: [],
          });
        }
        // The matrix really changed something for these roles (the test is not vacuous).
        expect(isAllowed('settings.team', '1', OVERRIDE, product)).toBe(false);
        expect(isAllowed('settings.roles-and-permissions', '2', OVERRIDE, product)).toBe(true);
        expect(isAllowed('message-logs', '2', OVERRIDE, product)).toBe(true);
        expect(isAllowed('conversations', '2', OVERRIDE, product)).toBe(false);
      } finally {
        await updateSettings(t.database, tenant.applicationId, { companySetting: {} });
      }
    });
  }

  it('refuses unknown keys and a setting that locks the super admin out', async () => {
    const owner = tenants.get('classic')!.owner;
    const unknown = await t.app.inject({
      method: 'PUT',
      url: P.rolesPermissions,
      headers: owner,
      payload: { rolesAndPermissions: { 'settings.nope': ['0'] }, hideBillingFromNonAdmin: false },
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().code).toBe('INVALID_PARAMETER');
    const lock = await t.app.inject({
      method: 'PUT',
      url: P.rolesPermissions,
      headers: owner,
      payload: {
        rolesAndPermissions: { 'settings.roles-and-permissions': ['1'] },
        hideBillingFromNonAdmin: false,
      },
    });
    expect(lock.json().code).toBe('CAN_NOT_CHANGE_ROLE');
    const badRole = await t.app.inject({
      method: 'PUT',
      url: P.rolesPermissions,
      headers: owner,
      payload: { rolesAndPermissions: { 'settings.team': ['7'] }, hideBillingFromNonAdmin: false },
    });
    expect(badRole.statusCode).toBe(400);
  });

  it('keeps the session with no role type at full access in the rule, and end users off the product API', async () => {
    for (const key of PRIVILEGE_KEYS) expect(isAllowed(key, null, OVERRIDE, 'classic')).toBe(true);
    const visitor = await t.app.inject({
      method: 'POST',
      url: '/rest/ws/register/client',
      payload: {
        userId: 'v-matrix',
        applicationId: tenants.get('classic')!.applicationId,
        authenticationTypeId: 0,
      },
    });
    const token = visitor.json().authToken as string;
    const res = await t.app.inject({
      method: 'GET',
      url: privilegeCheckPath('settings.team'),
      headers: { authorization: `Bearer ${token}` },
    });
    expect(res.statusCode).toBe(403);
  });

  it('declares a privilege key, or every member explicitly, on every route of the OpenAPI document', async () => {
    const table = t.app.routeTable.routes;
    const undeclared: string[] = [];
    const operations = documentedOperations(t.app);
    for (const { method, path, route } of operations) {
      if (!route) undeclared.push(`${method} ${path}: not in the route table`);
      else if (!route.isPublic && route.privilege === null) undeclared.push(`${method} ${path}`);
    }
    expect(operations.length).toBeGreaterThan(100);
    expect(undeclared).toEqual([]);
    // Hidden routes (not in the document) too.
    expect(routesWithoutPrivilege(table).map((r) => `${r.method} ${r.url}`)).toEqual([]);
    // The messaging API's conversation routes check the inbox's key.
    const send = table.find((r) => r.method === 'POST' && r.url === MESSAGING_PATHS.messageSendV2);
    expect(send?.privilege).toEqual(['conversations']);
  });

  it('refuses a caller without the privilege with 403 before validating what it sent (never the schema’s 400)', async () => {
    const tenant = tenants.get('classic')!;
    // Every key for the super admin alone: the agent holds none, so every keyed route refuses it.
    const onlyOwner = Object.fromEntries(PRIVILEGE_KEYS.map((k) => [k, ['0']]));
    await updateSettings(t.database, tenant.applicationId, {
      companySetting: { rolesAndPermissions: onlyOwner },
    });
    const agent = members.get('classic/2')!.messaging;
    const withInput = t.app.routeTable.routes.filter(
      (r) =>
        r.method !== 'HEAD' &&
        !r.isPublic &&
        r.guard !== null &&
        Array.isArray(r.privilege) &&
        (r.schema.body !== undefined || r.schema.querystring !== undefined || r.schema.params !== undefined),
    );
    // Path parameters that no schema takes, a body no object schema takes, no query at all.
    const invalid = (r: (typeof withInput)[number]) => ({
      method: r.method as 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
      url: r.url.replace(/:\w+/g, '%20'),
      ...(r.schema.body !== undefined
        ? { payload: '7', headers: { 'content-type': 'application/json' } }
        : { headers: {} }),
    });
    try {
      const answers: string[] = [];
      for (const r of withInput) {
        const req = invalid(r);
        const res = await t.app.inject({ ...req, headers: { ...agent, ...req.headers } });
        if (res.statusCode !== 403)
          answers.push(`${r.method} ${r.url} → ${res.statusCode} ${res.body.slice(0, 120)}`);
      }
      expect(withInput.length).toBeGreaterThan(100);
      expect(answers).toEqual([]);
      // Not vacuous: the super admin sending the same bodies is told what is wrong with them.
      let described = 0;
      for (const r of withInput.filter((x) => x.schema.body !== undefined && x.method !== 'DELETE')) {
        const req = invalid(r);
        const res = await t.app.inject({ ...req, headers: { ...tenant.owner, ...req.headers } });
        if (res.statusCode === 400) described += 1;
      }
      expect(described).toBeGreaterThan(50);
    } finally {
      await updateSettings(t.database, tenant.applicationId, { companySetting: {} });
    }
  });

  it('a company override that takes conversations from agents refuses them on the messaging API, not visitors', async () => {
    const tenant = tenants.get('classic')!;
    const agent = members.get('classic/2')!.messaging;
    const visitor = await t.app.inject({
      method: 'POST',
      url: '/rest/ws/register/client',
      payload: { userId: 'v-override', applicationId: tenant.applicationId, authenticationTypeId: 0 },
    });
    const visitorHeaders = {
      'x-authorization': visitor.json().authToken as string,
      'application-key': tenant.applicationId,
    };
    const created = await t.app.inject({
      method: 'POST',
      url: MESSAGING_PATHS.groupCreateV21,
      headers: visitorHeaders,
      payload: { groupName: 'Parcel', type: 10 },
    });
    const groupId = created.json().response.id as number;
    const sendAs = (headers: Record<string, string>) =>
      t.app.inject({
        method: 'POST',
        url: MESSAGING_PATHS.messageSendV2,
        headers,
        payload: { groupId, message: 'Hello' },
      });
    expect((await sendAs(agent)).statusCode).toBe(200);
    await updateSettings(t.database, tenant.applicationId, {
      companySetting: { rolesAndPermissions: { conversations: ['0', '1'] } },
    });
    try {
      const refused = await sendAs(agent);
      expect(refused.statusCode).toBe(403);
      expect(refused.json().code).toBe('FORBIDDEN');
      const info = await t.app.inject({
        method: 'GET',
        url: `${MESSAGING_PATHS.groupInfo}?groupId=${groupId}`,
        headers: agent,
      });
      expect(info.statusCode).toBe(403);
      // Visitors have no role type: their own rule (their own conversations) still applies.
      expect((await sendAs(visitorHeaders)).statusCode).toBe(200);
      expect((await sendAs(tenants.get('classic')!.owner)).statusCode).not.toBe(403);
    } finally {
      await updateSettings(t.database, tenant.applicationId, { companySetting: {} });
    }
  });
});
