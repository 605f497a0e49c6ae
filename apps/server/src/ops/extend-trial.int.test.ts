import { MS_IN_DAY, ROLE_TYPE } from '@convo/domain';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { applications } from '../db/schema/index.js';
import { provisionWorkspace } from '../modules/accounts/provision.js';
import { createEntitlements } from '../modules/billing/entitlements.js';
import { extendTrial, setPlan } from '../modules/billing/service.js';
import { openTestDatabase, testDatabaseKinds } from '../testing/test-database.js';
import { HELP, runCli } from './cli.js';
import { extendTrialFromArgs } from './extend-trial.js';

async function cli(argv: string[]) {
  const err: string[] = [];
  const code = await runCli(
    argv,
    { DATA_DIR: '/tmp/convo-extend-trial-unused' },
    { out: () => {}, err: (l) => err.push(l) },
  );
  return { code, err: err.join('\n') };
}

describe('extend-trial usage', () => {
  it('is in the help text; missing or bad <days> answer exit code 2 before opening a database', async () => {
    expect(HELP).toContain('extend-trial <applicationId> <days>');
    expect(await cli(['extend-trial', 'app'])).toMatchObject({
      code: 2,
      err: expect.stringContaining('<days>'),
    });
    expect(await cli(['extend-trial', 'app', '0'])).toMatchObject({ code: 2 });
  });
});

describe.each(testDatabaseKinds())('extend trial on %s', (kind) => {
  it('reopens a trial past day 31, extends it again from its end, refuses a paid plan; invalidates entitlements', async () => {
    const database = await openTestDatabase(kind);
    try {
      const ws = await database.db.transaction((tx) =>
        provisionWorkspace(tx, {
          companyName: 'Acme',
          owner: { email: 'o@acme.test', name: 'Owner', passwordHash: null, roleType: ROLE_TYPE.SUPER_ADMIN },
          product: 'classic',
        }),
      );
      const id = ws.application.id;
      const [app] = await database.db.select().from(applications).where(eq(applications.id, id));
      const created = app!.createdAt.getTime();
      let clock = created + 31 * MS_IN_DAY;
      const entitlements = createEntitlements(database.db, 'manual', { now: () => clock });
      // Day 31 of a 30-day trial: expired, and remembered.
      expect((await entitlements.of(id)).state).toBe('trial-expired');

      await extendTrial(database.db, { applicationId: id, days: 7, now: clock, entitlements });
      expect((await entitlements.of(id)).state).toBe('trial');
      clock += 7 * MS_IN_DAY - 1;
      entitlements.invalidate(id);
      expect((await entitlements.of(id)).state).toBe('trial');
      clock += 1;
      entitlements.invalidate(id);
      expect((await entitlements.of(id)).state).toBe('trial-expired');

      // From the command: 3 more days counted from now (the extension had just ended).
      expect(await extendTrialFromArgs(database.db, id, '3', clock)).toContain(
        new Date(clock + 3 * MS_IN_DAY).toISOString(),
      );

      await setPlan(database.db, { applicationId: id, plan: 'professional', provider: 'manual' });
      await expect(extendTrialFromArgs(database.db, id, '3', clock)).rejects.toThrow(/not on a trial/);
      await expect(extendTrialFromArgs(database.db, 'nope', '3', clock)).rejects.toThrow(/no application/);
    } finally {
      await database.close();
    }
  });
});
