import type { BotSays } from '@convo/api';
import { type BotLanguage, DEFAULT_INTENTS } from '@convo/domain';
import { contentStems } from '../../knowledge/terms.js';
import { IntentClassifier, type SerializedClassifier, type TrainingExample } from './classifier.js';
import type { EntityDefinition } from './entities.js';
import { type Decision, KomposeModel, MODEL_FORMAT, type SerializedKomposeModel } from './model.js';
import { SemanticIndex, type SerializedSemanticIndex } from './semantic.js';
import { smallTalkExamples } from './small-talk.js';

// What kompose answers one language of one bot with: the bot's own model (its answers), the
// small-talk model (the pack plus the bot's own small-talk intents, decided apart so that chit-chat
// never dilutes the bot's intents), the intents' replies and the entities. Built from stored rows
// (the worker's models) or, in the emulator, from the builder's unsaved intents trained on the spot.

/**
 * Small talk answers only near one of its phrases: its replies are generic, so a wrong one costs
 * more than passing the message on (to the knowledge source, then the fallback).
 */
const SMALL_TALK_MIN_THRESHOLD = 0.4;

/** What the worker stores per bot language since issue 34. */
export interface StoredKomposeModels {
  format: typeof MODEL_FORMAT;
  /** Null when the bot has no answer phrases in this language. */
  answers: SerializedKomposeModel | null;
  smallTalk: SerializedKomposeModel;
  /** The answers by meaning, when the deployment has an embeddings provider (semantic.ts). */
  semantic?: SerializedSemanticIndex | null;
}

/** A stored model: the current format, or one softmax over everything (before issue 34). */
export type StoredModel = StoredKomposeModels | SerializedClassifier;

export interface IntentScorer {
  classify(text: string): Decision;
}

export interface SnapshotIntent {
  section: string;
  botSays: readonly BotSays[];
  /** The stems of its phrases' content words (arbitration with a knowledge passage). */
  stems: ReadonlySet<string>;
}

export interface KomposeSnapshot {
  language: BotLanguage;
  /** The bot's answers; null when nothing was trained yet for this language. */
  answers: IntentScorer | null;
  /** Small talk; absent in models stored before issue 34 (their answers model holds it). */
  smallTalk: IntentScorer;
  /** The answers by meaning; null without an embeddings provider at training time. */
  semantic: SemanticIndex | null;
  /** The bot's own intents by name. */
  intents: ReadonlyMap<string, SnapshotIntent>;
  entities: readonly EntityDefinition[];
}

interface PhraseIntent {
  section: string;
  name: string;
  userSays: readonly string[];
}

/**
 * The class of the answers model that holds the messages the builder marked "none of these
 * answers": a message closest to them is out of scope. Named after the fallback intent, a name no
 * answer may take.
 */
export const OUT_OF_SCOPE_CLASS = DEFAULT_INTENTS.fallback.name;

/**
 * The bot's answer phrases, and small talk (the bot's own plus the pack's others), apart. The
 * out-of-scope examples join the answers as their own class only when the bot has answers.
 */
export function trainingSets(
  intents: readonly PhraseIntent[],
  language: BotLanguage,
  outOfScope: readonly string[] = [],
): { answers: TrainingExample[]; smallTalk: TrainingExample[] } {
  const of = (section: string) =>
    intents
      .filter((i) => i.section === section)
      .flatMap((i) => i.userSays.map((text) => ({ text, intent: i.name })));
  const ownSmallTalk = of('small-talk');
  // A bot's own small-talk intent of the pack's name replaces the pack's phrases of it.
  const ownNames = new Set(ownSmallTalk.map((e) => e.intent));
  const answers = of('answers');
  return {
    answers:
      answers.length > 0
        ? [...answers, ...outOfScope.map((text) => ({ text, intent: OUT_OF_SCOPE_CLASS }))]
        : answers,
    smallTalk: [...ownSmallTalk, ...smallTalkExamples(language).filter((e) => !ownNames.has(e.intent))],
  };
}

/**
 * Trains both models of a bot language. Each calibrates its out-of-scope threshold with the
 * other's phrases among its negatives: "thanks" is no answer, "where is my order" is no small talk.
 */
export function trainModels(
  intents: readonly PhraseIntent[],
  language: BotLanguage,
  outOfScope: readonly string[] = [],
): StoredKomposeModels {
  const sets = trainingSets(intents, language, outOfScope);
  const answers =
    sets.answers.length > 0
      ? KomposeModel.train(sets.answers, { language, negatives: sets.smallTalk.map((e) => e.text) })
      : null;
  const smallTalk = KomposeModel.train(sets.smallTalk, {
    language,
    negatives: sets.answers.map((e) => e.text),
    minThreshold: SMALL_TALK_MIN_THRESHOLD,
  });
  return { format: MODEL_FORMAT, answers: answers?.toJSON() ?? null, smallTalk: smallTalk.toJSON() };
}

/** A model stored before issue 34: one softmax × word coverage, as it answered then. */
function legacyScorer(classifier: IntentClassifier): IntentScorer {
  return {
    classify(text) {
      const ranked = classifier.rank(text);
      const best = ranked[0] ?? { intent: '', confidence: 0 };
      const second = ranked[1];
      const coverage = classifier.coverage(text);
      return {
        intent: best.intent,
        confidence: best.confidence * coverage,
        probability: best.confidence,
        runnerUp: second
          ? {
              intent: second.intent,
              probability: second.confidence,
              confidence: second.confidence * coverage,
            }
          : null,
        similarity: coverage,
      };
    },
  };
}

function isCurrent(model: StoredModel): model is StoredKomposeModels {
  return (model as StoredKomposeModels).format === MODEL_FORMAT;
}

export function buildSnapshot(input: {
  language: BotLanguage;
  models: StoredModel | null;
  intents: readonly {
    section: string;
    name: string;
    botSays: readonly BotSays[];
    userSays?: readonly string[] | undefined;
  }[];
  entities: readonly EntityDefinition[];
}): KomposeSnapshot {
  let answers: IntentScorer | null = null;
  let smallTalk = smallTalkModel(input.language);
  let semantic: SemanticIndex | null = null;
  if (input.models && isCurrent(input.models)) {
    answers = input.models.answers ? KomposeModel.fromJSON(input.models.answers) : null;
    smallTalk = KomposeModel.fromJSON(input.models.smallTalk);
    semantic = input.models.semantic ? SemanticIndex.fromJSON(input.models.semantic) : null;
  } else if (input.models) {
    // Still answers until its bot is retrained (any change of its intents; docs/decisions.md).
    answers = legacyScorer(IntentClassifier.fromJSON(input.models));
  }
  return {
    language: input.language,
    answers,
    smallTalk,
    semantic,
    intents: new Map(
      input.intents.map((i) => [
        i.name,
        {
          section: i.section,
          botSays: i.botSays,
          stems: contentStems((i.userSays ?? []).join('\n'), input.language),
        },
      ]),
    ),
    entities: input.entities,
  };
}

// The pack alone, per language, for bots whose first training has not finished yet.
const packModels = new Map<BotLanguage, KomposeModel>();

export function smallTalkModel(language: BotLanguage): KomposeModel {
  let model = packModels.get(language);
  if (!model) {
    model = KomposeModel.train(smallTalkExamples(language), {
      language,
      minThreshold: SMALL_TALK_MIN_THRESHOLD,
    });
    packModels.set(language, model);
  }
  return model;
}
