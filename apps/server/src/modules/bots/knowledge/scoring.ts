// How a passage is scored against a question (pure; retrieval.ts reads the numbers from the
// database): BM25 ranks the passages, and the question's coverage, the share of its terms'
// weight that the passage holds, decides whether the best one answers at all.

/** Passages a term is looked up in at most: past this it counts as common (see `termWeight`). */
export const TERM_CAP = 100;

/** BM25's usual constants: term frequency saturates (k1), length normalised at 3/4 (b). */
export const BM25_K1 = 1.2;
export const BM25_B = 0.75;

/**
 * The minimum relevance: a passage answers only when it holds more than half of what the
 * question is about, weighted by rarity (a question's words the knowledge never uses weigh as
 * its rarest words). Not tuned to a data set: "more than half" is the least that makes the
 * passage about the question rather than about one of its words; docs/decisions.md.
 */
export const MIN_RELEVANCE = 0.5;

/**
 * A term's weight: BM25's inverse document frequency. A term found in more than `cap` passages is
 * only known to be common; it is weighted as if in √(cap·total) of them, between the two bounds.
 */
export function termWeight(df: number, total: number, cap = TERM_CAP): number {
  const n = Math.max(total, df);
  const d = df > cap ? Math.min(n, Math.max(cap, Math.sqrt(cap * n))) : df;
  return Math.log(1 + (n - d + 0.5) / (d + 0.5));
}

/**
 * The weight a question's term carries in its coverage: its idf, also for a word no passage holds
 * (df 0: the highest weight): the knowledge says nothing about it, so a question about "dogs" is
 * not answered by the passage holding its other, commoner words.
 */
export function questionWeight(df: number, total: number): number {
  return termWeight(df, Math.max(MIN_COLLECTION, total));
}

/**
 * The collection size the coverage weights assume at least: in a bot's one or two passages every
 * word it holds would weigh next to nothing beside a word it lacks, and no question would reach
 * the minimum relevance.
 */
export const MIN_COLLECTION = 20;

export interface ScoredTerm {
  weight: number;
  /** Occurrences in the passage (0: absent). */
  tf: number;
}

/** BM25 of a passage: Σ idf · tf·(k1+1) / (tf + k1·(1 − b + b·length/average)). */
export function bm25(terms: readonly ScoredTerm[], length: number, averageLength: number): number {
  const norm = 1 - BM25_B + (BM25_B * length) / Math.max(1, averageLength);
  let score = 0;
  for (const t of terms) {
    if (t.tf > 0) score += (t.weight * t.tf * (BM25_K1 + 1)) / (t.tf + BM25_K1 * norm);
  }
  return score;
}

/** The share of the question's weight the passage holds, 0…1 (0 for a question of no weight). */
export function coverage(terms: readonly ScoredTerm[]): number {
  let all = 0;
  let held = 0;
  for (const t of terms) {
    all += t.weight;
    if (t.tf > 0) held += t.weight;
  }
  return all > 0 ? held / all : 0;
}

/** Reciprocal rank fusion (k = 60, as its authors use): each ranking adds 1/(k + rank). */
export function reciprocalRankFusion<T>(rankings: readonly (readonly T[])[], k = 60): Map<T, number> {
  const fused = new Map<T, number>();
  for (const ranking of rankings) {
    for (const [i, item] of ranking.entries()) fused.set(item, (fused.get(item) ?? 0) + 1 / (k + i + 1));
  }
  return fused;
}
