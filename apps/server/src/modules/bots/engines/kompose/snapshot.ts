import type { BotSays } from '@convo/api';
import type { BotLanguage } from '@convo/domain';
import { IntentClassifier, type SerializedClassifier, type TrainingExample } from './classifier.js';
import type { EntityDefinition } from './entities.js';
import { smallTalkExamples } from './small-talk.js';

// What kompose answers one language of one bot with: the trained classifier, the bot's intents
// (their replies) and entities. Built from stored rows (the worker's model) or, in the emulator,
// from the builder's unsaved intents trained on the spot.

export interface SnapshotIntent {
  section: string;
  botSays: readonly BotSays[];
}

export interface KomposeSnapshot {
  language: BotLanguage;
  /** Null when nothing was trained yet for this language. */
  classifier: IntentClassifier | null;
  /** The bot's own intents by name. */
  intents: ReadonlyMap<string, SnapshotIntent>;
  entities: readonly EntityDefinition[];
}

const TRAINED_SECTIONS = new Set(['answers', 'small-talk']);

/** The bot's phrases (answers and small talk) plus the small-talk pack of the language. */
export function trainingExamples(
  intents: readonly { section: string; name: string; userSays: readonly string[] }[],
  language: BotLanguage,
): TrainingExample[] {
  const own = intents
    .filter((i) => TRAINED_SECTIONS.has(i.section))
    .flatMap((i) => i.userSays.map((text) => ({ text, intent: i.name })));
  // A bot's own small-talk intent of the pack's name replaces the pack's phrases of it.
  const ownNames = new Set(own.map((e) => e.intent));
  return [...own, ...smallTalkExamples(language).filter((e) => !ownNames.has(e.intent))];
}

/**
 * Bots have few phrases per intent: more passes over them than over a large data set (the
 * classifier's default of 12 suits CLINC150's 15,000), bounded so big bots stay fast.
 */
export function trainClassifier(examples: readonly TrainingExample[]): IntentClassifier {
  const epochs = Math.max(12, Math.min(60, Math.round(6000 / Math.max(1, examples.length))));
  return IntentClassifier.train(examples, { epochs, seed: 7 });
}

export function buildSnapshot(input: {
  language: BotLanguage;
  classifier: IntentClassifier | SerializedClassifier | null;
  intents: readonly { section: string; name: string; botSays: readonly BotSays[] }[];
  entities: readonly EntityDefinition[];
}): KomposeSnapshot {
  const classifier =
    input.classifier === null || input.classifier instanceof IntentClassifier
      ? input.classifier
      : IntentClassifier.fromJSON(input.classifier);
  return {
    language: input.language,
    classifier,
    intents: new Map(input.intents.map((i) => [i.name, { section: i.section, botSays: i.botSays }])),
    entities: input.entities,
  };
}

// The pack alone, per language, for bots whose first training has not finished yet.
const packClassifiers = new Map<BotLanguage, IntentClassifier>();

export function smallTalkClassifier(language: BotLanguage): IntentClassifier {
  let classifier = packClassifiers.get(language);
  if (!classifier) {
    classifier = trainClassifier(smallTalkExamples(language));
    packClassifiers.set(language, classifier);
  }
  return classifier;
}
