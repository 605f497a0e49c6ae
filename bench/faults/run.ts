// Fault tests: kill -9 under load (visitor messages, agent replies, notes, webhooks), two nodes with
// a Redis restart, one of two nodes killed during fan-out, PostgreSQL restarted and crashed under
// sends. They run against the built server (apps/server/dist) with a PostgreSQL cluster and a Redis
// of their own. Each scenario runs FAULTS_RUNS times (5; the short form once), so a rare race shows.
// Run: npm run test:faults   (FAULTS_SHORT=1: the short form CI runs; FAULTS_ONLY=<text>: some)
import { existsSync } from 'node:fs';
import { missingBinaries, SERVER_ENTRY, startCluster, startRedis } from './lib/processes.js';
import {
  type FaultContext,
  killDuringLoad,
  nodeKilledDuringFanOut,
  postgresCrash,
  postgresRestart,
  twoNodesRedisRestart,
} from './scenarios.js';

const short = process.env.FAULTS_SHORT === '1';
/** Runs only the scenarios whose name contains this text (FAULTS_ONLY=redis). */
const only = process.env.FAULTS_ONLY?.toLowerCase();
const runs = short ? 1 : Math.max(1, Number(process.env.FAULTS_RUNS ?? 5));

async function main() {
  if (!existsSync(SERVER_ENTRY)) {
    process.stdout.write(
      `The server is not built: run npm run build -w @convo/server first.\n0 passed, 1 failed\n`,
    );
    process.exit(1);
  }
  const missing = missingBinaries();
  if (missing.length > 0) {
    // Not a skip: a run that tests nothing must not pass (CI installs them, see .ci/run).
    process.stdout.write(
      `Fault suite cannot run: ${missing.join(' and ')} not installed (apt-get install postgresql redis-server)\n0 passed, 1 failed\n`,
    );
    process.exit(1);
  }
  const started = Date.now();
  const cluster = await startCluster();
  const redis = await startRedis();
  const ctx: FaultContext = { cluster, redis, short };
  const cleanup = async () => {
    await redis.stop();
    cluster.destroy();
  };
  process.once('SIGINT', () => void cleanup().then(() => process.exit(130)));

  // The PostgreSQL restarts and crashes come last: they take the shared cluster down.
  const scenarios: [string, () => Promise<string>][] = [
    ['kill -9 during load (PostgreSQL)', () => killDuringLoad(ctx, 'postgres')],
    ['kill -9 during load (PGlite)', () => killDuringLoad(ctx, 'pglite')],
    ['two nodes, Redis restarted mid-run', () => twoNodesRedisRestart(ctx)],
    ['two nodes, one killed -9 during fan-out', () => nodeKilledDuringFanOut(ctx)],
    ['PostgreSQL restarted mid-run', () => postgresRestart(ctx)],
    ['PostgreSQL crashed (stop -m immediate) under sends', () => postgresCrash(ctx, 'immediate')],
    ['PostgreSQL crashed (a backend killed -9) under sends', () => postgresCrash(ctx, 'kill-backend')],
  ];
  let passed = 0;
  let failed = 0;
  try {
    for (const [scenario, run] of scenarios) {
      if (only && !scenario.toLowerCase().includes(only)) continue;
      for (let n = 1; n <= runs; n++) {
        const name = runs > 1 ? `${scenario} [run ${n}/${runs}]` : scenario;
        const t0 = Date.now();
        try {
          const detail = await run();
          passed += 1;
          process.stdout.write(`PASS ${name} (${((Date.now() - t0) / 1000).toFixed(1)} s): ${detail}\n`);
        } catch (err) {
          failed += 1;
          const message = err instanceof Error ? err.message : String(err);
          process.stdout.write(`FAIL ${name} (${((Date.now() - t0) / 1000).toFixed(1)} s): ${message}\n`);
        }
      }
    }
  } finally {
    await cleanup();
  }
  process.stdout.write(
    `total ${((Date.now() - started) / 1000).toFixed(1)} s${short ? ' (short form)' : ''}\n`,
  );
  process.stdout.write(`${passed} passed, ${failed} failed\n`);
  process.exit(failed > 0 ? 1 : 0);
}

main().catch((err: unknown) => {
  process.stdout.write(
    `${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n0 passed, 1 failed\n`,
  );
  process.exit(1);
});
