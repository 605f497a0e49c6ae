// `npm run bench`: builds what the benches measure (the server, the dashboard and the widget, when
// older than their sources), finds PostgreSQL as `.ci/run` does, runs every bench script under
// bench/ (each its own process, one after the other: they measure the same two cores) and prints
// one table of every figure with its budget. BENCH_ONLY=messaging,widget runs some of them.
import { spawnSync } from 'node:child_process';
import { appendFileSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ensureBuilt } from '../scripts/lib.mjs';
import { describePostgres, findPostgres } from './lib/services.js';
import { printTable, type Row } from './lib/stats.js';

const here = import.meta.dirname;
const only = process.env.BENCH_ONLY?.split(',').map((s) => s.trim());
const scripts = readdirSync(here)
  .filter((f) => f.endsWith('.bench.ts'))
  .filter((f) => !only || only.includes(f.replace('.bench.ts', '')))
  .sort();

await ensureBuilt();
const postgres = await findPostgres(process.env);
process.stdout.write(`${describePostgres(postgres)}\n`);

const dir = mkdtempSync(path.join(tmpdir(), 'convo-bench-rows-'));
const rowsFile = path.join(dir, 'rows.jsonl');
const failures: string[] = [];
for (const script of scripts) {
  process.stdout.write(`\n› ${script}\n`);
  const started = Date.now();
  const result = spawnSync('npx', ['tsx', path.join(here, script)], {
    stdio: 'inherit',
    env: {
      ...process.env,
      BENCH_ROWS_FILE: rowsFile,
      ...(postgres.url ? { TEST_DATABASE_URL: postgres.url } : {}),
    },
  });
  if (result.status !== 0) {
    // Killed by a signal (status null), or not started at all (error): said as such.
    const how = result.error
      ? `not started: ${result.error.message}`
      : result.signal
        ? `killed by ${result.signal}`
        : `exit ${result.status}`;
    failures.push(`${script} (${how})`);
    process.stdout.write(`  ✗ ${script} failed (${how}); going on with the next bench\n`);
    // Its budget rows may be missing: the table says so rather than leaving them out in silence.
    appendFileSync(
      rowsFile,
      `${JSON.stringify({ figure: `${script} failed: its figures may be missing`, value: how, budget: '—', pass: false, bench: script })}\n`,
    );
  }
  process.stdout.write(`  ${script} took ${Math.round((Date.now() - started) / 1000)} s\n`);
}

const rows: (Row & { bench: string })[] = existsSync(rowsFile)
  ? readFileSync(rowsFile, 'utf8')
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as Row & { bench: string })
  : [];
rmSync(dir, { recursive: true, force: true });
printTable(
  `All figures (npm run bench; ${new Date().toISOString()}; ${process.platform} ${process.arch}; ${postgres.url ? 'PostgreSQL and PGlite' : 'PGlite only'})`,
  rows.map(({ bench: _bench, ...row }) => row),
);
const missed = rows.filter((r) => r.pass === false).length;
process.stdout.write(
  `\n${rows.length} figures, ${rows.filter((r) => r.pass === true).length} within budget, ${missed} over budget` +
    (failures.length ? `; scripts that failed: ${failures.join(', ')}` : '') +
    '\n',
);
process.exit(failures.length > 0 ? 1 : 0);
