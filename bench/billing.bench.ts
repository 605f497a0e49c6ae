// Billing budgets (issue 19): the feature check of a gated route costs under 0.05 ms per request
// (from memory); the usage counters' statements per send, timed on their own.
// Run: BENCH_ONLY=billing npm run bench (or npx tsx bench/billing.bench.ts). Embedded database.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { provisionWorkspace } from '../apps/server/src/modules/accounts/provision.js';
import { createEntitlements } from '../apps/server/src/modules/billing/entitlements.js';
import { featureGuard } from '../apps/server/src/modules/billing/gate.js';
import { recordUsage } from '../apps/server/src/modules/billing/repository.js';
import { setPlan } from '../apps/server/src/modules/billing/service.js';
import { openDatabase } from '../apps/server/src/platform/db/database.js';
import { percentile, printTable, type Row } from './lib/stats.js';

const CHECKS = Number(process.env.BILLING_BENCH_CHECKS ?? 200_000);
const SENDS = Number(process.env.BILLING_BENCH_SENDS ?? 2_000);

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

  // The counters' statements as a send runs them (one message of one end user per transaction).
  const times: number[] = [];
  for (let i = 0; i < SENDS; i++) {
    const t0 = performance.now();
    await database.db.transaction((tx) =>
      recordUsage(tx, applicationId, new Date(), 1, [`visitor-${i % 200}`]),
    );
    times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  rows.push({
    figure: `usage counters per send, own transaction (p50 of ${SENDS}, PGlite)`,
    value: `${percentile(times, 50).toFixed(3)} ms`,
    budget: 'informational',
    pass: null,
  });
} finally {
  await database.close();
  rmSync(dir, { recursive: true, force: true });
}
printTable('Billing (feature gate, usage counters)', rows);
