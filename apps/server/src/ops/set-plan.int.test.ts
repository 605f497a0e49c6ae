import { ROLE_TYPE } from '@convo/domain';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { applications, billingSubscriptions } from '../db/schema/index.js';
import { provisionWorkspace } from '../modules/accounts/provision.js';
import { addTestMember } from '../testing/members.js';
import { openTestDatabase, testDatabaseKinds } from '../testing/test-database.js';
import { HELP, runCli } from './cli.js';
import { setPlanFromArgs } from './set-plan.js';

async function cli(argv: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await runCli(
    argv,
    { DATA_DIR: '/tmp/convo-set-plan-unused' },
    {
      out: (l) => out.push(l),
      err: (l) => err.push(l),
    },
  );
  return { code, out: out.join('\n'), err: err.join('\n') };
}

describe('set-plan usage', () => {
  it('is in the help text with its options', () => {
    expect(HELP).toContain(
      'set-plan <applicationId> <plan> [--seats <n>] [--period monthly|yearly] [--until <date>]',
    );
  });

  it('answers exit code 2 for missing arguments and bad options, before opening any database', async () => {
    expect(await cli(['set-plan'])).toMatchObject({
      code: 2,
      err: expect.stringContaining('set-plan <applicationId> <plan>'),
    });
    expect(await cli(['set-plan', 'app', 'starter', '--bogus'])).toMatchObject({ code: 2 });
  });
});

describe.each(testDatabaseKinds())('set-plan on %s', (kind) => {
  it('sets the plan, seats, period and end; mirrors the plan on the application; refuses bad input', async () => {
    const database = await openTestDatabase(kind);
    try {
      const ws = await database.db.transaction((tx) =>
        provisionWorkspace(tx, {
          companyName: 'Acme',
          owner: {
            email: 'owner@acme.test',
            name: 'Owner',
            passwordHash: null,
            roleType: ROLE_TYPE.SUPER_ADMIN,
          },
          product: 'classic',
        }),
      );
      const id = ws.application.id;
      const line = await setPlanFromArgs(database.db, id, 'professional', {
        seats: '3',
        period: 'yearly',
        until: '2027-01-31',
      });
      expect(line).toBe(
        `${id}: plan professional (pricing version 9, yearly, 3 seats, until 2027-01-31T00:00:00.000Z)`,
      );
      const [sub] = await database.db
        .select()
        .from(billingSubscriptions)
        .where(eq(billingSubscriptions.applicationId, id));
      expect(sub).toMatchObject({
        plan: 'professional',
        seats: 3,
        billingPeriodUnit: 'year',
        provider: 'manual',
      });
      const [app] = await database.db.select().from(applications).where(eq(applications.id, id));
      expect(app?.subscriptionPlan).toBe('professional');

      // An old plan gets the newest version that sells it; minimum seats are enforced.
      expect(await setPlanFromArgs(database.db, id, 'grow', { seats: '5' })).toContain('pricing version 5');
      await expect(setPlanFromArgs(database.db, id, 'grow', { seats: '4' })).rejects.toThrow(
        'the grow plan needs at least 5 seats',
      );
      await expect(setPlanFromArgs(database.db, id, 'gold', {})).rejects.toThrow('unknown plan "gold"');
      await expect(setPlanFromArgs(database.db, 'nope', 'starter', {})).rejects.toThrow(
        'no application with id nope',
      );
      await expect(setPlanFromArgs(database.db, id, 'starter', { period: 'weekly' })).rejects.toThrow(
        '--period must be monthly or yearly',
      );
      await expect(setPlanFromArgs(database.db, id, 'starter', { until: 'soon' })).rejects.toThrow(
        '--until must be a date',
      );

      // Overage add-on packs sold by hand with a plan that has an overage price; kept on a renewal.
      expect(await setPlanFromArgs(database.db, id, 'starter', { period: 'monthly', addonPacks: '3' })).toBe(
        `${id}: plan starter (pricing version 9, monthly, 3 overage add-on packs)`,
      );
      expect(await setPlanFromArgs(database.db, id, 'starter', { until: '2027-03-01' })).toContain(
        '3 overage add-on packs',
      );
      await expect(setPlanFromArgs(database.db, id, 'enterprise', { addonPacks: '1' })).rejects.toThrow(
        'the enterprise plan has no overage add-on',
      );
      await expect(setPlanFromArgs(database.db, id, 'starter', { addonPacks: '101' })).rejects.toThrow(
        '--addon-packs must be a whole number from 0 to 100',
      );
      // Another plan with another add-on (none: enterprise) starts without packs.
      expect(await setPlanFromArgs(database.db, id, 'enterprise', {})).not.toContain('add-on');

      // Two people hold seats: the one-seat starter plan says how many to remove.
      await addTestMember(database, id, ROLE_TYPE.AGENT);
      await expect(setPlanFromArgs(database.db, id, 'starter', {})).rejects.toThrow(
        '2 members hold a seat and the starter plan allows 1: remove 1 first',
      );
    } finally {
      await database.close();
    }
  });
});
