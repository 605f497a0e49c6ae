// Text → sparse feature vector for kompose's intent classifier: word unigrams and bigrams plus
// character n-grams of each word, so that inflections, typos and unseen compounds still share
// features with the training phrases. Works for the four languages we ship (en, es, fr, kn):
// Latin accents are folded, Kannada's vowel signs (combining marks) are kept. A vocabulary made
// for a language (models trained since issue 34) also has Snowball stems, content-word stem bigrams
// and synonym groups (analyser.ts); one without (older stored models) reads text as before.

import type { BotLanguage } from '@convo/domain';
import { analyse } from './analyser.js';

const LATIN_ACCENTS = /[\u0300-\u036f]/g;
const WORD = /[\p{L}\p{N}\p{M}]+/gu;

export function tokenize(text: string): string[] {
  return text.toLowerCase().normalize('NFKD').replace(LATIN_ACCENTS, '').match(WORD) ?? [];
}

const CHAR_GRAMS = [3, 4, 5] as const;

/** Every feature name of a text, each once (binary presence: phrases are short). */
export function featureNames(text: string, language?: BotLanguage, contentOnly = false): string[] {
  if (language) return languageFeatureNames(text, language, contentOnly);
  const words = tokenize(text);
  const names = new Set<string>();
  for (let i = 0; i < words.length; i++) {
    const word = words[i] as string;
    names.add(`w ${word}`);
    if (i > 0) names.add(`b ${words[i - 1]} ${word}`);
    const padded = `<${word}>`;
    for (const n of CHAR_GRAMS) {
      for (let s = 0; s + n <= padded.length; s++) names.add(`c ${padded.slice(s, s + n)}`);
    }
  }
  return [...names];
}

function addCharGrams(names: Set<string>, word: string): void {
  const padded = `<${word}>`;
  for (const n of CHAR_GRAMS) {
    for (let s = 0; s + n <= padded.length; s++) names.add(`c ${padded.slice(s, s + n)}`);
  }
}

/** `contentOnly`: only the content words' features (how close two phrases are in what they say). */
function languageFeatureNames(text: string, language: BotLanguage, contentOnly: boolean): string[] {
  const tokens = analyse(text, language);
  const names = new Set<string>();
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i] as (typeof tokens)[number];
    if (contentOnly && token.stop) continue;
    names.add(`w ${token.word}`);
    if (i > 0) names.add(`b ${(tokens[i - 1] as (typeof tokens)[number]).word} ${token.word}`);
    // Character n-grams of every word (stop words too: on CLINC150's validation split dropping
    // them cost 1.5 points of accuracy).
    addCharGrams(names, token.word);
    if (token.stop) continue;
    // Content words: their stem and their synonym group.
    names.add(`s ${token.stem}`);
    if (token.group) names.add(`g ${token.group}`);
  }
  return [...names];
}

export interface SparseVector {
  index: Int32Array;
  value: Float32Array;
}

export interface SerializedVocabulary {
  names: string[];
  idf: number[];
  /** Absent in models stored before issue 34: those read text without stems. */
  language?: BotLanguage;
}

/** Maps feature names to column numbers; unknown names are dropped at prediction time. */
export class Vocabulary {
  constructor(readonly language?: BotLanguage) {}

  private readonly columns = new Map<string, number>();
  private documentFrequency: number[] = [];
  private idf: Float32Array = new Float32Array(0);
  private documents = 0;

  get size(): number {
    return this.columns.size;
  }

  /** Learns the columns and their document frequencies from the training texts. */
  fit(texts: readonly string[]): void {
    for (const text of texts) {
      this.documents++;
      for (const name of featureNames(text, this.language)) {
        let column = this.columns.get(name);
        if (column === undefined) {
          column = this.columns.size;
          this.columns.set(name, column);
          this.documentFrequency.push(0);
        }
        this.documentFrequency[column] = (this.documentFrequency[column] ?? 0) + 1;
      }
    }
    // Smoothed inverse document frequency: rare features say more about the intent.
    this.idf = Float32Array.from(
      this.documentFrequency,
      (df) => Math.log((1 + this.documents) / (1 + df)) + 1,
    );
  }

  /** The inverse document frequency of a known feature; undefined for an unknown one. */
  idfOf(name: string): number | undefined {
    const column = this.columns.get(name);
    return column === undefined ? undefined : this.idf[column];
  }

  private maxIdf: number | null = null;

  /** The weight of an unseen feature: as rare as the rarest seen (also known after `fromJSON`). */
  get unseenIdf(): number {
    if (this.maxIdf === null) this.maxIdf = this.idf.reduce((max, v) => Math.max(v, max), 1);
    return this.maxIdf;
  }

  /** An L2-normalised TF-IDF vector of the known features of a text (of its content words only). */
  vectorize(text: string, contentOnly = false): SparseVector {
    const index: number[] = [];
    const value: number[] = [];
    let norm = 0;
    for (const name of featureNames(text, this.language, contentOnly)) {
      const column = this.columns.get(name);
      if (column === undefined) continue;
      const weight = this.idf[column] as number;
      index.push(column);
      value.push(weight);
      norm += weight * weight;
    }
    const scale = norm > 0 ? 1 / Math.sqrt(norm) : 0;
    return { index: Int32Array.from(index), value: Float32Array.from(value, (v) => v * scale) };
  }

  toJSON(): SerializedVocabulary {
    return {
      names: [...this.columns.keys()],
      idf: [...this.idf],
      ...(this.language ? { language: this.language } : {}),
    };
  }

  static fromJSON(data: SerializedVocabulary): Vocabulary {
    const vocabulary = new Vocabulary(data.language);
    for (const [column, name] of data.names.entries()) vocabulary.columns.set(name, column);
    vocabulary.idf = Float32Array.from(data.idf);
    return vocabulary;
  }
}
