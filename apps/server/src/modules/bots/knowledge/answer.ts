import type { BotLanguage } from '@convo/domain';
import type { PassageExplanation } from '../engine.js';
import { analyse } from '../engines/kompose/analyser.js';

// The answer taken from a passage: its best one to three sentences for the question (extractive),
// rather than the whole passage; and the arbitration between a saved answer and a passage when
// both match the question.

/** Sentences in an answer at most. */
export const MAX_ANSWER_SENTENCES = 3;

const segmenters = new Map<string, Intl.Segmenter>();

/** The text's sentences (Intl.Segmenter: abbreviations and decimals such as "4.90" stay whole). */
export function sentencesOf(text: string, language: BotLanguage): string[] {
  let segmenter = segmenters.get(language);
  if (!segmenter) {
    segmenter = new Intl.Segmenter(language, { granularity: 'sentence' });
    segmenters.set(language, segmenter);
  }
  const out: string[] = [];
  // A line break ends a sentence too (lists, table rows, the passage's joined paragraphs).
  for (const line of text.split(/\n+/)) {
    for (const { segment } of segmenter.segment(line)) {
      const s = segment.trim();
      if (s) out.push(s);
    }
  }
  return out;
}

type Terms = readonly { term: string; weight: number }[];

function stemsOf(text: string, language: BotLanguage): Set<string> {
  return new Set(analyse(text, language).map((t) => t.stem));
}

function held(terms: Terms, ...sets: ReadonlySet<string>[]): number {
  return terms.reduce((sum, t) => (sets.some((s) => s.has(t.term)) ? sum + t.weight : sum), 0);
}

export interface SentenceMatch {
  /** The answer: one to three sentences, in reading order. */
  answer: string;
  /**
   * The passage's relevance: the largest share of the question's weight that one of its sentences
   * holds, with the passage's heading (what the passage is about), among sentences holding two of
   * the question's terms (one for a one-term question). A passage holding the question's words
   * only scattered over unrelated sentences, or one rare word of it, is not about the question.
   */
  relevance: number;
}

/**
 * The passage's best one to three sentences for the question, in reading order: the sentence
 * holding most of the question's weight (with the heading), then, while one adds question terms
 * not yet held, the sentence adding most (a neighbour of the chosen first, on a tie: "The Lisbon
 * pickup point is at… It opens Tuesday to Saturday…"). The first sentences when none holds a term
 * (a passage found by meaning alone).
 */
export function matchSentences(
  text: string,
  heading: string | null,
  terms: Terms,
  language: BotLanguage,
): SentenceMatch {
  const total = terms.reduce((s, t) => s + t.weight, 0);
  const sentences = sentencesOf(text, language);
  if (sentences.length === 0 || total <= 0) {
    return { answer: sentences.slice(0, MAX_ANSWER_SENTENCES).join(' ') || text.trim(), relevance: 0 };
  }
  const head = heading ? stemsOf(heading, language) : new Set<string>();
  const stems = sentences.map((s) => stemsOf(s, language));
  const own = stems.map((s) => held(terms, s));
  const withHead = stems.map((s) => held(terms, s, head));
  // One shared word is a coincidence unless the question has only one: a sentence counts toward
  // the relevance when it holds two of the question's terms (one for a one-term question).
  const needed = Math.min(2, terms.length);
  const counts = stems.map((s) => terms.filter((t) => s.has(t.term) || head.has(t.term)).length);
  const best = Math.max(...withHead.map((w, i) => (counts[i]! >= needed ? w : 0)));
  if (best <= 0 || Math.max(...own) <= 0) {
    return { answer: sentences.slice(0, MAX_ANSWER_SENTENCES).join(' '), relevance: best / total };
  }
  // The best sentence by its own words first (the heading adds the same to each).
  let first = 0;
  for (let i = 1; i < sentences.length; i++) {
    if (withHead[i]! > withHead[first]! || (withHead[i] === withHead[first] && own[i]! > own[first]!))
      first = i;
  }
  const chosen = [first];
  const covered = new Set([...stems[first]!, ...head]);
  while (chosen.length < MAX_ANSWER_SENTENCES) {
    let pick = -1;
    let gain = 0;
    let near = false;
    for (let i = 0; i < sentences.length; i++) {
      if (chosen.includes(i)) continue;
      const g = terms.reduce(
        (sum, t) => (!covered.has(t.term) && stems[i]!.has(t.term) ? sum + t.weight : sum),
        0,
      );
      const adjacent = chosen.some((c) => Math.abs(c - i) === 1);
      if (g > gain + 1e-9 || (g > 0 && Math.abs(g - gain) <= 1e-9 && adjacent && !near)) {
        pick = i;
        gain = g;
        near = adjacent;
      }
    }
    if (pick < 0) break;
    chosen.push(pick);
    for (const stem of stems[pick]!) covered.add(stem);
  }
  // A short best sentence ("Yes, it is.") takes the next one with it.
  if (chosen.length === 1 && sentences[first]!.split(/\s+/).length < 6 && first + 1 < sentences.length) {
    chosen.push(first + 1);
  }
  return {
    answer: chosen
      .sort((a, b) => a - b)
      .map((i) => sentences[i])
      .join(' '),
    relevance: best / total,
  };
}

/** The answer sentences alone (see `matchSentences`). */
export function extractAnswer(
  text: string,
  terms: Terms,
  language: BotLanguage,
  heading: string | null = null,
): string {
  return matchSentences(text, heading, terms, language).answer;
}

/** How much more of the question a passage must hold than a saved answer's phrases to win. */
export const ARBITRATION_MARGIN = 0.25;

export interface Arbitration {
  winner: 'answer' | 'knowledge';
  /** Share of the question's weight found in the answer's phrases. */
  answerCoverage: number;
  /** The passage's relevance. */
  passageCoverage: number;
  /** The question's terms the passage holds and the answer's phrases do not (names, places…). */
  specificTerms: string[];
}

/**
 * A saved answer and a knowledge passage both match: the passage wins when it holds question terms
 * the answer's phrases never use (its specific terms: "Lisbon", "pickup") and covers clearly more
 * of the question (by the margin). "When does the Lisbon pickup point open?" is the document's
 * pickup-point hours, not the shop's opening hours answer trained on "when do you open".
 */
export function arbitrate(passage: PassageExplanation, answerStems: ReadonlySet<string>): Arbitration {
  const all = passage.terms.reduce((s, t) => s + t.weight, 0);
  const inAnswer = passage.terms.reduce((s, t) => (answerStems.has(t.term) ? s + t.weight : s), 0);
  const answerCoverage = all > 0 ? inAnswer / all : 0;
  const specificTerms = passage.terms.filter((t) => t.matched && !answerStems.has(t.term)).map((t) => t.term);
  const wins = specificTerms.length > 0 && passage.relevance >= answerCoverage + ARBITRATION_MARGIN;
  return {
    winner: wins ? 'knowledge' : 'answer',
    answerCoverage: Math.round(answerCoverage * 1000) / 1000,
    passageCoverage: passage.relevance,
    specificTerms,
  };
}
