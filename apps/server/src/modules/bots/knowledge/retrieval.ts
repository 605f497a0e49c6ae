import type { BotLanguage } from '@convo/domain';
import type { Db } from '../../../platform/db/database.js';
import type { RetrievedPassage } from '../engine.js';
import { matchSentences } from './answer.js';
import type { Embedder } from './embeddings.js';
import * as repo from './repository.js';
import {
  bm25,
  coverage,
  MIN_RELEVANCE,
  questionWeight,
  reciprocalRankFusion,
  type ScoredTerm,
  TERM_CAP,
  termWeight,
} from './scoring.js';
import { questionTerms } from './terms.js';

// Retrieval of a bot's passages for a customer's question: the question's content words (kompose's
// stems and stop words, terms.ts) and their common inflections, looked up in the 'simple'
// full-text index (same SQL on PGlite and PostgreSQL, every language alike), ranked by BM25 and
// kept only above the minimum relevance (scoring.ts); hybrid with embeddings when configured.

export const MAX_RETRIEVAL_LIMIT = 20;

// Each bot's terms already looked up (their passage ids, at most TERM_CAP + 1), for as long as its
// sources do not change: the words customers use again and again ("order", "delivery") are the
// costly ones to look up. Keyed by application and bot; checked against the database's version of
// the bot's sources on every question, so every node sees a change at once.
const CACHED_BOTS = 500;
const CACHED_TERMS_PER_BOT = 5000;
interface BotCache {
  version: string;
  terms: Map<string, number[]>;
  /** The average passage length (BM25), read once per version. */
  averageLength?: number;
}
const termCaches = new Map<string, BotCache>();

function botCache(key: string, version: string): BotCache {
  let entry = termCaches.get(key);
  if (entry) termCaches.delete(key);
  if (!entry || entry.version !== version) entry = { version, terms: new Map() };
  // Most recently used last; the oldest bot goes first.
  termCaches.set(key, entry);
  if (termCaches.size > CACHED_BOTS) termCaches.delete(termCaches.keys().next().value!);
  return entry;
}

/** The ids found for the most terms first (only common terms matched: a sample of their passages). */
function mostShared(perTerm: readonly number[][], max: number): number[] {
  const counts = new Map<number, number>();
  for (const ids of perTerm) for (const id of ids) counts.set(id, (counts.get(id) ?? 0) + 1);
  return [...counts.entries()]
    .sort((a, b) => b[1] - a[1] || a[0] - b[0])
    .slice(0, max)
    .map(([id]) => id);
}

/** Passages scored per question at most. */
const MAX_CANDIDATES = 400;
/** Candidates when the question has only common words. */
const COMMON_CANDIDATES = 100;
/** Ranked passages beyond `limit` whose sentences are read when better ones fall short. */
const SENTENCE_CHECKS = 10;
/** Nearest passages by embedding fused with the keyword ranking. */
const VECTOR_CANDIDATES = 20;

export interface SearchOptions {
  /** The question's language (stemming, stop words); English when not given. */
  language?: BotLanguage | undefined;
  /** When the application has an embeddings provider: hybrid search. */
  embedder?: Embedder | null | undefined;
  /** Below this relevance (0…1) a passage is not returned; MIN_RELEVANCE by default. */
  minRelevance?: number | undefined;
  signal?: AbortSignal | undefined;
  log?: { warn(obj: object, msg?: string): void } | undefined;
}

/**
 * The bot's passages answering the question, best first (only that application's, that bot's),
 * none when no passage reaches the minimum relevance. Candidates are the passages holding the
 * question's less common terms (all of them: the GIN index finds them), or a sample of the common
 * terms' passages when it has no other; each is ranked by BM25 (term frequency from the tsvector's
 * positions, length normalised) and must hold more than half of the question's weight (scoring.ts).
 * With an embedder, the passages nearest the question's embedding join the candidates, may answer
 * on their similarity alone, and the two rankings are fused by reciprocal rank.
 */
export async function searchKnowledge(
  db: Db,
  applicationId: string,
  botId: string,
  query: string,
  limit = 3,
  options: SearchOptions = {},
): Promise<RetrievedPassage[]> {
  const terms = questionTerms(query, options.language ?? 'en');
  const embedder = options.embedder ?? null;
  if (terms.length === 0 && !embedder) return [];
  const n = Math.max(1, Math.min(MAX_RETRIEVAL_LIMIT, Math.floor(limit)));
  const { total, version } = await repo.passageStats(db, applicationId, botId);
  if (total === 0) return [];
  const cache = botCache(`${applicationId}/${botId}`, version);
  // A term is its forms OR-ed, as a tsquery (word characters only: the plain cast reads it).
  const tsTerms = terms.map((t) => t.forms.join(' | '));
  const known = cache.terms;
  const missing = tsTerms.filter((t) => !known.has(t));
  if (missing.length > 0) {
    const found = missing.map(() => [] as number[]);
    for (const row of await repo.passagesPerTerm(db, applicationId, botId, missing, TERM_CAP + 1)) {
      found[row.term]?.push(row.id);
    }
    if (known.size + missing.length > CACHED_TERMS_PER_BOT) known.clear();
    for (const [i, term] of missing.entries()) known.set(term, found[i]!);
  }
  cache.averageLength ??= await repo.averagePassageLength(db, applicationId, botId);
  const averageLength = cache.averageLength;

  const perTerm = tsTerms.map((t) => known.get(t) ?? []);
  const rare = perTerm.filter((ids) => ids.length > 0 && ids.length <= TERM_CAP);
  const keywordIds = rare.length > 0 ? [...new Set(rare.flat())] : mostShared(perTerm, COMMON_CANDIDATES);
  // Ranking weights are BM25's idf; a term no passage holds still weighs in the coverage.
  const weights = perTerm.map((ids) => ({
    rank: ids.length > 0 ? termWeight(ids.length, total) : 0,
    question: ids.length > TERM_CAP ? termWeight(ids.length, total) : questionWeight(ids.length, total),
  }));

  let nearest: { id: number; similarity: number }[] = [];
  if (embedder) {
    try {
      const [vector] = await embedder.embed([query], options.signal);
      if (vector) {
        nearest = await repo.nearestPassages(
          db,
          applicationId,
          botId,
          embedder.model,
          vector,
          VECTOR_CANDIDATES,
        );
      }
    } catch (err) {
      // The keyword ranking still answers when the provider does not.
      options.log?.warn({ err }, 'knowledge: the question could not be embedded');
    }
  }
  const minRelevance = options.minRelevance ?? MIN_RELEVANCE;
  // The cached lists say which candidates can answer at all before any passage is read: a term
  // looked up whole (a rare one) is held exactly by its listed passages; a common term is counted
  // as held. A candidate whose best possible relevance is under the minimum never answers, so its
  // word counts are not read (they were most of a search's time, issue 34).
  const questionTotal = weights.reduce((sum, w) => sum + w.question, 0);
  let commonWeight = 0;
  const rareWeightOf = new Map<number, number>();
  for (const [i, ids] of perTerm.entries()) {
    if (ids.length > TERM_CAP) commonWeight += weights[i]!.question;
    else for (const id of ids) rareWeightOf.set(id, (rareWeightOf.get(id) ?? 0) + weights[i]!.question);
  }
  const mayAnswer = (id: number) =>
    questionTotal > 0 && ((rareWeightOf.get(id) ?? 0) + commonWeight) / questionTotal > minRelevance - 1e-9;
  const ids = [
    ...new Set([...keywordIds.filter(mayAnswer).slice(0, MAX_CANDIDATES), ...nearest.map((h) => h.id)]),
  ];
  const rows = await repo.candidateStats(
    db,
    applicationId,
    botId,
    ids,
    terms.flatMap((t) => t.forms),
  );
  const similarityOf = new Map(nearest.map((h) => [h.id, h.similarity]));
  const scored = rows.map((row) => {
    const tfOf = new Map(row.matched.map((m) => [m.lexeme, m.tf]));
    const tfs = terms.map((t) => t.forms.reduce((sum, f) => sum + (tfOf.get(f) ?? 0), 0));
    const ranked: ScoredTerm[] = tfs.map((tf, i) => ({ weight: weights[i]!.rank, tf }));
    const asked: ScoredTerm[] = tfs.map((tf, i) => ({ weight: weights[i]!.question, tf }));
    return {
      id: row.id,
      bm25: bm25(ranked, row.length, averageLength),
      relevance: coverage(asked),
      similarity: similarityOf.get(row.id) ?? null,
      terms: terms.map((t, i) => ({
        term: t.key,
        weight: round(weights[i]!.question),
        matched: (tfs[i] ?? 0) > 0,
      })),
    };
  });
  const byBm25 = [...scored].filter((h) => h.bm25 > 0).sort((a, b) => b.bm25 - a.bm25 || a.id - b.id);
  let ranked = byBm25;
  if (nearest.length > 0) {
    const byId = new Map(scored.map((h) => [h.id, h]));
    const vectorRanking = nearest.map((h) => byId.get(h.id)).filter((h) => h !== undefined);
    const fused = reciprocalRankFusion([byBm25, vectorRanking]);
    ranked = [...fused.entries()].sort((a, b) => b[1] - a[1] || a[0].id - b[0].id).map(([h]) => h);
  }
  // Text is read for the best ranked only: as many as may be returned and a few more, whose
  // relevance is then read from their sentences (answer.ts).
  const window = ranked.slice(0, n + SENTENCE_CHECKS);
  const detailsOf = new Map(
    (
      await repo.passageDetails(
        db,
        applicationId,
        botId,
        window.map((h) => h.id),
      )
    ).map((d) => [d.id, d]),
  );
  const minSimilarity = embedder?.minSimilarity ?? Number.POSITIVE_INFINITY;
  const language = options.language ?? 'en';
  const answers: RetrievedPassage[] = [];
  for (const h of window) {
    if (answers.length >= n) break;
    const row = detailsOf.get(h.id);
    if (!row) continue;
    if (h.relevance > minRelevance) {
      h.relevance = matchSentences(row.text, row.heading, h.terms, language).relevance;
    }
    if (!(h.relevance > minRelevance || (h.similarity !== null && h.similarity >= minSimilarity))) continue;
    answers.push({
      id: row.id,
      sourceId: row.sourceId,
      sourceName: row.sourceName,
      url: row.url,
      heading: row.heading,
      text: row.text,
      score: round(h.relevance),
      explain: {
        relevance: round(h.relevance),
        minRelevance,
        bm25: round(h.bm25),
        similarity: h.similarity === null ? null : round(h.similarity),
        ranking: nearest.length > 0 ? 'hybrid' : 'keyword',
        terms: h.terms,
      },
    });
  }
  return answers;
}

const round = (x: number) => Math.round(x * 1000) / 1000;
