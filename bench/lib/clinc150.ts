import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';

// The CLINC150 data set (shared/datasets/clinc150, beside the repository; CLINC150_FILE points
// elsewhere). Null when it is not there: the kompose benches then say so and skip.

const split = z.array(z.tuple([z.string(), z.string()]));
export type Split = z.infer<typeof split>;
const schema = z.object({ train: split, val: split, oos_val: split, test: split, oos_test: split });
export type Clinc150 = z.infer<typeof schema>;

export function clinc150File(): string | null {
  const candidates = [
    process.env.CLINC150_FILE,
    path.resolve(import.meta.dirname, '../../../shared/datasets/clinc150/data_full.json'),
    // A git worktree under /work/wt/<name>: the shared directory is two levels further up.
    path.resolve(import.meta.dirname, '../../../../shared/datasets/clinc150/data_full.json'),
  ].filter((f): f is string => Boolean(f));
  return candidates.find((f) => existsSync(f)) ?? null;
}

export function loadClinc150(): Clinc150 | null {
  const file = clinc150File();
  if (!file) {
    process.stdout.write(
      'kompose bench skipped: CLINC150 not found (shared/datasets/clinc150 or CLINC150_FILE)\n',
    );
    return null;
  }
  return schema.parse(JSON.parse(readFileSync(file, 'utf8')));
}

/** Small, fast, deterministic pseudo-random numbers (mulberry32). */
export function seeded(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** `count` items drawn without replacement, in a seeded order. */
export function sample<T>(items: readonly T[], count: number, next: () => number): T[] {
  const copy = [...items];
  for (let i = copy.length - 1; i > 0; i--) {
    const j = Math.floor(next() * (i + 1));
    [copy[i], copy[j]] = [copy[j] as T, copy[i] as T];
  }
  return copy.slice(0, count);
}
