// Analytics budgets (issue 18) on PostgreSQL at the seeded size (bench/lib/seed-application.ts:
// 100,000 conversations, 1,000,000 messages, 50 agents): every dashboard query's p95 under 500 ms,
// uncached (the service functions the routes call, each on the last 30 days, which hold every
// seeded conversation); the conversation report's CSV of every seeded conversation under 30 s.
// Run: BENCH_ONLY=analytics npm run bench (TEST_DATABASE_URL, else the machine's PostgreSQL).
// Sizes: SEED_CONVERSATIONS, SEED_MESSAGES, SEED_AGENTS; ANALYTICS_RUNS (20) per query.

import type { AuthContext } from '../apps/server/src/http/auth.js';
import { provisionWorkspace } from '../apps/server/src/modules/accounts/provision.js';
import { buildReportCsv } from '../apps/server/src/modules/analytics/report-job.js';
import * as analytics from '../apps/server/src/modules/analytics/service.js';
import { openDatabase } from '../apps/server/src/platform/db/database.js';
import { freshPostgres } from './lib/fresh-postgres.js';
import { seedApplication, seedSizeFromEnv } from './lib/seed-application.js';
import { percentile, printTable, type Row, timeMany } from './lib/stats.js';

const SIZE = seedSizeFromEnv();
const RUNS = Number(process.env.ANALYTICS_RUNS ?? 20);
const BUDGET_MS = 500;
const CSV_BUDGET_S = 30;

const fresh = await freshPostgres();
if (!fresh) {
  process.stdout.write('No PostgreSQL (TEST_DATABASE_URL or 127.0.0.1:5432): nothing measured.\n');
  process.exit(0);
}
const database = await openDatabase({ databaseUrl: fresh.url, dataDir: 'unused', poolSize: 4 });
const rows: Row[] = [];
try {
  const ws = await database.db.transaction((tx) =>
    provisionWorkspace(tx, {
      companyName: 'Bench',
      owner: { email: 'owner@bench.local', name: 'Owner', passwordHash: null, roleType: '0' },
      product: 'classic',
    }),
  );
  const seeded = await seedApplication(fresh.url, ws.application.id, SIZE);
  process.stdout.write(
    `seeded ${SIZE.messages.toLocaleString('en')} messages in ${seeded.seconds.toFixed(0)} s\n`,
  );
  const owner: AuthContext = {
    tokenHash: '',
    userId: ws.owner.id,
    userName: ws.owner.userId,
    applicationId: ws.application.id,
    roleType: '0',
    product: 'classic',
    sessionExpiresAt: new Date(Date.now() + 3_600_000),
  };
  const db = database.db;
  const to = Date.now() + 60_000;
  const range = { from: to - 30 * 86_400_000, to, timeZone: 'Europe/Paris' };
  const overview = { ...range, granularity: 'day' as const, audience: 'all' as const };
  const queries: [string, () => Promise<unknown>][] = [
    ['overview, all users, by day', () => analytics.overview(db, owner, overview)],
    [
      'overview, all bots, by week',
      () => analytics.overview(db, owner, { ...overview, audience: 'bots', granularity: 'week' }),
    ],
    [
      'overview, one team, inside business hours',
      () =>
        analytics.overview(db, owner, {
          ...overview,
          teamId: seeded.teamClientGroupId,
          insideBusinessHours: true,
        }),
    ],
    ['CSAT table, page 1', () => analytics.csat(db, owner, { ...range, page: 1 })],
    ['teammate login tables', () => analytics.teammateLogins(db, owner, range)],
    ['bots overview', () => analytics.bots(db, owner, range)],
  ];
  for (const [name, run] of queries) {
    await run(); // warm the plan cache once; every timed run still reads the database (no result cache)
    const times = await timeMany(RUNS, async () => {
      await run();
    });
    const p95 = percentile(times, 95);
    rows.push({
      figure: `${name} p95 (${RUNS} runs)`,
      value: `${p95.toFixed(0)} ms`,
      budget: `< ${BUDGET_MS} ms`,
      pass: p95 < BUDGET_MS,
    });
  }
  const t0 = performance.now();
  const csv = await buildReportCsv(db, ws.application.id, 'conversations', {
    from: new Date(range.from),
    to: new Date(range.to),
    timeZone: range.timeZone,
  });
  const seconds = (performance.now() - t0) / 1000;
  rows.push({
    figure: `conversation report CSV, ${csv.rows.toLocaleString('en')} conversations (${(csv.csv.length / 1e6).toFixed(1)} MB)`,
    value: `${seconds.toFixed(1)} s`,
    budget: `< ${CSV_BUDGET_S} s`,
    pass: seconds < CSV_BUDGET_S,
  });
} finally {
  await database.close();
  await fresh.drop();
}
printTable(
  `Analytics on PostgreSQL (${SIZE.messages.toLocaleString('en')} messages, ${SIZE.agents} agents)`,
  rows,
);
