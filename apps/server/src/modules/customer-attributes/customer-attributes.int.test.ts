import { customerAttributePath, CUSTOMER_ATTRIBUTE_PATHS as P } from '@convo/api';
import type { RoleType } from '@convo/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { signedInMember } from '../../testing/members.js';
import type { Tenant } from '../../testing/messaging-fixtures.js';
import { testDatabaseKinds } from '../../testing/test-database.js';
import { useTestApp } from '../../testing/use-test-app.js';

// /settings/user-details: attribute definitions per application; any member reads, only holders
// of settings.user-details write; order is the full list of ids.

type Headers = Record<string, string>;

describe.each(testDatabaseKinds())('customer attributes on %s', (kind) => {
  const { t, tenants } = useTestApp(kind, { tenants: 2 });
  const [tenant, other] = tenants;
  let owner: Headers;
  let otherOwner: Headers;
  beforeAll(() => {
    owner = { authorization: `Bearer ${tenant.admin['x-authorization']}` };
    otherOwner = { authorization: `Bearer ${other.admin['x-authorization']}` };
  });

  const member = async (of: Tenant, roleType: RoleType): Promise<Headers> =>
    (await signedInMember(t.database, of.applicationId, roleType)).headers;

  const call = (
    method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
    url: string,
    headers: Headers,
    payload?: object,
  ) => t.app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload }) });

  it('creates, edits, reorders and deletes definitions, in order', async () => {
    expect((await call('GET', P.list, owner)).json().data).toEqual([]);
    const plan = await call('POST', P.list, owner, { key: 'plan', label: 'Plan' });
    expect(plan.statusCode, plan.body).toBe(200);
    expect(plan.json().data).toMatchObject({
      key: 'plan',
      label: 'Plan',
      type: 'text',
      visibleToAgents: true,
      position: 0,
    });
    const seats = (await call('POST', P.list, owner, { key: 'seats', label: 'Seats', type: 'number' })).json()
      .data;
    const site = (
      await call('POST', P.list, owner, {
        key: 'site',
        label: 'Website',
        type: 'url',
        visibleToAgents: false,
      })
    ).json().data;
    expect(seats.position).toBe(1);

    const edited = await call('PATCH', customerAttributePath(seats.id), owner, {
      label: 'Seats bought',
      visibleToAgents: false,
    });
    expect(edited.json().data).toMatchObject({
      label: 'Seats bought',
      visibleToAgents: false,
      type: 'number',
    });

    const order = [site.id, plan.json().data.id, seats.id];
    const reordered = await call('PUT', P.order, owner, { ids: order });
    expect(reordered.statusCode, reordered.body).toBe(200);
    expect(reordered.json().data.map((a: { id: string }) => a.id)).toEqual(order);
    expect((await call('GET', P.list, owner)).json().data.map((a: { key: string }) => a.key)).toEqual([
      'site',
      'plan',
      'seats',
    ]);

    expect((await call('DELETE', customerAttributePath(site.id), owner)).statusCode).toBe(200);
    expect((await call('DELETE', customerAttributePath(site.id), owner)).statusCode).toBe(404);
    expect((await call('GET', P.list, owner)).json().data).toHaveLength(2);
  });

  it('refuses duplicate keys, bad input and an incomplete order without writing', async () => {
    const a = (await call('POST', P.list, owner, { key: 'company.size', label: 'Size' })).json().data;
    const dup = await call('POST', P.list, owner, { key: 'company.size', label: 'Again' });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().code).toBe('ATTRIBUTE_ALREADY_EXISTS');
    expect((await call('POST', P.list, owner, { key: 'has space', label: 'x' })).statusCode).toBe(400);
    expect((await call('POST', P.list, owner, { key: 'k', label: 'x', type: 'color' })).statusCode).toBe(400);
    expect((await call('POST', P.list, owner, { key: 'k2', label: '  ' })).statusCode).toBe(400);
    const b = (await call('POST', P.list, owner, { key: 'renamed', label: 'B' })).json().data;
    expect(
      (await call('PATCH', customerAttributePath(b.id), owner, { key: 'company.size' })).json().code,
    ).toBe('ATTRIBUTE_ALREADY_EXISTS');
    const before = (await call('GET', P.list, owner)).json().data;
    const partial = await call('PUT', P.order, owner, { ids: [a.id] });
    expect(partial.statusCode).toBe(400);
    expect(partial.json().code).toBe('INVALID_PARAMETER');
    const twice = await call('PUT', P.order, owner, { ids: before.map(() => a.id) });
    expect(twice.statusCode).toBe(400);
    expect((await call('GET', P.list, owner)).json().data).toEqual(before);
  });

  it('lets any member read but only settings.user-details write', async () => {
    const operator = await member(tenant, '12');
    expect((await call('GET', P.list, operator)).statusCode).toBe(200);
    const refused = await call('POST', P.list, operator, { key: 'nope', label: 'Nope' });
    expect(refused.statusCode).toBe(403);
    const agent = await member(tenant, '2');
    expect((await call('POST', P.list, agent, { key: 'by-agent', label: 'By agent' })).statusCode).toBe(200);
    expect((await call('GET', P.list, {})).statusCode).toBe(401);
  });

  it("never shows or changes another tenant's definitions", async () => {
    const mine = (await call('POST', P.list, owner, { key: 'tier', label: 'Tier' })).json().data;
    expect((await call('GET', P.list, otherOwner)).json().data).toEqual([]);
    expect(
      (await call('PATCH', customerAttributePath(mine.id), otherOwner, { label: 'Stolen' })).statusCode,
    ).toBe(404);
    expect((await call('DELETE', customerAttributePath(mine.id), otherOwner)).statusCode).toBe(404);
    expect((await call('PUT', P.order, otherOwner, { ids: [mine.id] })).statusCode).toBe(400);
    // The same key is free in another application.
    expect((await call('POST', P.list, otherOwner, { key: 'tier', label: 'Tier' })).statusCode).toBe(200);
    const still = (await call('GET', P.list, owner))
      .json()
      .data.find((a: { id: string }) => a.id === mine.id);
    expect(still.label).toBe('Tier');
  });
});
