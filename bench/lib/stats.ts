import { appendFileSync } from 'node:fs';

/** Percentile of a sample (nearest-rank), in the sample's unit. */
export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[rank]!;
}

export interface Row {
  figure: string;
  value: string;
  budget: string;
  pass: boolean | null;
}

/**
 * Prints a bench's table. Under `npm run bench` (BENCH_ROWS_FILE set by bench/run-all.ts) the rows
 * are also appended there as JSON lines, so the runner prints one table of every figure.
 */
export function printTable(title: string, rows: readonly Row[]): void {
  const file = process.env.BENCH_ROWS_FILE;
  if (file) appendFileSync(file, rows.map((r) => `${JSON.stringify({ ...r, bench: title })}\n`).join(''));
  const w = [
    Math.max(6, ...rows.map((r) => r.figure.length)),
    Math.max(5, ...rows.map((r) => r.value.length)),
    Math.max(6, ...rows.map((r) => r.budget.length)),
  ];
  const line = (a: string, b: string, c: string, d: string) =>
    `| ${a.padEnd(w[0]!)} | ${b.padStart(w[1]!)} | ${c.padEnd(w[2]!)} | ${d.padEnd(4)} |`;
  process.stdout.write(`\n${title}\n`);
  process.stdout.write(`${line('figure', 'value', 'budget', 'pass')}\n`);
  process.stdout.write(
    `|${'-'.repeat(w[0]! + 2)}|${'-'.repeat(w[1]! + 2)}|${'-'.repeat(w[2]! + 2)}|------|\n`,
  );
  for (const r of rows) {
    process.stdout.write(
      `${line(r.figure, r.value, r.budget, r.pass === null ? '–' : r.pass ? 'yes' : 'NO')}\n`,
    );
  }
}

export async function timeMany(n: number, fn: () => Promise<void>): Promise<number[]> {
  const out: number[] = [];
  for (let i = 0; i < n; i++) {
    const t0 = performance.now();
    await fn();
    out.push(performance.now() - t0);
  }
  return out.sort((a, b) => a - b);
}
