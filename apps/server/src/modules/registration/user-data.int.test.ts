import { REGISTRATION_PATHS } from '@convo/api';
import { ROLE_TYPE } from '@convo/domain';
import { describe, expect, it } from 'vitest';
import { messagingMember } from '../../testing/members.js';
import type { Tenant } from '../../testing/messaging-fixtures.js';
import { testDatabaseKinds } from '../../testing/test-database.js';
import { useTestApp } from '../../testing/use-test-app.js';

// Issue 32 item 4: `GET /rest/ws/user/data?email=` answered any user of the application (name,
// e-mail, role, avatar) to a widget visitor's token. A visitor reads only itself; another
// customer or a team member is "not found", as an unknown address is. Members keep the look-up.
describe.each(testDatabaseKinds())('user/data by e-mail on %s', (kind) => {
  const { t, tenants } = useTestApp(kind, { tenants: 2 });

  const visitor = async (tenant: Tenant) => {
    const userId = `v-${Math.random().toString(36).slice(2, 10)}`;
    const email = `${userId}@customers.example.com`;
    const res = await t.app.inject({
      method: 'POST',
      url: REGISTRATION_PATHS.registerClient,
      payload: { userId, applicationId: tenant.applicationId, authenticationTypeId: 0, email },
    });
    const headers = {
      'x-authorization': res.json().authToken as string,
      'application-key': tenant.applicationId,
    };
    return { userId, email, headers };
  };
  const lookUp = (headers: Record<string, string>, tenant: Tenant, email: string) =>
    t.app.inject({
      method: 'GET',
      url: `${REGISTRATION_PATHS.userData}?email=${encodeURIComponent(email)}&applicationId=${tenant.applicationId}`,
      headers,
    });

  it('a visitor reads itself, not a team member nor another customer', async () => {
    const [tenant] = tenants;
    const me = await visitor(tenant);
    const other = await visitor(tenant);
    const agent = await messagingMember(t.database, tenant.applicationId, ROLE_TYPE.AGENT);
    const self = await lookUp(me.headers, tenant, me.email.toUpperCase());
    expect(self.statusCode).toBe(200);
    expect(self.json().response).toMatchObject({ userId: me.userId, email: me.email });
    const unknown = await lookUp(me.headers, tenant, 'nobody@customers.example.com');
    expect(unknown.statusCode).toBe(404);
    for (const email of [agent.user.email!, other.email]) {
      const res = await lookUp(me.headers, tenant, email);
      // The same answer as an unknown address: the look-up tells nothing about who exists.
      expect({ status: res.statusCode, body: res.json() }).toEqual({
        status: 404,
        body: { ...unknown.json() },
      });
      expect(res.body).not.toContain(email);
    }
  });

  it('a member still looks up customers and team members of its application, not another’s', async () => {
    const [tenant, second] = tenants;
    const customer = await visitor(tenant);
    const agent = await messagingMember(t.database, tenant.applicationId, ROLE_TYPE.AGENT);
    const colleague = await messagingMember(t.database, tenant.applicationId, ROLE_TYPE.ADMIN);
    const found = await lookUp(agent.headers, tenant, customer.email);
    expect(found.statusCode).toBe(200);
    expect(found.json().response.userId).toBe(customer.userId);
    const member = await lookUp(agent.headers, tenant, colleague.user.email!);
    expect(member.statusCode).toBe(200);
    expect(member.json().response.roleType).toBe(ROLE_TYPE.ADMIN);
    // A customer of the second application with the same kind of address: not reachable.
    const elsewhere = await visitor(second);
    expect((await lookUp(agent.headers, tenant, elsewhere.email)).statusCode).toBe(404);
  });
});
