// Billing budgets (issue 19): the feature check of a gated route costs under 0.05 ms per request
// (from memory), and so does the account-state check every member request now makes; the usage
// counters add under 5 % to the server CPU of a message send: the send path (HTTP route,
// validation, service, database; in process on the embedded database, so its CPU is counted too)
// is timed in CPU per message, then the counters' own work alone: the month's-new-user check, the
// usage meter's in-memory add after the commit, and the meter's batched writes (usage-meter.ts)
// spread over the sends; their share is the ratio. The counter UPDATE per send the meter replaced
// is timed too (in its own transaction, minus an empty one), for comparison.
// Run: BENCH_ONLY=billing npm run bench (or npx tsx bench/billing.bench.ts). Embedded database.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { provisionWorkspace } from '../apps/server/src/modules/accounts/provision.js';
import { withAccountState } from '../apps/server/src/modules/billing/account-gate.js';
import { createEntitlements } from '../apps/server/src/modules/billing/entitlements.js';
import { featureGuard } from '../apps/server/src/modules/billing/gate.js';
import { addUsage, countNewActiveUsers, usagePeriod } from '../apps/server/src/modules/billing/repository.js';
import { setPlan } from '../apps/server/src/modules/billing/service.js';
import { createUsageMeter } from '../apps/server/src/modules/billing/usage-meter.js';
import { type Db, openDatabase } from '../apps/server/src/platform/db/database.js';
import {
  newTenant,
  newVisitorConversation,
  sendTestMessage,
} from '../apps/server/src/testing/messaging-fixtures.js';
import { createTestApp } from '../apps/server/src/testing/test-app.js';
import { percentile, printTable, type Row } from './lib/stats.js';

const CHECKS = Number(process.env.BILLING_BENCH_CHECKS ?? 200_000);
const SENDS = Number(process.env.BILLING_BENCH_SENDS ?? 2_000);
const SEND_PATH = Number(process.env.BILLING_BENCH_SEND_PATH ?? 1_500);

/** CPU time (user + system) of `fn` in ms. */
async function cpuMs(fn: () => Promise<void>): Promise<number> {
  const before = process.cpuUsage();
  await fn();
  const used = process.cpuUsage(before);
  return (used.user + used.system) / 1000;
}

const dir = mkdtempSync(path.join(tmpdir(), 'convo-billing-bench-'));
const database = await openDatabase({ dataDir: dir, poolSize: 1 });
const rows: Row[] = [];
try {
  const ws = await database.db.transaction((tx) =>
    provisionWorkspace(tx, {
      companyName: 'Bench',
      owner: { email: 'owner@bench.local', name: 'Owner', passwordHash: null, roleType: '0' },
      product: 'classic',
    }),
  );
  const applicationId = ws.application.id;
  await setPlan(database.db, { applicationId, plan: 'professional', provider: 'manual' });
  const entitlements = createEntitlements(database.db, 'manual');
  const guard = featureGuard(entitlements, 'webhooks');
  const request = { auth: { applicationId } } as unknown as FastifyRequest;
  const reply = {} as FastifyReply;
  await guard(request, reply); // the first read fills the memory

  // Batches of 1000 checks: the per-check figure is the batch's time over 1000.
  const batch = 1000;
  const perCheck: number[] = [];
  for (let i = 0; i < CHECKS / batch; i++) {
    const t0 = performance.now();
    for (let j = 0; j < batch; j++) await guard(request, reply);
    perCheck.push((performance.now() - t0) / batch);
  }
  perCheck.sort((a, b) => a - b);
  const p50 = percentile(perCheck, 50);
  const p99 = percentile(perCheck, 99);
  rows.push({
    figure: `feature check from memory, per request (p50 of ${CHECKS} checks)`,
    value: `${(p50 * 1000).toFixed(2)} µs`,
    budget: '< 50 µs',
    pass: p50 < 0.05,
  });
  rows.push({
    figure: 'feature check from memory, per request (p99 of batches)',
    value: `${(p99 * 1000).toFixed(2)} µs`,
    budget: '< 50 µs',
    pass: p99 < 0.05,
  });

  // The account-state check of SPEC §4 that wraps every member request's authenticator.
  const stateGuard = withAccountState(async () => {}, entitlements);
  const member = {
    auth: { applicationId, roleType: '0' },
    method: 'GET',
    routeOptions: { url: '/api/tags' },
  };
  const stateRequest = member as unknown as FastifyRequest;
  await stateGuard(stateRequest, reply);
  const perState: number[] = [];
  for (let i = 0; i < CHECKS / batch; i++) {
    const t0 = performance.now();
    for (let j = 0; j < batch; j++) await stateGuard(stateRequest, reply);
    perState.push((performance.now() - t0) / batch);
  }
  perState.sort((a, b) => a - b);
  const stateP50 = percentile(perState, 50);
  rows.push({
    figure: `account-state check from memory, per member request (p50 of ${CHECKS})`,
    value: `${(stateP50 * 1000).toFixed(2)} µs`,
    budget: '< 50 µs',
    pass: stateP50 < 0.05,
  });

  // The counters' work as a send does it (one message of one end user per transaction).
  const benchMeter = createUsageMeter(database.db);
  const times: number[] = [];
  for (let i = 0; i < SENDS; i++) {
    const t0 = performance.now();
    await meteredSend(database.db, benchMeter, applicationId, `visitor-${i % 200}`);
    times.push(performance.now() - t0);
  }
  await benchMeter.close();
  times.sort((a, b) => a - b);
  rows.push({
    figure: `usage counters per send, batched writes included (p50 of ${SENDS}, PGlite)`,
    value: `${percentile(times, 50).toFixed(3)} ms`,
    budget: 'informational',
    pass: null,
  });

  // Their share of a send's CPU: the whole send path per message, then the counters alone.
  // PGlite runs in this process (its CPU is counted); on PostgreSQL only the server's own CPU is.
  // 50 visitors share the sends, so none reaches the send rate limit (nor register/client's 60 a minute).
  const targets = (
    process.env.BILLING_BENCH_TARGETS ?? (process.env.TEST_DATABASE_URL ? 'pglite,postgres' : 'pglite')
  )
    .split(',')
    .map((k) => k.trim()) as ('pglite' | 'postgres')[];
  for (const kind of targets) await sharePerSend(kind, rows);
} finally {
  await database.close();
  rmSync(dir, { recursive: true, force: true });
}
printTable('Billing (feature gate, account state, usage counters)', rows);

async function sharePerSend(kind: 'pglite' | 'postgres', rows: Row[]): Promise<void> {
  const t = await createTestApp(kind, { BILLING_PROVIDER: 'manual' });
  try {
    const tenant = await newTenant(t);
    await setPlan(t.database.db, {
      applicationId: tenant.applicationId,
      plan: 'enterprise',
      provider: 'manual',
    });
    const conversations = await Promise.all(
      Array.from({ length: 50 }, () => newVisitorConversation(t, tenant)),
    );
    let n = 0;
    const send = async () => {
      const c = conversations[n % conversations.length]!;
      n += 1;
      const res = await sendTestMessage(t, c.visitor.headers, c.groupId, `bench-${n}`);
      if (res.statusCode !== 200) throw new Error(`send ${res.statusCode}: ${res.body}`);
    };
    for (let i = 0; i < 200; i++) await send(); // warm-up
    const sendCpu = await cpuMs(async () => {
      for (let i = 0; i < SEND_PATH; i++) await send();
    });
    const db = t.database.db;
    const emptyCpu = await cpuMs(async () => {
      for (let i = 0; i < SEND_PATH; i++) await db.transaction(async () => {});
    });
    const meter = createUsageMeter(db);
    const meterCpu = await cpuMs(async () => {
      for (let i = 0; i < SEND_PATH; i++) {
        const c = conversations[i % conversations.length]!;
        await meteredSend(db, meter, tenant.applicationId, c.visitor.userId);
      }
      // The writes still pending at the end belong to these sends too.
      await meter.close();
    });
    // What the meter replaced: one counter upsert in each send's transaction.
    const updateCpu = await cpuMs(async () => {
      const period = usagePeriod(new Date());
      for (let i = 0; i < SEND_PATH; i++) {
        await db.transaction((tx) =>
          addUsage(tx, [{ applicationId: tenant.applicationId, period, messages: 1, mtu: 0 }]),
        );
      }
    });
    const perSend = sendCpu / SEND_PATH;
    const perMeter = meterCpu / SEND_PATH;
    const perUpdate = Math.max(0, updateCpu - emptyCpu) / SEND_PATH;
    const share = (perMeter / perSend) * 100;
    rows.push({
      figure: `message send path, server CPU per message (${SEND_PATH} sends, ${kind === 'pglite' ? 'PGlite in process' : 'PostgreSQL'})`,
      value: `${perSend.toFixed(3)} ms`,
      budget: 'informational',
      pass: null,
    });
    rows.push({
      figure: `usage counters, CPU per message (new-user check, in-memory add, batched writes; ${kind})`,
      value: `${perMeter.toFixed(3)} ms`,
      budget: 'informational',
      pass: null,
    });
    rows.push({
      figure: `for comparison: one counter UPDATE per send, CPU per message (${kind})`,
      value: `${perUpdate.toFixed(3)} ms (${((perUpdate / perSend) * 100).toFixed(2)} %)`,
      budget: 'informational',
      pass: null,
    });
    rows.push({
      figure: `usage counters' share of the send's CPU per message (${kind})`,
      value: `${share.toFixed(2)} %`,
      budget: '< 5 %',
      pass: share < 5,
    });
  } finally {
    await t.close();
  }
}

/**
 * The counters' part of a send: the new-user check (in the send it runs in the send's transaction;
 * here on its own, which costs a new user's insert its own commit: an over-estimate), then the
 * meter's add. The meter's batched writes run from it.
 */
async function meteredSend(
  db: Db,
  meter: ReturnType<typeof createUsageMeter>,
  applicationId: string,
  endUserId: string,
): Promise<void> {
  const period = usagePeriod(new Date());
  const mtu = await countNewActiveUsers(db, applicationId, period, [endUserId]);
  meter.add(applicationId, period, { messages: 1, mtu });
}
