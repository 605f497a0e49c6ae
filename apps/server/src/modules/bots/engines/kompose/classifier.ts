// kompose's intent classifier: multinomial logistic regression over sparse TF-IDF features,
// trained with stochastic gradient descent. Linear, so training on thousands of phrases takes
// seconds and answering takes well under a millisecond; softmax gives a confidence that the
// engine compares with the bot's threshold to decide between an answer and the fallback.
// Why this and not a library: docs/decisions.md ("kompose classifier").

import type { BotLanguage } from '@convo/domain';
import { type SerializedVocabulary, type SparseVector, tokenize, Vocabulary } from './features.js';

export interface TrainingExample {
  text: string;
  intent: string;
}

export interface TrainingOptions {
  epochs?: number;
  learningRate?: number;
  /** L2 penalty per step, applied lazily to the touched weights. */
  l2?: number;
  /** Deterministic shuffling (tests and benches repeat exactly). */
  seed?: number;
  /** Language-aware features (stems, synonyms); without it, the language-neutral ones. */
  language?: BotLanguage;
}

/** A trained model as stored (the worker trains, any web node answers). */
export interface SerializedClassifier {
  intents: string[];
  vocabulary: SerializedVocabulary;
  /** Float32 weights, little-endian, base64. */
  weights: string;
  bias: number[];
}

export interface Prediction {
  intent: string;
  confidence: number;
}

/** Small, fast, deterministic pseudo-random numbers (mulberry32). */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function softmaxInPlace(scores: Float32Array): void {
  let max = -Infinity;
  for (const s of scores) if (s > max) max = s;
  let sum = 0;
  for (let c = 0; c < scores.length; c++) {
    const e = Math.exp((scores[c] as number) - max);
    scores[c] = e;
    sum += e;
  }
  for (let c = 0; c < scores.length; c++) scores[c] = (scores[c] as number) / sum;
}

export class IntentClassifier {
  private constructor(
    readonly intents: readonly string[],
    private readonly vocabulary: Vocabulary,
    /** Feature-major: the weights of feature f are [f * classes, (f + 1) * classes). */
    private readonly weights: Float32Array,
    private readonly bias: Float32Array,
  ) {}

  static train(examples: readonly TrainingExample[], options: TrainingOptions = {}): IntentClassifier {
    const intents = [...new Set(examples.map((e) => e.intent))].sort();
    if (intents.length === 0) throw new Error('No training phrases');
    const classOf = new Map(intents.map((intent, c) => [intent, c]));
    const vocabulary = new Vocabulary(options.language);
    vocabulary.fit(examples.map((e) => e.text));
    const vectors = examples.map((e) => vocabulary.vectorize(e.text));
    const labels = Int32Array.from(examples, (e) => classOf.get(e.intent) as number);
    const classes = intents.length;
    const weights = new Float32Array(vocabulary.size * classes);
    const bias = new Float32Array(classes);
    const model = new IntentClassifier(intents, vocabulary, weights, bias);
    if (classes > 1) model.fit(vectors, labels, options);
    return model;
  }

  private fit(vectors: readonly SparseVector[], labels: Int32Array, options: TrainingOptions): void {
    const epochs = options.epochs ?? 12;
    const learningRate = options.learningRate ?? 2;
    const l2 = options.l2 ?? 1e-5;
    const next = random(options.seed ?? 1);
    const classes = this.intents.length;
    const order = Int32Array.from(vectors, (_v, i) => i);
    const probabilities = new Float32Array(classes);
    const steps = epochs * vectors.length;
    let step = 0;
    for (let epoch = 0; epoch < epochs; epoch++) {
      for (let i = order.length - 1; i > 0; i--) {
        const j = Math.floor(next() * (i + 1));
        const t = order[i] as number;
        order[i] = order[j] as number;
        order[j] = t;
      }
      for (const n of order) {
        const vector = vectors[n] as SparseVector;
        const rate = learningRate * (1 - step / steps) + 0.01;
        step++;
        this.scoresInto(vector, probabilities);
        softmaxInPlace(probabilities);
        probabilities[labels[n] as number] = (probabilities[labels[n] as number] as number) - 1;
        const shrink = 1 - rate * l2;
        for (let k = 0; k < vector.index.length; k++) {
          const base = (vector.index[k] as number) * classes;
          const g = rate * (vector.value[k] as number);
          for (let c = 0; c < classes; c++) {
            this.weights[base + c] =
              (this.weights[base + c] as number) * shrink - g * (probabilities[c] as number);
          }
        }
        for (let c = 0; c < classes; c++) {
          this.bias[c] = (this.bias[c] as number) - rate * 0.1 * (probabilities[c] as number);
        }
      }
    }
  }

  private scoresInto(vector: SparseVector, out: Float32Array): void {
    out.set(this.bias);
    const classes = this.intents.length;
    for (let k = 0; k < vector.index.length; k++) {
      const base = (vector.index[k] as number) * classes;
      const v = vector.value[k] as number;
      for (let c = 0; c < classes; c++) out[c] = (out[c] as number) + v * (this.weights[base + c] as number);
    }
  }

  get vocabularySize(): number {
    return this.vocabulary.size;
  }

  /** The text's L2-normalised TF-IDF vector over the training vocabulary. */
  vectorize(text: string, contentOnly = false): SparseVector {
    return this.vocabulary.vectorize(text, contentOnly);
  }

  /** The probability of each intent (in `intents` order) for a vectorised text. */
  probabilities(vector: SparseVector): Float32Array {
    const probabilities = new Float32Array(this.intents.length);
    this.scoresInto(vector, probabilities);
    softmaxInPlace(probabilities);
    return probabilities;
  }

  /** Every intent with its probability, best first. */
  rank(text: string): Prediction[] {
    const probabilities = this.probabilities(this.vocabulary.vectorize(text));
    return this.intents
      .map((intent, c) => ({ intent, confidence: probabilities[c] as number }))
      .sort((a, b) => b.confidence - a.confidence);
  }

  predict(text: string): Prediction {
    const probabilities = new Float32Array(this.intents.length);
    this.scoresInto(this.vocabulary.vectorize(text), probabilities);
    softmaxInPlace(probabilities);
    let best = 0;
    for (let c = 1; c < probabilities.length; c++) {
      if ((probabilities[c] as number) > (probabilities[best] as number)) best = c;
    }
    return { intent: this.intents[best] as string, confidence: probabilities[best] as number };
  }

  /**
   * How much of the text the training phrases knew, 0…1: each word counts as known by itself, or
   * by the share of its character trigrams seen (typos, inflections), weighted by how rare the word
   * is (unknown words weigh most, stop words least). A softmax over a handful of intents is sure of
   * something even for a question about something else; the engine scales the confidence by this.
   */
  coverage(text: string): number {
    const words = tokenize(text);
    let known = 0;
    let total = 0;
    for (const word of words) {
      const idf = this.vocabulary.idfOf(`w ${word}`);
      if (idf !== undefined) {
        known += idf;
        total += idf;
        continue;
      }
      const padded = `<${word}>`;
      let seen = 0;
      let grams = 0;
      for (let s = 0; s + 3 <= padded.length; s++, grams++) {
        if (this.vocabulary.idfOf(`c ${padded.slice(s, s + 3)}`) !== undefined) seen++;
      }
      const weight = this.vocabulary.unseenIdf;
      // Only a word most of whose trigrams are known is a variant of a known word.
      const share = grams > 0 ? seen / grams : 0;
      known += weight * (share >= 0.6 ? share : 0);
      total += weight;
    }
    return total > 0 ? known / total : 0;
  }

  toJSON(): SerializedClassifier {
    return {
      intents: [...this.intents],
      vocabulary: this.vocabulary.toJSON(),
      weights: Buffer.from(this.weights.buffer, this.weights.byteOffset, this.weights.byteLength).toString(
        'base64',
      ),
      bias: [...this.bias],
    };
  }

  static fromJSON(data: SerializedClassifier): IntentClassifier {
    const bytes = Buffer.from(data.weights, 'base64');
    const weights = new Float32Array(bytes.byteLength / 4);
    new Uint8Array(weights.buffer).set(bytes);
    const vocabulary = Vocabulary.fromJSON(data.vocabulary);
    if (
      weights.length !== vocabulary.size * data.intents.length ||
      data.bias.length !== data.intents.length
    ) {
      throw new Error('Stored kompose model does not match its vocabulary');
    }
    return new IntentClassifier(data.intents, vocabulary, weights, Float32Array.from(data.bias));
  }
}
