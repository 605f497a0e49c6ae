import {
  MESSAGING_ADMIN_PATHS,
  MESSAGING_PATHS,
  APP_MODULE_PATHS as P,
  REGISTRATION_PATHS,
} from '@convo/api';
import { describe, expect, it } from 'vitest';
import { messagingMember } from '../../testing/members.js';
import type { Tenant } from '../../testing/messaging-fixtures.js';
import { testDatabaseKinds } from '../../testing/test-database.js';
import { useTestApp } from '../../testing/use-test-app.js';

describe.each(testDatabaseKinds())('app modules on %s', (kind) => {
  const { t, tenants } = useTestApp(kind, { tenants: 2 });
  const [a, b] = tenants;

  const call = (
    method: 'GET' | 'POST' | 'DELETE',
    url: string,
    headers: Record<string, string>,
    payload?: object,
  ) => t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });

  const register = (tenant: Tenant, userId: string, appModuleName?: string) =>
    t.app.inject({
      method: 'POST',
      url: REGISTRATION_PATHS.registerClient,
      payload: {
        userId,
        applicationId: tenant.applicationId,
        authenticationTypeId: 0,
        ...(appModuleName !== undefined ? { appModuleName } : {}),
      },
    });

  const createTeam = async (tenant: Tenant, teamName: string) => {
    const res = await call('POST', '/rest/ws/team/create', tenant.admin, { teamName });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().response.teamId as string;
  };

  it('creates, lists, edits and deletes modules, one application at a time', async () => {
    const drivers = await createTeam(a, 'Drivers');
    const created = await call('POST', P.create, a.admin, { name: 'driver-app', displayName: 'Driver app' });
    expect(created.statusCode, created.body).toBe(200);
    expect(created.json().response).toMatchObject({
      name: 'driver-app',
      displayName: 'Driver app',
      teamId: null,
      enabled: true,
      userCount: 0,
    });
    const twice = await call('POST', P.create, a.admin, { name: 'driver-app' });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().code).toBe('APPMODULE_ALREADY_EXISTS');

    // App module edit: the team and the display name change; the name is the key.
    const edited = await call('POST', P.edit, a.admin, {
      name: 'driver-app',
      teamId: drivers,
      displayName: 'Drivers',
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().response).toMatchObject({
      teamId: drivers,
      teamName: 'Drivers',
      displayName: 'Drivers',
    });

    const listed = await call('GET', P.list, a.admin);
    expect(listed.json().response.map((m: { name: string }) => m.name)).toEqual(['driver-app']);
    // The other application sees none of it, and cannot edit or delete it.
    expect((await call('GET', P.list, b.admin)).json().response).toEqual([]);
    const foreignEdit = await call('POST', P.edit, b.admin, { name: 'driver-app', enabled: false });
    expect(foreignEdit.statusCode).toBe(404);
    expect(foreignEdit.json().code).toBe('APPMODULE_NOT_FOUND');
    const foreignDelete = await call('DELETE', `${P.delete}?name=driver-app`, b.admin);
    expect(foreignDelete.statusCode).toBe(404);

    const deleted = await call('DELETE', `${P.delete}?name=driver-app`, a.admin);
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(deleted.json().response).toEqual({ deleted: true, usersDetached: 0 });
    expect((await call('GET', P.list, a.admin)).json().response).toEqual([]);
  });

  it('refuses bad names, another application’s team, empty edits and members without the install privilege', async () => {
    for (const name of ['', 'shop app', '-x', 'a'.repeat(51)]) {
      const res = await call('POST', P.create, a.admin, { name });
      expect(res.statusCode, name).toBe(400);
      expect(res.json().code).toBe('INVALID_PARAMETER');
    }
    const foreignTeam = await createTeam(b, 'Theirs');
    const res = await call('POST', P.create, a.admin, { name: 'shop', teamId: foreignTeam });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(`Unknown team: ${foreignTeam}`);
    expect((await call('GET', P.list, a.admin)).json().response).toEqual([]);

    await call('POST', P.create, a.admin, { name: 'shop' });
    const empty = await call('POST', P.edit, a.admin, { name: 'shop' });
    expect(empty.statusCode).toBe(400);

    // An operator (role 12) may not install the product, so may not change its modules either.
    const operator = await messagingMember(t.database, a.applicationId, '12');
    const asOperator = await call('POST', P.edit, operator.headers, { name: 'shop', enabled: false });
    expect(asOperator.statusCode).toBe(403);
    expect((await call('GET', P.list, a.admin)).json().response[0].enabled).toBe(true);
  });

  it('checks the module a client registers through, counts its users and routes them to its team', async () => {
    const couriers = await createTeam(a, 'Couriers');
    await call('POST', P.create, a.admin, { name: 'courier', teamId: couriers });

    // No module named: as before. An unknown module: refused, nobody created.
    expect((await register(a, 'plain-1')).json().message).toBe('REGISTERED.WITHOUTREGISTRATIONID');
    const unknown = await register(a, 'ghost-1', 'ghost');
    expect(unknown.statusCode).toBe(200);
    expect(unknown.json().message).toBe('APPMODULE_NOT_FOUND');
    // The same name in another application is not this application's module.
    expect((await register(b, 'courier-b', 'courier')).json().message).toBe('APPMODULE_NOT_FOUND');

    const reg = await register(a, 'courier-1', 'courier');
    expect(reg.json().message).toBe('REGISTERED.WITHOUTREGISTRATIONID');
    const headers = { 'x-authorization': reg.json().authToken, 'application-key': a.applicationId };
    const list = await call('GET', P.list, a.admin);
    expect(list.json().response[0]).toMatchObject({ name: 'courier', userCount: 1 });

    // user/filter finds the module's users.
    const filtered = await call('POST', MESSAGING_ADMIN_PATHS.userFilter, a.admin, {
      roleTypes: ['customers'],
      appModuleName: 'courier',
    });
    expect(filtered.statusCode, filtered.body).toBe(200);
    expect(filtered.json().response.users.map((u: { userId: string }) => u.userId)).toEqual(['courier-1']);

    // Their new conversation goes to the module's team.
    const created = await call('POST', MESSAGING_PATHS.groupCreateV21, headers, {
      groupName: 'Hi',
      type: 10,
    });
    expect(created.statusCode, created.body).toBe(200);
    const info = await call(
      'GET',
      `${MESSAGING_PATHS.groupInfo}?groupId=${created.json().response.id}`,
      a.admin,
    );
    expect(info.json().response.teamId).toBe(couriers);

    // A plain customer's conversation does not.
    const plain = await register(a, 'plain-2');
    const plainHeaders = { 'x-authorization': plain.json().authToken, 'application-key': a.applicationId };
    const other = await call('POST', MESSAGING_PATHS.groupCreateV21, plainHeaders, {
      groupName: 'Hi',
      type: 10,
    });
    const otherInfo = await call(
      'GET',
      `${MESSAGING_PATHS.groupInfo}?groupId=${other.json().response.id}`,
      a.admin,
    );
    expect(otherInfo.json().response.teamId).not.toBe(couriers);

    // Switched off: its clients are refused, even a known user signing in again.
    await call('POST', P.edit, a.admin, { name: 'courier', enabled: false });
    expect((await register(a, 'courier-1', 'courier')).json().message).toBe('APPMODULE_NOT_FOUND');
    await call('POST', P.edit, a.admin, { name: 'courier', enabled: true });
    expect((await register(a, 'courier-1', 'courier')).json().message).toBe('UPDATED');

    // Deleted: its users stay and belong to no module.
    const deleted = await call('DELETE', `${P.delete}?name=courier`, a.admin);
    expect(deleted.json().response).toEqual({ deleted: true, usersDetached: 1 });
    const after = await call('POST', MESSAGING_ADMIN_PATHS.userFilter, a.admin, {
      roleTypes: ['customers'],
      appModuleName: 'courier',
    });
    expect(after.json().response.users).toEqual([]);
  });
});
