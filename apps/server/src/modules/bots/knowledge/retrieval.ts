import type { Db } from '../../../platform/db/database.js';
import type { RetrievedPassage } from '../engine.js';
import * as repo from './repository.js';

// Retrieval of a bot's passages for a customer's question: the question's content words, lightly
// stemmed, as prefixes OR-ed together (any word may match; passages matching more rank higher),
// over the 'simple' full-text index (same SQL on PGlite and PostgreSQL, every language alike).

const MAX_TERMS = 16;
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

/** Trims a few English/Romance endings so "returns", "returned" and "returning" meet at "return". */
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

/** A `to_tsquery` expression of the terms as prefixes OR-ed; null when nothing is left to search. */
export function toTsQuery(terms: readonly string[]): string | null {
  return terms.length === 0 ? null : terms.map((t) => `${t}:*`).join(' | ');
}

/** The bot's passages best matching the question, best first (only that application's, that bot's). */
export async function searchKnowledge(
  db: Db,
  applicationId: string,
  botId: string,
  query: string,
  limit = 3,
): Promise<RetrievedPassage[]> {
  const tsquery = toTsQuery(queryTerms(query));
  if (tsquery === null) return [];
  const n = Math.max(1, Math.min(MAX_RETRIEVAL_LIMIT, Math.floor(limit)));
  const hits = await repo.searchPassages(db, applicationId, botId, tsquery, n);
  return hits.map((h) => ({
    sourceId: h.sourceId,
    sourceName: h.sourceName,
    url: h.url,
    heading: h.heading,
    text: h.text,
    score: h.score,
  }));
}
