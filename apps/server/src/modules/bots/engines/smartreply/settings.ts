// smartreply's thresholds. A bot's own `confidenceThreshold` (the builder's setting) wins; without
// one, the defaults below, chosen on the unit tests' fixed support set (docs/decisions.md,
// "smartreply engine"): paraphrases of a saved answer mostly score 0.4-1, off-topic questions under 0.4.

/** A bot sends a reply on its own from this score. */
export const DEFAULT_SMARTREPLY_THRESHOLD = 0.4;

/** An agent is shown a suggestion from this score (the agent judges; a bot must be surer). */
export const MIN_SUGGESTION_SCORE = 0.3;

export function smartReplyThreshold(settings: Readonly<Record<string, unknown>>): number {
  const t = settings.confidenceThreshold;
  return typeof t === 'number' && t >= 0 && t <= 1 ? t : DEFAULT_SMARTREPLY_THRESHOLD;
}
