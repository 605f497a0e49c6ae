// Operations budgets (issue 22) on PostgreSQL: backup and restore of an application with
// 1,000,000 messages, each under 2 minutes; migrate-to-postgres of 100,000 messages from the
// embedded database under 1 minute. The operator command's own functions run in this process.
// Run: BENCH_ONLY=ops npm run bench (TEST_DATABASE_URL, else the machine's PostgreSQL).
// Sizes: SEED_CONVERSATIONS (100000) and SEED_MESSAGES (1000000) for backup/restore;
// OPS_MIGRATE_MESSAGES (100000) for the migration (one conversation per ten messages).
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { provisionWorkspace } from '../apps/server/src/modules/accounts/provision.js';
import { backupDatabase, restoreDatabase } from '../apps/server/src/ops/backup.js';
import { migrateToPostgres } from '../apps/server/src/ops/migrate-to-postgres.js';
import { type Database, openDatabase } from '../apps/server/src/platform/db/database.js';
import { freshPostgres } from './lib/fresh-postgres.js';
import { seedApplication, seedSizeFromEnv } from './lib/seed-application.js';
import { printTable, type Row } from './lib/stats.js';

const SIZE = seedSizeFromEnv();
const MIGRATE_MESSAGES = Number(process.env.OPS_MIGRATE_MESSAGES ?? 100_000);
const quiet = () => {};

/** A fresh PostgreSQL database, migrated, with one application seeded to `messages`. */
async function seeded(messages: number, conversations: number) {
  const fresh = await freshPostgres();
  if (!fresh) return null;
  const database = await openDatabase({ databaseUrl: fresh.url, dataDir: 'unused', poolSize: 2 });
  const ws = await database.db.transaction((tx) =>
    provisionWorkspace(tx, {
      companyName: 'Bench',
      owner: { email: 'owner@bench.local', name: 'Owner', passwordHash: null, roleType: '0' },
      product: 'classic',
    }),
  );
  const size = {
    ...SIZE,
    messages,
    conversations,
    bigConversation: Math.min(SIZE.bigConversation, messages / 10),
  };
  await seedApplication(fresh.url, ws.application.id, size);
  return { fresh, database };
}

async function timed<T>(fn: () => Promise<T>): Promise<{ seconds: number; value: T }> {
  const t0 = performance.now();
  const value = await fn();
  return { seconds: (performance.now() - t0) / 1000, value };
}

const dir = mkdtempSync(path.join(tmpdir(), 'convo-ops-bench-'));
const rows: Row[] = [];
const cleanups: (() => Promise<void>)[] = [];
try {
  // Backup and restore of the big application, PostgreSQL to PostgreSQL.
  const big = await seeded(SIZE.messages, SIZE.conversations);
  if (!big) {
    process.stdout.write('No PostgreSQL (TEST_DATABASE_URL or 127.0.0.1:5432): nothing measured.\n');
    process.exit(0);
  }
  cleanups.push(() => big.fresh.drop());
  const file = path.join(dir, 'big.jsonl.gz');
  const backup = await timed(() => backupDatabase(big.database, file, quiet));
  await big.database.close();
  const label = `${SIZE.messages.toLocaleString('en')} messages`;
  rows.push({
    figure: `backup, ${label} (${backup.value.rows.toLocaleString('en')} rows, ${(statSync(file).size / 1e6).toFixed(0)} MB)`,
    value: `${backup.seconds.toFixed(1)} s`,
    budget: '< 120 s',
    pass: backup.seconds < 120,
  });
  const target = await freshPostgres();
  if (!target) throw new Error('PostgreSQL went away');
  cleanups.push(() => target.drop());
  const into = await openDatabase({ databaseUrl: target.url, dataDir: 'unused', poolSize: 2 });
  const restore = await timed(() => restoreDatabase(into, file, {}, quiet));
  await into.close();
  rmSync(file, { force: true });
  rows.push({
    figure: `restore, ${label}`,
    value: `${restore.seconds.toFixed(1)} s`,
    budget: '< 120 s',
    pass: restore.seconds < 120,
  });

  // migrate-to-postgres: an embedded database with MIGRATE_MESSAGES messages (made by restoring a
  // backup of a seeded PostgreSQL database into PGlite), copied to an empty PostgreSQL database.
  const small = await seeded(MIGRATE_MESSAGES, Math.max(1, Math.round(MIGRATE_MESSAGES / 10)));
  if (!small) throw new Error('PostgreSQL went away');
  cleanups.push(() => small.fresh.drop());
  const smallFile = path.join(dir, 'small.jsonl.gz');
  await backupDatabase(small.database, smallFile, quiet);
  await small.database.close();
  const dataDir = path.join(dir, 'data');
  let pglite: Database = await openDatabase({ dataDir });
  const toPglite = await timed(() => restoreDatabase(pglite, smallFile, {}, quiet));
  await pglite.close();
  const smallLabel = `${MIGRATE_MESSAGES.toLocaleString('en')} messages`;
  rows.push({
    figure: `restore into the embedded database, ${smallLabel}`,
    value: `${toPglite.seconds.toFixed(1)} s`,
    budget: '—',
    pass: null,
  });
  const pgTarget = await freshPostgres();
  if (!pgTarget) throw new Error('PostgreSQL went away');
  cleanups.push(() => pgTarget.drop());
  pglite = await openDatabase({ dataDir });
  const to = await openDatabase({ databaseUrl: pgTarget.url, dataDir: 'unused', poolSize: 2 });
  const migrate = await timed(() => migrateToPostgres(pglite, to, {}, quiet));
  await to.close();
  await pglite.close();
  const equal = migrate.value.counts.every((c) => c.source === c.target);
  rows.push({
    figure: `migrate-to-postgres, ${smallLabel}${equal ? '' : ' (COUNTS DIFFER)'}`,
    value: `${migrate.seconds.toFixed(1)} s`,
    budget: '< 60 s',
    pass: equal && migrate.seconds < 60,
  });
} finally {
  for (const c of cleanups.reverse()) await c().catch(() => {});
  rmSync(dir, { recursive: true, force: true });
}
printTable('Operations (backup, restore, migrate-to-postgres)', rows);
