// Reads the threshold preview's answer: how many recent customer messages would be answered and
// how many would fall back at a threshold, and how many outcomes change. The route is not in this
// branch's contract yet (the kompose branch adds { total, answered, fallBack, changed }), so the
// usual spellings are accepted; anything else reads as "no preview".

export interface ThresholdPreview {
  total: number;
  answered: number;
  fallback: number;
  /** Answers whose outcome differs from the saved threshold's, when the server says. */
  changed: number | null;
}

const count = (v: unknown): number | null =>
  typeof v === 'number' && Number.isInteger(v) && v >= 0 ? v : null;

function first(record: Record<string, unknown>, keys: readonly string[]): number | null {
  for (const key of keys) {
    const value = count(record[key]);
    if (value !== null) return value;
  }
  return null;
}

export function thresholdPreviewFrom(data: unknown): ThresholdPreview | null {
  if (typeof data !== 'object' || data === null || Array.isArray(data)) return null;
  const record = data as Record<string, unknown>;
  const answered = first(record, ['answered', 'wouldAnswer', 'answers']);
  const fallback = first(record, ['fallBack', 'fallback', 'fallbacks', 'wouldFallBack', 'wouldFallback']);
  const total = first(record, ['total', 'messages', 'count']);
  const changed = first(record, ['changed']);
  if (answered !== null && fallback !== null)
    return { total: total ?? answered + fallback, answered, fallback, changed };
  if (total !== null && answered !== null && answered <= total)
    return { total, answered, fallback: total - answered, changed };
  if (total !== null && fallback !== null && fallback <= total)
    return { total, answered: total - fallback, fallback, changed };
  return null;
}

/** The share of messages that would fall back, in whole percent (0 when there are none). */
export function fallbackPercent(preview: ThresholdPreview): number {
  return preview.total === 0 ? 0 : Math.round((preview.fallback / preview.total) * 100);
}
