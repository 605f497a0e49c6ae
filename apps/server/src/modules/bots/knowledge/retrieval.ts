import type { Db } from '../../../platform/db/database.js';
import type { RetrievedPassage } from '../engine.js';
import * as repo from './repository.js';

// Retrieval of a bot's passages for a customer's question: the question's content words and their
// common inflections, looked up in the 'simple' full-text index (same SQL on PGlite and
// PostgreSQL, every language alike) and weighted by how rare they are (BM25's idf), so common
// words neither drown the answer nor make the search read every passage.

const MAX_TERMS = 10;
export const MAX_RETRIEVAL_LIMIT = 20;

// Words too common to say what a question is about (en, es, fr); Kannada has none listed here.
const STOPWORDS = new Set(
  (
    'a an and are as at be but by can could did do does for from had has have how i if in is it its me my ' +
    'no not of on or our so that the their them then there these they this to us was we were what when where ' +
    'which who why will with would you your please hi hello thanks ' +
    'el la los las un una unos unas y o de del que en es son por para con como cual cuando donde mi mis tu su ' +
    'sus se lo le les al hay me te nos por favor hola gracias qué cómo cuándo dónde ' +
    'le la les un une des et ou de du est sont pour par avec comment quand où mon ma mes ton ta tes son sa ' +
    'ses ce cette ces il elle ils elles je tu nous vous au aux en y qui que quoi bonjour merci'
  ).split(/\s+/),
);

/** Trims a few English/Romance endings: "returns", "returned" and "returning" give "return". */
export function stem(word: string): string {
  if (!/^[a-zà-ÿ]+$/.test(word) || word.length <= 4) return word;
  for (const suffix of ['ing', 'ed', 'es', 's']) {
    if (word.endsWith(suffix) && word.length - suffix.length >= 3) {
      const base = word.slice(0, -suffix.length);
      // shipping → shipp → ship
      return suffix.length >= 2 && /([b-df-hj-np-tv-z])\1$/.test(base) ? base.slice(0, -1) : base;
    }
  }
  return word;
}

/** The query's search terms: lower-case words (letters, marks, digits), stopwords dropped, stemmed. */
export function queryTerms(query: string): string[] {
  const words =
    query
      .normalize('NFKC')
      .toLowerCase()
      .match(/[\p{L}\p{M}\p{N}]+/gu) ?? [];
  const terms: string[] = [];
  for (const word of words) {
    if (STOPWORDS.has(word) || (word.length < 2 && !/\p{N}/u.test(word))) continue;
    const term = stem(word);
    if (!terms.includes(term)) terms.push(term);
    if (terms.length >= MAX_TERMS) break;
  }
  return terms;
}

/**
 * The lexemes a question's word stands for: itself, its stem and the stem's common inflections
 * (exact lexemes: the GIN index finds each at once, where a prefix would scan a range of them).
 */
export function wordForms(word: string): string[] {
  const base = stem(word);
  const forms = new Set([word, base]);
  if (/^[a-zà-ÿ]+$/.test(base) && base.length >= 3) {
    const last = base.at(-1) ?? '';
    for (const ending of ['s', 'es', 'ed', 'ing']) forms.add(base + ending);
    // ship → shipped, shipping
    if (/[aeiou][b-df-hj-np-tv-z]$/.test(base) && !/[aeiou]{2}[b-df-hj-np-tv-z]$/.test(base)) {
      for (const ending of ['ed', 'ing']) forms.add(base + last + ending);
    }
  }
  return [...forms];
}

// Each bot's terms already looked up (their passage ids, at most TERM_CAP + 1), for as long as its
// sources do not change: the words customers use again and again ("order", "delivery") are the
// costly ones to look up. Keyed by application and bot; checked against the database's version of
// the bot's sources on every question, so every node sees a change at once.
const CACHED_BOTS = 500;
const CACHED_TERMS_PER_BOT = 5000;
const termCaches = new Map<string, { version: string; terms: Map<string, number[]> }>();

function termCache(key: string, version: string): Map<string, number[]> {
  let entry = termCaches.get(key);
  if (entry) termCaches.delete(key);
  if (!entry || entry.version !== version) entry = { version, terms: new Map() };
  // Most recently used last; the oldest bot goes first.
  termCaches.set(key, entry);
  if (termCaches.size > CACHED_BOTS) termCaches.delete(termCaches.keys().next().value!);
  return entry.terms;
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

/** Passages a term is looked up in at most: past this it counts as common (see `termWeight`). */
export const TERM_CAP = 100;
/** Passages scored per question at most. */
const MAX_CANDIDATES = 400;
/** Candidates when the question has only common words. */
const COMMON_CANDIDATES = 100;

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
 * The bot's passages best matching the question, best first (only that application's, that bot's).
 * Candidates are the passages holding the question's less common terms (all of them: the GIN index
 * finds them), or a sample of the common terms' passages when it has no other; each is scored by
 * the weights of the terms it contains over those of the question's terms the bot knows (0…1), so
 * "gift card expire" prefers a passage with "gift" and "expire" over one repeating "card".
 */
export async function searchKnowledge(
  db: Db,
  applicationId: string,
  botId: string,
  query: string,
  limit = 3,
): Promise<RetrievedPassage[]> {
  const forms = queryTerms(query).map((t) => wordForms(t));
  // A term is its forms OR-ed, as a tsquery (word characters only: the plain cast reads it).
  const terms = forms.map((f) => f.join(' | '));
  if (terms.length === 0) return [];
  const n = Math.max(1, Math.min(MAX_RETRIEVAL_LIMIT, Math.floor(limit)));
  const { total, version } = await repo.passageStats(db, applicationId, botId);
  if (total === 0) return [];
  const known = termCache(`${applicationId}/${botId}`, version);
  const missing = terms.filter((t) => !known.has(t));
  if (missing.length > 0) {
    const found = missing.map(() => [] as number[]);
    for (const row of await repo.passagesPerTerm(db, applicationId, botId, missing, TERM_CAP + 1)) {
      found[row.term]?.push(row.id);
    }
    if (known.size + missing.length > CACHED_TERMS_PER_BOT) known.clear();
    for (const [i, term] of missing.entries()) known.set(term, found[i]!);
  }
  const perTerm = terms.map((t) => known.get(t) ?? []);
  const rare = perTerm.filter((ids) => ids.length > 0 && ids.length <= TERM_CAP);
  const candidates = rare.length > 0 ? [...new Set(rare.flat())] : mostShared(perTerm, COMMON_CANDIDATES);
  const present = terms
    .map((_, i) => ({
      forms: forms[i]!,
      weight: perTerm[i]!.length > 0 ? termWeight(perTerm[i]!.length, total) : 0,
    }))
    .filter((t) => t.weight > 0);
  const sum = present.reduce((acc, t) => acc + t.weight, 0);
  if (sum <= 0) return [];
  const rows = await repo.candidatePassages(
    db,
    applicationId,
    botId,
    candidates.slice(0, MAX_CANDIDATES),
    present.flatMap((t) => t.forms),
  );
  const hits = rows
    .map((row) => {
      const held = new Set(row.matched);
      const score =
        present.reduce((acc, t) => (t.forms.some((f) => held.has(f)) ? acc + t.weight : acc), 0) / sum;
      return { ...row, score };
    })
    .filter((h) => h.score > 0)
    .sort((a, b) => b.score - a.score || a.id - b.id)
    .slice(0, n);
  return hits.map((h) => ({
    id: h.id,
    sourceId: h.sourceId,
    sourceName: h.sourceName,
    url: h.url,
    heading: h.heading,
    text: h.text,
    score: Math.round(h.score * 1000) / 1000,
  }));
}
