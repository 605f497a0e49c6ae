import type { BotLanguage } from './bots';
import { detectLanguage } from './language-detection';

// What will go wrong when a bot language trains on its phrases as they are. None of these stops
// training (a bot with one answer still answers); the builder shows them so the admin can fix the
// phrases before customers meet the result (issue 34, "Bad input").

export type TrainingWarningCode = 'ONE_INTENT' | 'ONE_PHRASE' | 'WRONG_LANGUAGE' | 'DUPLICATE_PHRASES';

export interface TrainingWarning {
  code: TrainingWarningCode;
  /** The intents concerned, by name. */
  intents: string[];
  /** The phrases concerned, at most MAX_PHRASES_SHOWN. */
  phrases: string[];
  /** WRONG_LANGUAGE: the language the phrases look written in. */
  detectedLanguage: BotLanguage | null;
}

export interface WarningIntent {
  name: string;
  /** Builder section: only 'answers' and 'small-talk' intents have phrases. */
  section: string;
  userSays: readonly string[];
}

/** A warning names a few phrases; the builder shows them inline. */
export const MAX_PHRASES_SHOWN = 5;

/** A phrase's language is judged only when it has this many words (one word says little). */
const MIN_WORDS_FOR_LANGUAGE = 3;
/**
 * …and only when, between the intent's language and the detected one, this share of its evidence
 * points at the other (short phrases share many small words between en, es and fr).
 */
const MIN_LANGUAGE_CONFIDENCE = 0.7;

const PHRASE_SECTIONS = new Set(['answers', 'small-talk']);

/** Two phrases are the same one when they differ only in case, accents, spacing or punctuation. */
export function phraseKey(phrase: string): string {
  return phrase
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

function wordCount(phrase: string): number {
  return phrase.match(/[\p{L}\p{N}]+/gu)?.length ?? 0;
}

/**
 * The warnings of one bot language's intents. `language` is the intents' language; phrases that
 * look written in another of the shipped languages are reported (the detector is the project's
 * stop-word and script profile, judged only on phrases long enough to carry evidence).
 */
export function trainingWarnings(input: {
  language: BotLanguage;
  intents: readonly WarningIntent[];
}): TrainingWarning[] {
  const intents = input.intents.filter((i) => PHRASE_SECTIONS.has(i.section) && i.userSays.length > 0);
  const warnings: TrainingWarning[] = [];

  const answers = intents.filter((i) => i.section === 'answers');
  if (answers.length === 1) {
    const only = answers[0] as WarningIntent;
    warnings.push({ code: 'ONE_INTENT', intents: [only.name], phrases: [], detectedLanguage: null });
  }

  for (const intent of intents) {
    if (intent.userSays.length === 1) {
      warnings.push({
        code: 'ONE_PHRASE',
        intents: [intent.name],
        phrases: [intent.userSays[0] as string],
        detectedLanguage: null,
      });
    }
  }

  // Phrases in another language, grouped by the language they look written in.
  const foreign = new Map<BotLanguage, { intents: string[]; phrases: string[] }>();
  for (const intent of intents) {
    for (const phrase of intent.userSays) {
      if (wordCount(phrase) < MIN_WORDS_FOR_LANGUAGE && !/[\u0C80-\u0CFF]/u.test(phrase)) continue;
      const detected = detectLanguage(phrase);
      if (!detected || detected.language === input.language) continue;
      // Judged against the intent's own language alone: a phrase with some evidence for both
      // ("me has ayudado": 'me' and 'has' are English words too) stays unflagged.
      const pair = detectLanguage(phrase, [input.language, detected.language]);
      if (pair?.language !== detected.language || pair.confidence < MIN_LANGUAGE_CONFIDENCE) continue;
      const group = foreign.get(detected.language) ?? { intents: [], phrases: [] };
      if (!group.intents.includes(intent.name)) group.intents.push(intent.name);
      group.phrases.push(phrase);
      foreign.set(detected.language, group);
    }
  }
  for (const [language, group] of foreign) {
    warnings.push({
      code: 'WRONG_LANGUAGE',
      intents: group.intents,
      phrases: group.phrases.slice(0, MAX_PHRASES_SHOWN),
      detectedLanguage: language,
    });
  }

  // The same phrase in two intents: one warning per pair of intents, naming the shared phrases.
  const owners = new Map<string, { intents: string[]; phrase: string }>();
  for (const intent of intents) {
    for (const phrase of intent.userSays) {
      const key = phraseKey(phrase);
      if (key === '') continue;
      const entry = owners.get(key) ?? { intents: [], phrase };
      if (!entry.intents.includes(intent.name)) entry.intents.push(intent.name);
      owners.set(key, entry);
    }
  }
  const pairs = new Map<string, { intents: string[]; phrases: string[] }>();
  for (const { intents: names, phrase } of owners.values()) {
    if (names.length < 2) continue;
    const pairKey = JSON.stringify(names);
    const pair = pairs.get(pairKey) ?? { intents: names, phrases: [] };
    pair.phrases.push(phrase);
    pairs.set(pairKey, pair);
  }
  for (const pair of pairs.values()) {
    warnings.push({
      code: 'DUPLICATE_PHRASES',
      intents: pair.intents,
      phrases: pair.phrases.slice(0, MAX_PHRASES_SHOWN),
      detectedLanguage: null,
    });
  }
  return warnings;
}
