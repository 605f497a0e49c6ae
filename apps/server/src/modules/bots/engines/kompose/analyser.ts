import type { BotLanguage } from '@convo/domain';
import { newStemmer, type Stemmer } from 'snowball-stemmers';
import { eng, fra, spa } from 'stopword';
import { SYNONYMS } from './synonyms.js';

// kompose's language-aware reading of a phrase: words, their Snowball stems (so "invoices",
// "invoicing" and "invoice" share a feature, as "commandes"/"commande" do), which of them are stop
// words (they say little about the intent), and the synonym group of a stem where the shipped
// lexicon knows one. Kannada has no Snowball stemmer: its words are their own stems, and the
// character n-grams of features.ts carry its inflections.

const LATIN_ACCENTS = /[\u0300-\u036f]/g;
const WORD = /[\p{L}\p{N}\p{M}]+/gu;

export interface Token {
  /** Lower case, Latin accents folded. */
  word: string;
  /** The Snowball stem, accents folded (the word itself where there is no stemmer). */
  stem: string;
  stop: boolean;
  /** The synonym group of the stem, when the lexicon has one. */
  group: string | null;
}

const STEMMER_NAMES: Partial<Record<BotLanguage, string>> = {
  en: 'english',
  es: 'spanish',
  fr: 'french',
};

const fold = (s: string) => s.normalize('NFKD').replace(LATIN_ACCENTS, '');

const STOP_WORDS: Record<BotLanguage, ReadonlySet<string>> = {
  en: new Set(eng.map(fold)),
  es: new Set(spa.map(fold)),
  fr: new Set(fra.map(fold)),
  // No list in the package; a few particles and pronouns that carry no intent.
  kn: new Set(['ನಾನು', 'ನೀವು', 'ನನ್ನ', 'ನಿಮ್ಮ', 'ಈ', 'ಆ', 'ಮತ್ತು', 'ಇದು', 'ಅದು']),
};

const stemmers = new Map<BotLanguage, Stemmer | null>();

function stemmerOf(language: BotLanguage): Stemmer | null {
  let stemmer = stemmers.get(language);
  if (stemmer === undefined) {
    const name = STEMMER_NAMES[language];
    stemmer = name ? newStemmer(name) : null;
    stemmers.set(language, stemmer);
  }
  return stemmer;
}

/** Stems are cached: chat phrases repeat the same few hundred words. */
const stemCache = new Map<string, string>();
const STEM_CACHE_MAX = 50_000;

function stemOf(language: BotLanguage, word: string): string {
  const key = `${language}:${word}`;
  let stem = stemCache.get(key);
  if (stem === undefined) {
    const stemmer = stemmerOf(language);
    stem = fold(stemmer ? stemmer.stem(word) : word);
    if (stemCache.size >= STEM_CACHE_MAX) stemCache.clear();
    stemCache.set(key, stem);
  }
  return stem;
}

const groups = new Map<BotLanguage, ReadonlyMap<string, string>>();

/** The lexicon's groups by the stems of their words (built once per language). */
function synonymGroup(language: BotLanguage, stem: string): string | null {
  let byStem = groups.get(language);
  if (!byStem) {
    const map = new Map<string, string>();
    for (const group of SYNONYMS[language]) {
      const name = stemOf(language, group[0] as string);
      for (const word of group) {
        const key = stemOf(language, word.toLowerCase());
        // A word in two groups keeps its first: groups stay disjoint.
        if (!map.has(key)) map.set(key, name);
      }
    }
    byStem = map;
    groups.set(language, byStem);
  }
  return byStem.get(stem) ?? null;
}

export function analyse(text: string, language: BotLanguage): Token[] {
  // Apostrophes split French elisions ("l'adresse" → "l", "adresse").
  const words = text.toLowerCase().normalize('NFC').replace(/[’']/g, ' ').match(WORD) ?? [];
  const stops = STOP_WORDS[language];
  return words.map((raw) => {
    const word = fold(raw);
    const stem = stemOf(language, raw);
    return { word, stem, stop: stops.has(word), group: synonymGroup(language, stem) };
  });
}
