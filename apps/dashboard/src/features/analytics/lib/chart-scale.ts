// The arithmetic of the analytics charts (analytics-charts.tsx), apart so it is tested alone.

/**
 * Round ticks from 0 up to at least `max`: steps of 1, 2 or 5 × 10ⁿ, about `count` of them
 * (only [0, 1] when there is nothing above 0).
 */
export function niceTicks(max: number, count = 4): number[] {
  if (!Number.isFinite(max) || max <= 0) return [0, 1];
  const rough = max / count;
  const power = 10 ** Math.floor(Math.log10(rough));
  const step = ([1, 2, 5, 10].map((m) => m * power).find((s) => s >= rough) ?? 10 * power) as number;
  const ticks: number[] = [];
  // Rounded at each tick: 0.1 + 0.2 must print as 0.3.
  for (let v = 0; ticks.length === 0 || ticks.at(-1)! < max; v += step) ticks.push(Number(v.toPrecision(12)));
  return ticks;
}

/** Every how many buckets an x label is printed, so labels keep `minPx` pixels each. */
export function labelStep(buckets: number, plotWidth: number, minPx = 64): number {
  if (buckets <= 0 || plotWidth <= 0) return 1;
  return Math.max(1, Math.ceil((buckets * minPx) / plotWidth));
}

/** The bucket under `x` (pixels from the plot's left edge), within [0, buckets - 1]. */
export function bucketAt(x: number, plotWidth: number, buckets: number): number {
  if (buckets <= 0 || plotWidth <= 0) return 0;
  return Math.min(buckets - 1, Math.max(0, Math.floor((x / plotWidth) * buckets)));
}

/** The keys that move the tooltip's bucket. */
export const BUCKET_KEYS: ReadonlySet<string> = new Set(['ArrowLeft', 'ArrowRight', 'Home', 'End']);

/** The bucket after `key` from `current` (none yet: the arrows start from the nearer end). */
export function moveBucket(key: string, current: number | null, buckets: number): number | null {
  if (buckets <= 0) return null;
  const last = buckets - 1;
  switch (key) {
    case 'Home':
      return 0;
    case 'End':
      return last;
    case 'ArrowRight':
      return current === null ? 0 : Math.min(last, current + 1);
    case 'ArrowLeft':
      return current === null ? last : Math.max(0, current - 1);
    default:
      return current;
  }
}
