// Insights (issue 36 item 5): the questions a bot could not answer, grouped into topics. Lexical:
// each sentence is a TF-IDF vector of its content words' stems (the tokenizer is kompose's analyser,
// passed in by the composition root), and a single pass puts each sentence in the nearest topic by
// cosine to the topic's centroid, or opens a new topic. Candidate topics come from an inverted index
// of the topics' strongest terms, so 50,000 sentences cost one pass with a few dozen comparisons each
// instead of the n² of hierarchical clustering. See docs/decisions.md (bot insights clustering).

export interface InsightToken {
  /** What sentences are compared by (a stem or synonym group). */
  term: string;
  /** The word as written, for the topic's label. */
  word: string;
}

export type InsightTokenizer = (text: string) => readonly InsightToken[];

export interface InsightTopic {
  label: string;
  count: number;
  examples: string[];
}

export interface ClusterOptions {
  /** Cosine to a topic's centroid from which a sentence joins it. */
  threshold?: number;
  /** Topics of fewer sentences are left out (a single odd question is not a topic). */
  minCount?: number;
  maxTopics?: number;
  maxExamples?: number;
  /** Topics compared per sentence at most (those sharing the most strong terms). */
  maxCandidates?: number;
}

const DEFAULTS: Required<ClusterOptions> = {
  threshold: 0.3,
  minCount: 2,
  maxTopics: 50,
  maxExamples: 5,
  maxCandidates: 40,
};

/** Terms of a topic indexed for finding candidates. */
const INDEXED_TERMS = 4;

interface Sentence {
  text: string;
  count: number;
  vector: Map<string, number>;
}

interface Topic {
  centroid: Map<string, number>;
  norm: number;
  count: number;
  members: Sentence[];
  indexed: Set<string>;
}

const normalise = (text: string) => text.trim().replace(/\s+/g, ' ');

// Words of asking rather than of the topic, which the stop-word lists keep ("when will my parcel
// arrive" is about the parcel). Accent-folded, as the analyser gives words.
const FILLERS = new Set(
  [
    'when where what which why how who will would can could should not no yet still please want need',
    'get know tell ok okay hi hello hey thanks thank help just also really',
    'esta estan ha he puedo puede quiero como cuando donde que hola gracias favor necesito ayuda',
    'est sont peux peut veux comment quand ou quoi bonjour merci pas besoin aide',
  ]
    .join(' ')
    .split(' '),
);

/** The distinct sentences with their counts and vectors; sentences with no content word drop out. */
function vectorise(
  sentences: readonly string[],
  tokenize: InsightTokenizer,
  words: Map<string, Map<string, number>>,
) {
  const distinct = new Map<string, { text: string; count: number; terms: Map<string, number> }>();
  for (const raw of sentences) {
    const text = normalise(raw);
    if (!text) continue;
    // The same question with other case or punctuation is the same question.
    const key = text
      .toLowerCase()
      .replace(/[^\p{L}\p{N}\p{M}\s]/gu, '')
      .trim();
    const seen = distinct.get(key);
    if (seen) {
      seen.count += 1;
      continue;
    }
    const terms = new Map<string, number>();
    for (const t of tokenize(text)) {
      if (FILLERS.has(t.word)) continue;
      terms.set(t.term, (terms.get(t.term) ?? 0) + 1);
      let forms = words.get(t.term);
      if (!forms) {
        forms = new Map();
        words.set(t.term, forms);
      }
      forms.set(t.word, (forms.get(t.word) ?? 0) + 1);
    }
    if (terms.size > 0) distinct.set(key, { text, count: 1, terms });
  }
  const df = new Map<string, number>();
  for (const s of distinct.values()) for (const term of s.terms.keys()) df.set(term, (df.get(term) ?? 0) + 1);
  const n = distinct.size;
  const out: Sentence[] = [];
  for (const s of distinct.values()) {
    const vector = new Map<string, number>();
    let sq = 0;
    for (const [term, tf] of s.terms) {
      // Damped IDF: a topic's own word is frequent among its sentences and must still carry it.
      const w = (1 + Math.log(tf)) * Math.sqrt(Math.log(1 + n / (df.get(term) ?? 1)));
      vector.set(term, w);
      sq += w * w;
    }
    const norm = Math.sqrt(sq) || 1;
    for (const [term, w] of vector) vector.set(term, w / norm);
    out.push({ text: s.text, count: s.count, vector });
  }
  return out;
}

function strongest(vector: Map<string, number>, k: number): string[] {
  return [...vector.entries()]
    .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))
    .slice(0, k)
    .map(([t]) => t);
}

/** Groups sentences into topics, largest first. Deterministic for the same input. */
export function clusterSentences(
  sentences: readonly string[],
  tokenize: InsightTokenizer,
  options: ClusterOptions = {},
): InsightTopic[] {
  const o = { ...DEFAULTS, ...options };
  const words = new Map<string, Map<string, number>>();
  // Most asked first, so a topic's centroid starts from a typical question.
  const items = vectorise(sentences, tokenize, words).sort(
    (a, b) => b.count - a.count || (a.text < b.text ? -1 : a.text > b.text ? 1 : 0),
  );
  const topics: Topic[] = [];
  const index = new Map<string, number[]>();

  for (const s of items) {
    const shared = new Map<number, number>();
    for (const term of s.vector.keys()) {
      for (const id of index.get(term) ?? []) shared.set(id, (shared.get(id) ?? 0) + 1);
    }
    const candidates = [...shared.entries()]
      .sort((a, b) => b[1] - a[1] || a[0] - b[0])
      .slice(0, o.maxCandidates);
    let best = -1;
    let bestScore = 0;
    for (const [id] of candidates) {
      const t = topics[id] as Topic;
      let dot = 0;
      for (const [term, w] of s.vector) dot += w * (t.centroid.get(term) ?? 0);
      const score = dot / t.norm;
      if (score > bestScore) {
        bestScore = score;
        best = id;
      }
    }
    let id = best;
    if (best < 0 || bestScore < o.threshold) {
      id = topics.length;
      topics.push({ centroid: new Map(), norm: 1, count: 0, members: [], indexed: new Set() });
    }
    const t = topics[id] as Topic;
    // The centroid is the sum of the members' unit vectors (weighted by how often each was asked).
    for (const [term, w] of s.vector) t.centroid.set(term, (t.centroid.get(term) ?? 0) + w * s.count);
    let sq = 0;
    for (const w of t.centroid.values()) sq += w * w;
    t.norm = Math.sqrt(sq) || 1;
    t.count += s.count;
    t.members.push(s);
    for (const term of strongest(t.centroid, INDEXED_TERMS)) {
      if (t.indexed.has(term)) continue;
      t.indexed.add(term);
      let list = index.get(term);
      if (!list) {
        list = [];
        index.set(term, list);
      }
      list.push(id);
    }
  }

  const label = (t: Topic) =>
    strongest(t.centroid, 3)
      .map((term) => {
        const forms = words.get(term);
        if (!forms) return term;
        return [...forms.entries()].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))[0]?.[0] ?? term;
      })
      .join(' · ');

  return topics
    .filter((t) => t.count >= o.minCount)
    .sort((a, b) => b.count - a.count || b.members.length - a.members.length)
    .slice(0, o.maxTopics)
    .map((t) => ({
      label: label(t),
      count: t.count,
      examples: t.members
        .slice()
        .sort((a, b) => b.count - a.count)
        .slice(0, o.maxExamples)
        .map((m) => m.text),
    }));
}
