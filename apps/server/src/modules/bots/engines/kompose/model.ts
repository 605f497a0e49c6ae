import type { BotLanguage } from '@convo/domain';
import { IntentClassifier, type SerializedClassifier, type TrainingExample } from './classifier.js';
import type { SparseVector } from './features.js';
import { genericOutOfScope } from './out-of-scope.js';

// One trained kompose model (a bot's answers, or small talk) with its out-of-scope decision
// calibrated on its own data. The classifier (logistic regression over stems, synonyms and
// character n-grams) picks the intent; whether to answer at all is decided on the evidence: how
// close the message is to the nearest training phrase of the chosen intent (cosine of their
// TF-IDF vectors), scaled down when the two best intents are nearly tied (the ambiguity margin).
// The threshold on that evidence is the bot's own: chosen at training time between how close each
// training phrase is to the other phrases of its intent (leave-one-out: what a new paraphrase
// looks like) and how close generic out-of-scope sentences of the language are (what a question
// for another business looks like). The reported confidence maps the bot's threshold onto the
// settings' default (0.35), so the builder's threshold slider still means "stricter / looser".

export const MODEL_FORMAT = 2;

/** The confidence the calibrated threshold maps to: the default of `settings.confidenceThreshold`. */
export const CALIBRATED_CONFIDENCE = 0.35;

export interface Calibration {
  /** Evidence (0…1) from which the model answers. */
  threshold: number;
  /** Below this gap between the two best intents' probabilities, confidence is scaled down. */
  margin: number;
}

export interface SerializedKomposeModel {
  format: typeof MODEL_FORMAT;
  language: BotLanguage;
  classifier: SerializedClassifier;
  /** The training phrases as [text, intent index]: the nearest-phrase evidence is rebuilt on load. */
  phrases: [string, number][];
  calibration: Calibration;
}

export interface Decision {
  intent: string;
  /** Calibrated 0…1; ≥ CALIBRATED_CONFIDENCE means "in scope" at the default threshold. */
  confidence: number;
  /** The classifier's probability of the intent. */
  probability: number;
  /**
   * The second-best intent and its probability, when there is one; its confidence is what the
   * chosen intent's would be with the runner-up's nearest phrase and probability (the builder's
   * "why" panel compares the two on the threshold's scale).
   */
  runnerUp: { intent: string; probability: number; confidence: number } | null;
  /** The model's calibrated evidence threshold (0…1), when it has one. */
  calibratedThreshold?: number | undefined;
  /** Cosine similarity to the nearest training phrase of the intent. */
  similarity: number;
}

export interface ModelTrainingOptions {
  language: BotLanguage;
  /** Out-of-scope sentences for calibration besides the shipped generic ones (e.g. small talk). */
  negatives?: readonly string[];
  /** The lowest threshold calibration may choose (small talk: a wrong chat reply costs more than none). */
  minThreshold?: number;
  seed?: number;
}

/** Passes over the data: more for small bots, bounded so big ones stay fast. */
function epochsFor(examples: number): number {
  return Math.max(12, Math.min(60, Math.round(6000 / Math.max(1, examples))));
}

function dot(a: SparseVector, dense: Float32Array): number {
  let sum = 0;
  for (let k = 0; k < a.index.length; k++) {
    sum += (a.value[k] as number) * (dense[a.index[k] as number] as number);
  }
  return sum;
}

/** Phrases per intent whose leave-one-out evidence calibrates the threshold. */
const LEAVE_ONE_OUT_SAMPLE = 20;

/** Default ambiguity margin: tuned on CLINC150's validation split (docs/decisions.md). */
export const DEFAULT_MARGIN = 0.1;
/** Weight of rejecting out-of-scope sentences against keeping paraphrases when calibrating. */
const REJECT_WEIGHT = 0.4;
/** Bounds of a calibrated threshold: no data set talks a bot into answering everything or nothing. */
const THRESHOLD_BOUNDS = [0.05, 0.6] as const;

/** The threshold of a model with no two phrases of one intent (nothing to compare a paraphrase with). */
const UNCALIBRATED_THRESHOLD = 0.3;

/** Evidence (0…1) on the settings' confidence scale: the calibrated threshold `t` maps to 0.35. */
export function onSettingsScale(evidence: number, t: number): number {
  const confidence =
    evidence < t
      ? (CALIBRATED_CONFIDENCE * evidence) / t
      : CALIBRATED_CONFIDENCE + ((1 - CALIBRATED_CONFIDENCE) * (evidence - t)) / (1 - t);
  return Math.max(0, Math.min(1, confidence));
}

export function chooseThreshold(
  inScope: readonly number[],
  outOfScope: readonly number[],
  minimum: number = THRESHOLD_BOUNDS[0],
  bounds: readonly [number, number] = THRESHOLD_BOUNDS,
): number {
  const high = bounds[1];
  const low = Math.min(high, Math.max(bounds[0], minimum));
  if (inScope.length === 0 || outOfScope.length === 0) return Math.max(low, UNCALIBRATED_THRESHOLD);
  let best = low;
  let bestScore = -Infinity;
  for (let step = Math.round(low * 100); step <= Math.round(high * 100); step++) {
    const t = step / 100;
    const kept = inScope.filter((s) => s >= t).length / inScope.length;
    const rejected = outOfScope.filter((s) => s < t).length / outOfScope.length;
    const score = kept + REJECT_WEIGHT * rejected;
    if (score > bestScore + 1e-9) {
      bestScore = score;
      best = t;
    }
  }
  return best;
}

export class KomposeModel {
  private constructor(
    readonly language: BotLanguage,
    readonly classifier: IntentClassifier,
    private readonly phrases: readonly [string, number][],
    /** Per intent, its phrases' vectors. */
    private readonly prototypes: readonly SparseVector[][],
    readonly calibration: Calibration,
  ) {}

  private scratch: Float32Array | null = null;

  get intents(): readonly string[] {
    return this.classifier.intents;
  }

  static train(examples: readonly TrainingExample[], options: ModelTrainingOptions): KomposeModel {
    const classifier = IntentClassifier.train(examples, {
      language: options.language,
      epochs: epochsFor(examples.length),
      seed: options.seed ?? 7,
    });
    const indexOf = new Map(classifier.intents.map((intent, c) => [intent, c]));
    const phrases = examples.map((e): [string, number] => [e.text, indexOf.get(e.intent) as number]);
    const prototypes = KomposeModel.prototypesOf(classifier, phrases);
    const draft = new KomposeModel(options.language, classifier, phrases, prototypes, {
      threshold: 0,
      margin: DEFAULT_MARGIN,
    });
    const negatives = [...genericOutOfScope(options.language), ...(options.negatives ?? [])];
    const threshold = chooseThreshold(
      draft.leaveOneOutEvidence(),
      draft.evidenceOf(negatives),
      options.minThreshold,
    );
    return new KomposeModel(options.language, classifier, phrases, prototypes, {
      threshold,
      margin: DEFAULT_MARGIN,
    });
  }

  private static prototypesOf(
    classifier: IntentClassifier,
    phrases: readonly [string, number][],
  ): SparseVector[][] {
    const prototypes: SparseVector[][] = classifier.intents.map(() => []);
    for (const [text, c] of phrases) prototypes[c]?.push(classifier.vectorize(text, true));
    return prototypes;
  }

  /** How close each phrase is to the nearest other phrase of its intent (none for a lone phrase). */
  private leaveOneOutEvidence(): number[] {
    const out: number[] = [];
    const dense = new Float32Array(this.classifier.vocabularySize);
    const phraseTexts: string[][] = this.classifier.intents.map(() => []);
    for (const [text, c] of this.phrases) phraseTexts[c]?.push(text);
    for (const [c, vectors] of this.prototypes.entries()) {
      if (vectors.length < 2) continue;
      for (const [i, v] of vectors.entries()) {
        // A sample of each intent's phrases is enough to calibrate on, and keeps big bots fast.
        if (i >= LEAVE_ONE_OUT_SAMPLE) break;
        // As a message is scored (classify): the classifier's probability of the intent counts too.
        const weight = Math.sqrt(
          this.classifier.probabilities(this.classifier.vectorize(phraseTexts[c]?.[i] ?? ''))[c] as number,
        );
        for (let k = 0; k < v.index.length; k++) dense[v.index[k] as number] = v.value[k] as number;
        let best = 0;
        for (const [j, w] of vectors.entries()) if (j !== i) best = Math.max(best, dot(w, dense));
        for (let k = 0; k < v.index.length; k++) dense[v.index[k] as number] = 0;
        out.push(best * weight);
      }
    }
    return out;
  }

  /** The evidence (ambiguity included) of sentences that are not the bot's. */
  private evidenceOf(texts: readonly string[]): number[] {
    return texts.map((text) => {
      const d = this.decide(text);
      return d.similarity * this.ambiguity(d);
    });
  }

  private ambiguity(d: { probability: number; runnerUp: { probability: number } | null }): number {
    if (!d.runnerUp || this.calibration.margin <= 0) return 1;
    const gap = d.probability - d.runnerUp.probability;
    return gap >= this.calibration.margin ? 1 : 0.5 + (0.5 * gap) / this.calibration.margin;
  }

  private decide(text: string): Omit<Decision, 'confidence' | 'runnerUp'> & {
    runnerUp: { intent: string; probability: number; similarity: number } | null;
  } {
    const vector = this.classifier.vectorize(text);
    const probabilities = this.classifier.probabilities(vector);
    // One scratch row per model, cleared after use: a large vocabulary costs no allocation per answer.
    this.scratch ??= new Float32Array(this.classifier.vocabularySize);
    const dense = this.scratch;
    // Closeness is measured on content words: shared stop words make no two questions alike.
    const content = this.classifier.vectorize(text, true);
    for (let k = 0; k < content.index.length; k++)
      dense[content.index[k] as number] = content.value[k] as number;
    let best = 0;
    let second = -1;
    for (let c = 1; c < probabilities.length; c++) {
      if ((probabilities[c] as number) > (probabilities[best] as number)) {
        second = best;
        best = c;
      } else if (second < 0 || (probabilities[c] as number) > (probabilities[second] as number)) {
        second = c;
      }
    }
    let nearest = 0;
    for (const p of this.prototypes[best] ?? []) nearest = Math.max(nearest, dot(p, dense));
    let nearestSecond = 0;
    if (second >= 0)
      for (const p of this.prototypes[second] ?? []) nearestSecond = Math.max(nearestSecond, dot(p, dense));
    for (let k = 0; k < content.index.length; k++) dense[content.index[k] as number] = 0;
    // Evidence: near a phrase of the intent, and the classifier agrees (√p keeps the nearest
    // phrase the main witness; on CLINC150's validation split it rejected more out-of-scope
    // questions than either alone at the same in-scope accuracy).
    const similarity = nearest * Math.sqrt(probabilities[best] as number);
    return {
      intent: this.classifier.intents[best] as string,
      probability: probabilities[best] as number,
      runnerUp:
        second >= 0
          ? {
              intent: this.classifier.intents[second] as string,
              probability: probabilities[second] as number,
              similarity: Math.min(1, nearestSecond * Math.sqrt(probabilities[second] as number)),
            }
          : null,
      similarity: Math.min(1, similarity),
    };
  }

  private calibrated(evidence: number): number {
    return onSettingsScale(evidence, this.calibration.threshold);
  }

  classify(text: string): Decision {
    const d = this.decide(text);
    const ambiguity = this.ambiguity(d);
    return {
      ...d,
      confidence: this.calibrated(d.similarity * ambiguity),
      runnerUp: d.runnerUp
        ? {
            intent: d.runnerUp.intent,
            probability: d.runnerUp.probability,
            confidence: this.calibrated(d.runnerUp.similarity * ambiguity),
          }
        : null,
      calibratedThreshold: this.calibration.threshold,
    };
  }

  toJSON(): SerializedKomposeModel {
    return {
      format: MODEL_FORMAT,
      language: this.language,
      classifier: this.classifier.toJSON(),
      phrases: this.phrases.map(([text, c]) => [text, c]),
      calibration: { ...this.calibration },
    };
  }

  static fromJSON(data: SerializedKomposeModel): KomposeModel {
    const classifier = IntentClassifier.fromJSON(data.classifier);
    const phrases = data.phrases.filter(([, c]) => c >= 0 && c < classifier.intents.length);
    return new KomposeModel(
      data.language,
      classifier,
      phrases,
      KomposeModel.prototypesOf(classifier, phrases),
      data.calibration,
    );
  }
}
