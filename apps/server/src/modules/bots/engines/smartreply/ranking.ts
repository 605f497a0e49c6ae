import type { BotLanguage } from '@convo/domain';
import { analyse } from '../kompose/analyser.js';
import { featureNames } from '../kompose/features.js';

// smartreply's ranking: which of the application's own replies (a bot's saved answers, the
// auto-suggest entries, quick replies, knowledge sentences) best answers a customer's message.
// Texts are read with kompose's features (words, stems, synonym groups, character n-grams; stop
// words left out), weighted by their rarity among the candidates' texts. A candidate scores
// the geometric mean of two views of its best-matching text: the cosine of the two feature sets
// (how alike they are) and the share of the message's content words it holds (how much of the
// question it covers, so a long knowledge sentence that holds every asked word still ranks).

export const REPLY_SOURCES = ['answer', 'suggestion', 'quick-reply', 'knowledge'] as const;
export type ReplySource = (typeof REPLY_SOURCES)[number];

export interface ReplyCandidate {
  source: ReplySource;
  /** Unique within its source (intent name, suggestion id, quick reply id, passage id). */
  id: string;
  /** What an agent reads as the candidate's name (intent, suggestion name, shortcut, source). */
  title: string;
  /** The texts the message is compared with (phrases, name, content, sentences). */
  keys: readonly string[];
  /** The reply; `replies[i]`, when given, is the reply when key i matched best (knowledge). */
  reply: string;
  replies?: readonly string[] | undefined;
}

export interface RankedReply {
  candidate: ReplyCandidate;
  /** The reply text for the key that matched. */
  text: string;
  /** 0…1. */
  score: number;
}

/** Ties go to the answers a person wrote for this bot before shared and extracted ones. */
const SOURCE_ORDER: Readonly<Record<ReplySource, number>> = {
  answer: 0,
  suggestion: 1,
  'quick-reply': 2,
  knowledge: 3,
};

interface Doc {
  candidate: number;
  key: number;
  features: ReadonlySet<string>;
}

/** The stem (and synonym group) features of the message's content words, one entry per word. */
function contentWords(text: string, language: BotLanguage): { stem: string; group: string | null }[] {
  const seen = new Set<string>();
  const words: { stem: string; group: string | null }[] = [];
  for (const token of analyse(text, language)) {
    if (token.stop || seen.has(token.stem)) continue;
    seen.add(token.stem);
    words.push({ stem: `s ${token.stem}`, group: token.group ? `g ${token.group}` : null });
  }
  return words;
}

/**
 * The candidates best answering `message`, best first, at most `limit`, one per distinct reply
 * text; candidates that share nothing with the message are left out.
 */
export function rankReplies(
  message: string,
  candidates: readonly ReplyCandidate[],
  language: BotLanguage,
  limit: number,
): RankedReply[] {
  const words = contentWords(message, language);
  if (words.length === 0 || candidates.length === 0) return [];

  const docs: Doc[] = [];
  // Rarity is counted among candidates, not texts: an answer's ten phrases all saying "shipping",
  // or a passage's heading repeated in each of its sentences, make it no commoner.
  const documentFrequency = new Map<string, number>();
  let counted = 0;
  for (const [c, candidate] of candidates.entries()) {
    const union = new Set<string>();
    for (const [k, key] of candidate.keys.entries()) {
      const features = new Set(featureNames(key, language, true));
      if (features.size === 0) continue;
      docs.push({ candidate: c, key: k, features });
      for (const f of features) union.add(f);
    }
    if (union.size > 0) counted++;
    for (const f of union) documentFrequency.set(f, (documentFrequency.get(f) ?? 0) + 1);
  }
  if (docs.length === 0) return [];
  // Smoothed inverse document frequency; a feature no candidate has is as rare as can be.
  const idf = (f: string) => Math.log((1 + counted) / (1 + (documentFrequency.get(f) ?? 0))) + 1;

  const query = new Set(featureNames(message, language, true));
  let queryNorm = 0;
  for (const f of query) queryNorm += idf(f) ** 2;
  queryNorm = Math.sqrt(queryNorm);
  const wordWeights = words.map((w) => idf(w.stem));
  const wordTotal = wordWeights.reduce((a, b) => a + b, 0);

  const best = new Map<number, { score: number; key: number }>();
  for (const doc of docs) {
    let dot = 0;
    let norm = 0;
    for (const f of doc.features) {
      const w = idf(f) ** 2;
      norm += w;
      if (query.has(f)) dot += w;
    }
    if (dot === 0) continue;
    const cosine = dot / (queryNorm * Math.sqrt(norm));
    let covered = 0;
    for (const [i, w] of words.entries()) {
      if (doc.features.has(w.stem) || (w.group !== null && doc.features.has(w.group))) {
        covered += wordWeights[i] as number;
      }
    }
    const score = Math.sqrt(cosine * (covered / wordTotal));
    const previous = best.get(doc.candidate);
    if (score > 0 && (!previous || score > previous.score)) best.set(doc.candidate, { score, key: doc.key });
  }

  const ranked = [...best.entries()]
    .map(([c, { score, key }]): RankedReply => {
      const candidate = candidates[c] as ReplyCandidate;
      return {
        candidate,
        text: (candidate.replies?.[key] ?? candidate.reply).trim(),
        score: Math.round(Math.min(1, score) * 1000) / 1000,
      };
    })
    .filter((r) => r.text !== '')
    .sort(
      (a, b) =>
        b.score - a.score ||
        SOURCE_ORDER[a.candidate.source] - SOURCE_ORDER[b.candidate.source] ||
        a.candidate.id.localeCompare(b.candidate.id),
    );
  const texts = new Set<string>();
  const out: RankedReply[] = [];
  for (const r of ranked) {
    const folded = r.text.toLowerCase().replace(/\s+/g, ' ');
    if (texts.has(folded)) continue;
    texts.add(folded);
    out.push(r);
    if (out.length >= limit) break;
  }
  return out;
}

/** How far the best reply must lead the next one before a bot sends it on its own. */
export const AMBIGUITY_MARGIN = 0.05;

/**
 * Whether a bot may send the best reply: it reaches the threshold and clearly leads the runner-up
 * (two different answers nearly as good means the bot cannot tell which was asked).
 */
export function isConfident(ranked: readonly RankedReply[], threshold: number): boolean {
  const [first, second] = ranked;
  if (!first || first.score < threshold) return false;
  return !second || first.score - second.score >= AMBIGUITY_MARGIN;
}

const SENTENCE_END = /(?<=[.!?。])\s+(?=\S)|\n+/u;

/** A passage split into sentences (lines and sentence ends), blank ones dropped. */
export function sentencesOf(text: string): string[] {
  return text
    .split(SENTENCE_END)
    .map((s) => s.trim())
    .filter((s) => s !== '');
}

/** Sentences shorter than this take the next one along, so the reply says something whole. */
const SHORT_SENTENCE = 80;

/**
 * A knowledge passage as a candidate: each sentence is a key, and the reply for a sentence is that
 * sentence (with the next one when it is short), not the whole passage.
 */
export function passageCandidate(passage: {
  id: string;
  title: string;
  heading: string | null;
  text: string;
}): ReplyCandidate {
  const sentences = sentencesOf(passage.text);
  const replies = sentences.map((s, i) => {
    const next = sentences[i + 1];
    return s.length < SHORT_SENTENCE && next !== undefined ? `${s} ${next}` : s;
  });
  // The heading helps a sentence match ("Returns" + "within 30 days"), it is not part of the reply.
  const keys = sentences.map((s) => (passage.heading ? `${passage.heading}. ${s}` : s));
  return {
    source: 'knowledge',
    id: passage.id,
    title: passage.title,
    keys,
    reply: replies[0] ?? '',
    replies,
  };
}
