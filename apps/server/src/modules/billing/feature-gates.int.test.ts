import { ANALYTICS_PATHS, CONVERSATION_PATHS, INBOX_PATHS, TEAM_ADMIN_PATHS } from '@convo/api';
import { ROLE_TYPE } from '@convo/domain';
import { describe, expect, it } from 'vitest';
import { signedInMember } from '../../testing/members.js';
import { newTenant, type Tenant } from '../../testing/messaging-fixtures.js';
import { testDatabaseKinds } from '../../testing/test-database.js';
import { useTestApp } from '../../testing/use-test-app.js';
import { setPlan } from './service.js';

// The routes gated by the SPEC §6 feature matrix beyond the first ones (billing.int.test.ts):
// a sample per plan and role.
describe.each(testDatabaseKinds())('feature gates on %s', (kind) => {
  const { t } = useTestApp(kind, { env: { BILLING_PROVIDER: 'manual', BILLING_CACHE_MS: '1' } });
  const plan = (tenant: Tenant, name: string, pricingVersion?: number) =>
    setPlan(t.database.db, {
      applicationId: tenant.applicationId,
      plan: name,
      provider: 'manual',
      ...(pricingVersion === undefined ? {} : { pricingVersion }),
    });
  const get = (headers: Record<string, string>, url: string) => t.app.inject({ method: 'GET', url, headers });

  it('roles and permissions: the top plan only; the role is checked before the plan', async () => {
    const tenant = await newTenant(t);
    const url = TEAM_ADMIN_PATHS.rolesPermissions;
    for (const [name, version] of [
      ['starter', 9],
      ['professional', 9],
      ['pro', 3],
      ['scale', 5],
      ['enterprise', 9],
      ['enterprise', 3],
    ] as const) {
      await plan(tenant, name, version);
      const res = await get(tenant.admin, url);
      const top = name === 'enterprise' || name === 'scale';
      expect(res.statusCode, `${name} v${version}`).toBe(top ? 200 : 402);
      if (!top) {
        expect(res.json()).toMatchObject({
          code: 'FEATURE_NOT_AVAILABLE',
          message: 'Custom roles and permissions is not part of your plan. Upgrade your plan to use it.',
          details: { feature: 'rolesAndPermissions', reason: 'FEATURE_NOT_AVAILABLE' },
        });
      }
    }
    await plan(tenant, 'professional');
    const agent = await signedInMember(t.database, tenant.applicationId, ROLE_TYPE.AGENT);
    expect((await get(agent.headers, url)).statusCode).toBe(403);
    const admin = await signedInMember(t.database, tenant.applicationId, ROLE_TYPE.ADMIN);
    expect((await get(admin.headers, url)).statusCode).toBe(402);
  });

  it('message logs, reports, auto-closing and the waiting queue open from the entry plans on', async () => {
    const tenant = await newTenant(t);
    await plan(tenant, 'growth', 3);
    expect((await get(tenant.admin, CONVERSATION_PATHS.messageFilter)).statusCode).toBe(200);
    expect((await get(tenant.admin, ANALYTICS_PATHS.reports)).statusCode).toBe(200);
    const patch = await t.app.inject({
      method: 'PATCH',
      url: INBOX_PATHS.conversationSettings,
      headers: tenant.admin,
      payload: { autoResolveAfterMinutes: 60, waitingQueueEnabled: true },
    });
    expect(patch.statusCode).toBe(200);
    // Turning them off needs no plan.
    const off = await t.app.inject({
      method: 'PATCH',
      url: INBOX_PATHS.conversationSettings,
      headers: tenant.admin,
      payload: { autoResolveAfterMinutes: null, waitingQueueEnabled: false },
    });
    expect(off.statusCode).toBe(200);
  });
});
