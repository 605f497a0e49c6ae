import { ACCOUNT_PATHS, TEAM_ADMIN_PATHS as P } from '@convo/api';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { appSettings } from '../../db/schema/index.js';
import { signedInMember, updateSettings } from '../../testing/members.js';
import { newSignup } from '../../testing/test-app.js';
import { testDatabaseKinds } from '../../testing/test-database.js';
import { useTestApp } from '../../testing/use-test-app.js';

// SPEC §6: the company setting disableSupportWidget, set from /settings/company, reaches the
// session (the dashboard hides the support chat from it) and leaves the setting's other keys alone.

interface Signed {
  applicationId: string;
  headers: Record<string, string>;
}

describe.each(testDatabaseKinds())('company support widget switch on %s', (kind) => {
  const { t } = useTestApp(kind);
  let owner: Signed;
  let other: Signed;

  async function signUp(): Promise<Signed> {
    const res = await t.app.inject({ method: 'POST', url: ACCOUNT_PATHS.signup, payload: newSignup() });
    expect(res.statusCode, res.body).toBe(200);
    const s = res.json().data as { token: string; applicationId: string };
    return { applicationId: s.applicationId, headers: { authorization: `Bearer ${s.token}` } };
  }

  const put = (by: Signed, payload: unknown) =>
    t.app.inject({
      method: 'PUT',
      url: P.companySupportWidget,
      headers: by.headers,
      payload: payload as object,
    });

  const stored = async (applicationId: string) => {
    const [row] = await t.database.db
      .select({ companySetting: appSettings.companySetting })
      .from(appSettings)
      .where(eq(appSettings.applicationId, applicationId));
    return row!.companySetting;
  };

  beforeAll(async () => {
    owner = await signUp();
    other = await signUp();
  });

  it('turns the support chat off and on again, and the session shows it', async () => {
    const overrides = { rolesAndPermissions: { 'settings.billing': ['0'] }, hideBillingFromNonAdmin: true };
    await updateSettings(t.database, owner.applicationId, { companySetting: overrides });

    const off = await put(owner, { disableSupportWidget: true });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json().data.disableSupportWidget).toBe(true);
    expect(await stored(owner.applicationId)).toEqual({ ...overrides, disableSupportWidget: true });
    const me = await t.app.inject({ method: 'GET', url: ACCOUNT_PATHS.me, headers: owner.headers });
    expect(me.json().data.appSettings.companySetting.disableSupportWidget).toBe(true);
    const read = await t.app.inject({ method: 'GET', url: P.company, headers: owner.headers });
    expect(read.json().data.disableSupportWidget).toBe(true);

    const on = await put(owner, { disableSupportWidget: false });
    expect(on.statusCode, on.body).toBe(200);
    expect(on.json().data.disableSupportWidget).toBe(false);
    expect(await stored(owner.applicationId)).toEqual({ ...overrides, disableSupportWidget: false });

    // Another company's setting never moves.
    expect((await stored(other.applicationId)).disableSupportWidget).toBeUndefined();
  });

  it('refuses a missing or non-boolean value with 400', async () => {
    for (const payload of [{}, { disableSupportWidget: 'yes' }]) {
      const res = await put(owner, payload);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().code).toBe('INVALID_PARAMETER');
    }
  });

  it('refuses members who are not admins with 403 and changes nothing', async () => {
    const before = await stored(owner.applicationId);
    for (const role of ['2', '11'] as const) {
      const member = await signedInMember(t.database, owner.applicationId, role);
      const res = await put(
        { applicationId: owner.applicationId, headers: member.headers },
        { disableSupportWidget: true },
      );
      expect(res.statusCode, res.body).toBe(403);
    }
    expect(await stored(owner.applicationId)).toEqual(before);
  });
});
