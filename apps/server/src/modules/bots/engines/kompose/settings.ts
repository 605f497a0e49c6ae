// kompose's settings as stored in bots.settings (jsonb, validated by the API's schema on write).

/** Chosen on CLINC150's validation split: docs/decisions.md ("kompose classifier"). */
export const DEFAULT_CONFIDENCE_THRESHOLD = 0.35;

export function confidenceThreshold(settings: Readonly<Record<string, unknown>>): number {
  const t = settings.confidenceThreshold;
  return typeof t === 'number' && t >= 0 && t <= 1 ? t : DEFAULT_CONFIDENCE_THRESHOLD;
}

/** The messages the builder marked "none of these answers" in a language (settings.outOfScopePhrases). */
export function outOfScopePhrases(settings: Readonly<Record<string, unknown>>, language: string): string[] {
  const all = settings.outOfScopePhrases;
  if (!all || typeof all !== 'object') return [];
  const list = (all as Record<string, unknown>)[language];
  return Array.isArray(list) ? list.filter((p): p is string => typeof p === 'string' && p.trim() !== '') : [];
}
