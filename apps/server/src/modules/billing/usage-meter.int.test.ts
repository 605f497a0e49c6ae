import { BILLING_PATHS } from '@convo/api';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { billingUsage } from '../../db/schema/index.js';
import type { Db } from '../../platform/db/database.js';
import { newTenant, newVisitorConversation, sendTestMessage } from '../../testing/messaging-fixtures.js';
import { createTestApp } from '../../testing/test-app.js';
import { openTestDatabase, testDatabaseKinds } from '../../testing/test-database.js';
import { useTestApp } from '../../testing/use-test-app.js';
import { usagePeriod } from './repository.js';
import { setPlan } from './service.js';
import { createUsageMeter } from './usage-meter.js';

const period = usagePeriod(new Date());

async function stored(db: Db, applicationId: string) {
  const [row] = await db
    .select({ messages: billingUsage.messages, mtu: billingUsage.mtu })
    .from(billingUsage)
    .where(and(eq(billingUsage.applicationId, applicationId), eq(billingUsage.period, period)));
  return row ?? { messages: 0, mtu: 0 };
}

describe.each(testDatabaseKinds())('usage meter on %s', (kind) => {
  const { t } = useTestApp(kind, { env: { BILLING_PROVIDER: 'manual', BILLING_CACHE_MS: '1' } });

  it('keeps a send’s counts in memory, shows them on the billing screen, and writes them on flush', async () => {
    const tenant = await newTenant(t);
    await setPlan(t.database.db, {
      applicationId: tenant.applicationId,
      plan: 'starter',
      provider: 'manual',
    });
    const a = await newVisitorConversation(t, tenant);
    for (const key of ['m1', 'm2', 'm3']) await sendTestMessage(t, a.visitor.headers, a.groupId, key);
    // Not written per send (the budget): the database has none of it yet…
    expect(await stored(t.database.db, tenant.applicationId)).toEqual({ messages: 0, mtu: 0 });
    // …but whoever reads the usage sees it.
    const overview = await t.app.inject({
      method: 'GET',
      url: BILLING_PATHS.overview,
      headers: tenant.admin,
    });
    expect(overview.json().data.usage).toMatchObject({ messages: 3, mtu: 1 });
  });

  it('two processes’ meters add up in one counter, and a flush threshold writes without waiting', async () => {
    const tenant = await newTenant(t);
    const db = t.database.db;
    const one = createUsageMeter(db, { flushAtMessages: 3, intervalMs: 60_000 });
    const two = createUsageMeter(db, { intervalMs: 60_000 });
    one.add(tenant.applicationId, period, { messages: 2, mtu: 1 });
    two.add(tenant.applicationId, period, { messages: 5, mtu: 2 });
    expect(one.pending(tenant.applicationId, period)).toEqual({ messages: 2, mtu: 1 });
    expect(one.pending(tenant.applicationId, '9999-12')).toEqual({ messages: 0, mtu: 0 });
    one.add(tenant.applicationId, period, { messages: 1, mtu: 0 }); // reaches 3: written now
    await one.settled();
    expect(await stored(db, tenant.applicationId)).toEqual({ messages: 3, mtu: 1 });
    expect(one.pending(tenant.applicationId, period)).toEqual({ messages: 0, mtu: 0 });
    await Promise.all([two.close(), one.close()]);
    expect(await stored(db, tenant.applicationId)).toEqual({ messages: 8, mtu: 3 });
  });

  it('skips an application that does not exist without losing the others’ counts', async () => {
    const tenant = await newTenant(t);
    const meter = createUsageMeter(t.database.db, { intervalMs: 60_000 });
    meter.add('no-such-application', period, { messages: 4, mtu: 1 });
    meter.add(tenant.applicationId, period, { messages: 2, mtu: 0 });
    await meter.close();
    expect(await stored(t.database.db, tenant.applicationId)).toEqual({ messages: 2, mtu: 0 });
  });

  it('keeps the counts when the database refuses the write: retried later, never lost nor half-written', async () => {
    const tenant = await newTenant(t);
    const broken = await openTestDatabase(kind);
    await broken.close();
    const errors: unknown[] = [];
    const meter = createUsageMeter(broken.db, { intervalMs: 60_000, onError: (err) => errors.push(err) });
    meter.add(tenant.applicationId, period, { messages: 3, mtu: 1 });
    await meter.flush();
    expect(errors).toHaveLength(1);
    expect(meter.pending(tenant.applicationId, period)).toEqual({ messages: 3, mtu: 1 });
    await meter.close(); // still refused; the counts stay pending, never half-written
    expect(meter.pending(tenant.applicationId, period)).toEqual({ messages: 3, mtu: 1 });
  });
});

describe.each(testDatabaseKinds())('usage meter at shutdown on %s', (kind) => {
  it('writes the pending counts when the server closes', async () => {
    const t = await createTestApp(kind, { BILLING_PROVIDER: 'manual' });
    let closed = false;
    try {
      const tenant = await newTenant(t);
      const a = await newVisitorConversation(t, tenant);
      for (const key of ['s1', 's2']) await sendTestMessage(t, a.visitor.headers, a.groupId, key);
      expect(await stored(t.database.db, tenant.applicationId)).toEqual({ messages: 0, mtu: 0 });
      await t.app.close();
      closed = true;
      expect(await stored(t.database.db, tenant.applicationId)).toEqual({ messages: 2, mtu: 1 });
    } finally {
      if (closed) await t.database.close();
      else await t.close();
    }
  });
});
