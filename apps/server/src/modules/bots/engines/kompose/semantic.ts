import { chooseThreshold, onSettingsScale } from './model.js';

// kompose's optional meaning layer: when the deployment has an embeddings provider, each answer
// phrase is stored with its embedding, and a message the word-based model is not sure of is
// compared by meaning ("my bill is wrong" near "there is a mistake on my invoice", which share no
// word). Like the word model, it answers only from a threshold calibrated on the bot's own data:
// leave-one-out similarity of each phrase to its intent's other phrases (what a paraphrase looks
// like) against the shipped generic out-of-scope sentences (what another business's question looks
// like). Pure: the vectors come in already embedded (training.ts and the engine call the provider).

/** Stored per bot language beside the word model (StoredKomposeModels.semantic). */
export interface SerializedSemanticIndex {
  /** The embeddings model: vectors of another model are never compared. */
  model: string;
  dimensions: number;
  intents: string[];
  /** Each phrase's intent index, in the order of `vectors`. */
  phraseIntents: number[];
  /** The unit vectors, quantised to int8 (cosine error < 1 %) and base64-encoded, concatenated. */
  vectors: string;
  /** Cosine similarity from which the index answers. */
  threshold: number;
}

export interface SemanticDecision {
  intent: string;
  /** Cosine similarity to the intent's nearest phrase. */
  similarity: number;
  /** On the settings' scale: the calibrated threshold maps to CALIBRATED_CONFIDENCE. */
  confidence: number;
  runnerUp: { intent: string; similarity: number } | null;
}

/** Where a semantic threshold may land: unrelated texts rarely score under 0.2 with real models. */
const SEMANTIC_BOUNDS = [0.2, 0.95] as const;
/** Phrases per intent whose leave-one-out similarity calibrates the threshold. */
const CALIBRATION_SAMPLE = 20;
/** Share of the calibration's out-of-scope sentences the threshold must reject. */
const NEGATIVES_REJECTED = 0.95;
/** Below this gap to the runner-up intent, the two are too close to tell apart: no answer. */
const AMBIGUITY_GAP = 0.02;

/** The value below which a share `q` of the values lie (0 for none). */
function quantile(values: readonly number[], q: number): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length))] as number;
}

function unit(vector: readonly number[]): Float32Array {
  let norm = 0;
  for (const x of vector) norm += x * x;
  norm = Math.sqrt(norm);
  const out = new Float32Array(vector.length);
  if (norm > 0) for (let i = 0; i < vector.length; i++) out[i] = (vector[i] as number) / norm;
  return out;
}

function cosine(a: Float32Array, b: Float32Array, offset = 0): number {
  let sum = 0;
  for (let i = 0; i < a.length; i++) sum += (a[i] as number) * (b[offset + i] as number);
  return sum;
}

export class SemanticIndex {
  private constructor(
    readonly model: string,
    private readonly intents: readonly string[],
    private readonly phraseIntents: readonly number[],
    /** Row-major unit vectors, one row per phrase. */
    private readonly matrix: Float32Array,
    private readonly dimensions: number,
    readonly threshold: number,
  ) {}

  /**
   * Builds and calibrates the index of a bot language's phrases. `negatives` are embeddings of
   * sentences that are not the bot's (the generic out-of-scope set and small talk).
   */
  static build(
    model: string,
    phrases: readonly { intent: string; vector: readonly number[] }[],
    negatives: readonly (readonly number[])[],
  ): SemanticIndex | null {
    const dimensions = phrases[0]?.vector.length ?? 0;
    if (dimensions === 0) return null;
    const intents = [...new Set(phrases.map((p) => p.intent))];
    const indexOf = new Map(intents.map((intent, i) => [intent, i]));
    const matrix = new Float32Array(phrases.length * dimensions);
    phrases.forEach((p, row) => {
      if (p.vector.length !== dimensions) throw new Error('embeddings of different sizes');
      matrix.set(quantised(unit(p.vector)), row * dimensions);
    });
    const phraseIntents = phrases.map((p) => indexOf.get(p.intent) as number);
    const draft = new SemanticIndex(model, intents, phraseIntents, matrix, dimensions, 0);
    const paraphrases = draft.leaveOneOut();
    // No intent with two phrases: nothing says what a paraphrase looks like, so no meaning layer.
    if (paraphrases.length === 0) return null;
    const offTopic = negatives.map((n) => draft.nearest(unit(n)).best?.similarity ?? 0);
    // The layer only rescues what the words miss, so it must not add off-topic answers: its
    // threshold also rejects nearly all (NEGATIVES_REJECTED) of the generic out-of-scope sentences.
    const threshold = Math.min(
      SEMANTIC_BOUNDS[1],
      Math.max(
        chooseThreshold(paraphrases, offTopic, SEMANTIC_BOUNDS[0], SEMANTIC_BOUNDS),
        quantile(offTopic, NEGATIVES_REJECTED),
      ),
    );
    return new SemanticIndex(model, intents, phraseIntents, matrix, dimensions, threshold);
  }

  /** The intent by meaning, or null when the vector has another size than the index's. */
  decide(vector: readonly number[]): SemanticDecision | null {
    if (vector.length !== this.dimensions) return null;
    const { best, second } = this.nearest(unit(vector));
    if (!best) return null;
    const gap = second ? best.similarity - second.similarity : 1;
    const evidence = gap < AMBIGUITY_GAP ? best.similarity * 0.5 : best.similarity;
    return {
      intent: this.intents[best.intent] as string,
      similarity: best.similarity,
      confidence: onSettingsScale(evidence, this.threshold),
      runnerUp: second
        ? { intent: this.intents[second.intent] as string, similarity: second.similarity }
        : null,
    };
  }

  /** The nearest phrase of the best and the second-best intent. */
  private nearest(
    vector: Float32Array,
    skipRow = -1,
  ): {
    best: { intent: number; similarity: number } | null;
    second: { intent: number; similarity: number } | null;
  } {
    const perIntent = new Float64Array(this.intents.length).fill(-Infinity);
    for (let row = 0; row < this.phraseIntents.length; row++) {
      if (row === skipRow) continue;
      const s = cosine(vector, this.matrix, row * this.dimensions);
      const c = this.phraseIntents[row] as number;
      if (s > (perIntent[c] as number)) perIntent[c] = s;
    }
    let best = -1;
    let second = -1;
    for (let c = 0; c < perIntent.length; c++) {
      if (!Number.isFinite(perIntent[c])) continue;
      if (best < 0 || (perIntent[c] as number) > (perIntent[best] as number)) {
        second = best;
        best = c;
      } else if (second < 0 || (perIntent[c] as number) > (perIntent[second] as number)) {
        second = c;
      }
    }
    const at = (c: number) => (c >= 0 ? { intent: c, similarity: perIntent[c] as number } : null);
    return { best: at(best), second: at(second) };
  }

  /** Each sampled phrase's similarity to its intent's nearest other phrase, when it is the best. */
  private leaveOneOut(): number[] {
    const out: number[] = [];
    const seen = new Map<number, number>();
    for (let row = 0; row < this.phraseIntents.length; row++) {
      const c = this.phraseIntents[row] as number;
      const n = seen.get(c) ?? 0;
      if (n >= CALIBRATION_SAMPLE) continue;
      seen.set(c, n + 1);
      const vector = this.matrix.subarray(row * this.dimensions, (row + 1) * this.dimensions);
      const { best } = this.nearest(vector, row);
      // A lone phrase has nothing to be a paraphrase of; a phrase nearer another intent counts as missed.
      if (this.phraseIntents.filter((x) => x === c).length < 2) continue;
      out.push(best && best.intent === c ? best.similarity : 0);
    }
    return out;
  }

  toJSON(): SerializedSemanticIndex {
    const bytes = new Int8Array(this.matrix.length);
    for (let i = 0; i < this.matrix.length; i++) bytes[i] = Math.round((this.matrix[i] as number) * 127);
    return {
      model: this.model,
      dimensions: this.dimensions,
      intents: [...this.intents],
      phraseIntents: [...this.phraseIntents],
      vectors: Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('base64'),
      threshold: this.threshold,
    };
  }

  static fromJSON(data: SerializedSemanticIndex): SemanticIndex | null {
    const raw = Buffer.from(data.vectors, 'base64');
    const bytes = new Int8Array(raw.buffer, raw.byteOffset, raw.byteLength);
    if (data.dimensions <= 0 || bytes.length !== data.dimensions * data.phraseIntents.length) return null;
    const matrix = new Float32Array(bytes.length);
    for (let row = 0; row < data.phraseIntents.length; row++) {
      const start = row * data.dimensions;
      const v = unit(Array.from(bytes.subarray(start, start + data.dimensions)));
      matrix.set(v, start);
    }
    return new SemanticIndex(
      data.model,
      data.intents,
      data.phraseIntents,
      matrix,
      data.dimensions,
      data.threshold,
    );
  }
}

/** The vector as it will be stored (int8), so calibration sees what answering will see. */
function quantised(v: Float32Array): Float32Array {
  return unit(Array.from(v, (x) => Math.round(x * 127)));
}
