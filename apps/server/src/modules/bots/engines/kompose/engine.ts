import type { BotExplanation, BotSays } from '@convo/api';
import { type BotLanguage, DEFAULT_INTENTS, isBotLanguage } from '@convo/domain';
import type { Db } from '../../../../platform/db/database.js';
import { TtlCache } from '../../../../platform/ttl-cache.js';
import { DEFAULT_FALLBACK_TEXT } from '../../builder/defaults.js';
import { listEntities, listIntents } from '../../builder/repository.js';
import type {
  BotEngine,
  BotMessage,
  BotReply,
  BotReplyInput,
  BotRuntimeConfig,
  KnowledgeAnswerInfo,
  RetrievedPassage,
} from '../../engine.js';
import { arbitrate, extractAnswer } from '../../knowledge/answer.js';
import type { Embedder } from '../../knowledge/embeddings.js';
import { fillEntities, findEntities } from './entities.js';
import { messageLanguage } from './language.js';
import type { Decision } from './model.js';
import * as repo from './repository.js';
import type { SemanticIndex } from './semantic.js';
import { confidenceThreshold } from './settings.js';
import { isSmallTalkIntent, smallTalkReply } from './small-talk.js';
import { buildSnapshot, type KomposeSnapshot, OUT_OF_SCOPE_CLASS, smallTalkModel } from './snapshot.js';

// kompose, the built-in engine: detects the message's language, classifies it with the bot's
// trained model of that language (the default language's when that one has none), and answers with
// the intent's replies when the confidence (calibrated per bot: model.ts) reaches the bot's
// threshold, unless a knowledge passage matches the question's specific terms clearly better
// (knowledge/answer.ts arbitrate). Otherwise the small-talk model (its own stage, so chit-chat never
// dilutes the bot's intents), then the knowledge source's best passage above the minimum relevance
// (its best one to three sentences, with its link), then the fallback intent.

/** The intent name of an answer taken from the knowledge source. */
export const KNOWLEDGE_INTENT = 'knowledge_source';

export interface KomposeDeps {
  /** The bot's snapshot of a language, or null when it has none. */
  snapshot(bot: BotRuntimeConfig, language: BotLanguage): Promise<KomposeSnapshot | null>;
  /** The deployment's embeddings provider: a message the words leave unsure is compared by meaning. */
  embedder?: Pick<Embedder, 'model' | 'embed'> | null;
}

/** How long a message waits for its embedding before the bot answers by words alone. */
const QUERY_EMBEDDING_TIMEOUT_MS = 2_000;

/**
 * The answer by meaning of a message the words left unsure (semantic.ts), as a decision on the
 * settings' scale; null without an index of the embedder's model, or when the provider fails.
 */
async function byMeaning(
  embedder: KomposeDeps['embedder'],
  index: SemanticIndex | null,
  text: string,
  signal: AbortSignal,
): Promise<Decision | null> {
  if (!embedder || !index || index.model !== embedder.model) return null;
  let vector: number[] | undefined;
  try {
    [vector] = await embedder.embed(
      [text],
      AbortSignal.any([signal, AbortSignal.timeout(QUERY_EMBEDDING_TIMEOUT_MS)]),
    );
  } catch {
    return null; // the provider is down or slow: the words' decision stands
  }
  const meaning = vector ? index.decide(vector) : null;
  if (!meaning || meaning.intent === OUT_OF_SCOPE_CLASS) return null;
  return {
    intent: meaning.intent,
    confidence: meaning.confidence,
    probability: meaning.similarity,
    runnerUp: meaning.runnerUp
      ? { intent: meaning.runnerUp.intent, probability: meaning.runnerUp.similarity, confidence: 0 }
      : null,
    similarity: meaning.similarity,
    calibratedThreshold: index.threshold,
  };
}

function lastCustomerText(input: BotReplyInput): string {
  for (let i = input.turns.length - 1; i >= 0; i--) {
    const turn = input.turns[i];
    if (turn?.role === 'customer') return turn.text;
  }
  return '';
}

function fillReplies(says: readonly BotSays[], message: string, snapshot: KomposeSnapshot): BotMessage[] {
  if (snapshot.entities.length === 0) return says.map((s) => ({ ...s }));
  const found = findEntities(message, snapshot.entities);
  const defined = new Set(snapshot.entities.map((e) => e.entity));
  return says.map((s) =>
    s.kind === 'text'
      ? { kind: 'text', text: fillEntities(s.text, found, defined) }
      : {
          kind: 'rich',
          text: fillEntities(s.text, found, defined),
          metadata: Object.fromEntries(
            Object.entries(s.metadata).map(([k, v]) => [
              k,
              k === 'payload' ? v : fillEntities(v, found, defined),
            ]),
          ),
        },
  );
}

const httpUrl = (url: string | null): string | null => {
  if (!url) return null;
  try {
    const u = new URL(url);
    return u.protocol === 'http:' || u.protocol === 'https:' ? u.href : null;
  } catch {
    return null;
  }
};

/**
 * A knowledge answer: the passage's best sentences for the question (the whole passage when the
 * retrieval gave no terms to choose by), and a link button to where it came from.
 */
export function passageMessages(passage: RetrievedPassage, answer?: string): BotMessage[] {
  const text = answer ?? (passage.heading ? `${passage.heading}\n\n${passage.text}` : passage.text);
  const url = httpUrl(passage.url);
  if (!url) return [{ kind: 'text', text: `${text}\n\n(${passage.sourceName})` }];
  return [
    {
      kind: 'rich',
      text,
      metadata: {
        contentType: '300',
        templateId: '3',
        payload: JSON.stringify([{ type: 'link', url, name: passage.sourceName || url }]),
      },
    },
  ];
}

/** The reply of a knowledge answer, with what the builder's test panel shows of it. */
function knowledgeReply(
  passage: RetrievedPassage,
  language: BotLanguage,
  arbitration: KnowledgeAnswerInfo['arbitration'],
): Pick<BotReply, 'intent' | 'fallback' | 'passage' | 'messages' | 'confidence' | 'knowledge'> {
  const answer = passage.explain ? extractAnswer(passage.text, passage.explain.terms, language) : undefined;
  return {
    intent: KNOWLEDGE_INTENT,
    fallback: false,
    confidence: passage.score,
    passage,
    messages: passageMessages(passage, answer),
    knowledge: { answer: answer ?? passage.text, arbitration },
  };
}

export function createKomposeEngine(deps: KomposeDeps): BotEngine {
  return {
    kind: 'kompose',
    async reply(input: BotReplyInput): Promise<BotReply> {
      const { bot } = input;
      const text = lastCustomerText(input);
      const defaultLanguage: BotLanguage = isBotLanguage(bot.defaultLanguage) ? bot.defaultLanguage : 'en';
      const language = messageLanguage(text, {
        defaultLanguage,
        languages: bot.languages.filter(isBotLanguage),
      });
      let snapshot = await deps.snapshot(bot, language);
      if (!snapshot?.answers && language !== defaultLanguage) {
        snapshot = (await deps.snapshot(bot, defaultLanguage)) ?? snapshot;
      }
      const answerLanguage = snapshot?.language ?? language;
      const threshold = confidenceThreshold(bot.settings);
      const scored = text && snapshot?.answers ? snapshot.answers.classify(text) : null;
      // Closest to the messages marked "none of these answers": no answer of the bot's fits.
      const outOfScope = scored?.intent === OUT_OF_SCOPE_CLASS;
      let own = outOfScope ? null : scored;
      const chat = text ? (snapshot?.smallTalk ?? smallTalkModel(answerLanguage)).classify(text) : null;
      // The words are unsure, and it is neither small talk nor clearly "none of these answers":
      // ask by meaning.
      const sure = (d: Decision | null) => d !== null && d.confidence >= threshold;
      if (text && !sure(own) && !sure(chat) && !(outOfScope && sure(scored))) {
        const meaning = await byMeaning(deps.embedder, snapshot?.semantic ?? null, text, input.signal);
        if (sure(meaning)) own = meaning;
      }
      const decided = own ?? scored;
      const base = { language, confidence: own?.confidence ?? 0 };
      // What each stage decided, for the builder's test panel (the runtime never sends it on).
      const explain = (
        outcome: BotExplanation['outcome'],
        passage?: RetrievedPassage,
        knowledge?: KnowledgeAnswerInfo,
      ): BotExplanation => ({
        outcome,
        best: decided
          ? { intent: decided.intent, confidence: decided.confidence, probability: decided.probability }
          : null,
        runnerUp: decided?.runnerUp
          ? {
              intent: decided.runnerUp.intent,
              confidence: decided.runnerUp.confidence,
              probability: decided.runnerUp.probability,
            }
          : null,
        threshold,
        calibratedThreshold: decided?.calibratedThreshold ?? null,
        outOfScope,
        smallTalk: chat
          ? { intent: chat.intent, confidence: chat.confidence, answered: outcome === 'small-talk' }
          : null,
        knowledge: passage
          ? {
              passageId: passage.id ?? null,
              sourceName: passage.sourceName,
              sourceUrl: passage.url,
              score: passage.score,
              text: passage.text,
              minRelevance: passage.explain?.minRelevance ?? null,
              bm25: passage.explain?.bm25 ?? null,
              similarity: passage.explain?.similarity ?? null,
              ranking: passage.explain?.ranking ?? null,
              terms: passage.explain?.terms ?? [],
              answer: knowledge?.answer ?? passage.text,
              arbitration: knowledge?.arbitration ?? null,
            }
          : null,
      });
      // The knowledge source's best passage, searched once (none under the minimum relevance).
      let searched: Promise<RetrievedPassage | undefined> | undefined;
      const bestPassage = () => {
        searched ??= text
          ? input.tools.searchKnowledge(text, 1, answerLanguage).then((found) => found[0])
          : Promise.resolve(undefined);
        return searched;
      };

      // Small talk wins only when it is sure and surer than the bot's own answer ("hi, where is
      // my order?" is the order question).
      const chatFirst =
        chat !== null && chat.confidence >= threshold && (own === null || chat.confidence > own.confidence);
      if (own && !chatFirst && own.confidence >= threshold) {
        const intent = snapshot?.intents.get(own.intent);
        if (intent && intent.botSays.length > 0 && snapshot) {
          // A passage about the question's own specifics (names, places, products the answer's
          // phrases never use) answers it better than the saved answer does.
          const passage = await bestPassage();
          const verdict = passage?.explain ? arbitrate(passage.explain, intent.stems) : null;
          if (passage && verdict?.winner === 'knowledge') {
            const reply = knowledgeReply(passage, answerLanguage, {
              intent: own.intent,
              intentConfidence: own.confidence,
              answerCoverage: verdict.answerCoverage,
              passageCoverage: verdict.passageCoverage,
              specificTerms: verdict.specificTerms,
            });
            return { language, ...reply, explanation: explain('knowledge', passage, reply.knowledge) };
          }
          return {
            ...base,
            intent: own.intent,
            fallback: false,
            messages: fillReplies(intent.botSays, text, snapshot),
            explanation: explain('intent'),
          };
        }
        // A model stored before issue 34 holds the small-talk pack among its intents.
        const reply = isSmallTalkIntent(own.intent)
          ? smallTalkReply(own.intent, answerLanguage, text.length)
          : null;
        if (reply)
          return {
            ...base,
            intent: own.intent,
            fallback: false,
            messages: [{ kind: 'text', text: reply }],
            explanation: explain('small-talk'),
          };
      }
      if (chat && chat.confidence >= threshold) {
        const intent = snapshot?.intents.get(chat.intent);
        const chatBase = {
          language,
          confidence: chat.confidence,
          intent: chat.intent,
          fallback: false,
          explanation: explain('small-talk'),
        };
        if (intent && intent.botSays.length > 0 && snapshot) {
          return { ...chatBase, messages: fillReplies(intent.botSays, text, snapshot) };
        }
        const reply = isSmallTalkIntent(chat.intent)
          ? smallTalkReply(chat.intent, answerLanguage, text.length)
          : null;
        if (reply) return { ...chatBase, messages: [{ kind: 'text', text: reply }] };
      }

      if (input.signal.aborted) throw input.signal.reason ?? new Error('aborted');
      const passage = await bestPassage();
      if (passage) {
        const reply = knowledgeReply(passage, answerLanguage, null);
        return { language, ...reply, explanation: explain('knowledge', passage, reply.knowledge) };
      }

      const fallback = snapshot?.intents.get(DEFAULT_INTENTS.fallback.name);
      const messages: BotMessage[] =
        fallback && fallback.botSays.length > 0 && snapshot
          ? fillReplies(fallback.botSays, text, snapshot)
          : [{ kind: 'text', text: DEFAULT_FALLBACK_TEXT[answerLanguage] }];
      return {
        ...base,
        intent: DEFAULT_INTENTS.fallback.name,
        fallback: true,
        messages,
        explanation: explain('fallback'),
      };
    },
  };
}

function toBotSays(raw: Record<string, unknown>): BotSays | null {
  if (raw.kind === 'text' && typeof raw.text === 'string') return { kind: 'text', text: raw.text };
  if (
    raw.kind === 'rich' &&
    typeof raw.text === 'string' &&
    raw.metadata &&
    typeof raw.metadata === 'object'
  ) {
    const metadata: Record<string, string> = {};
    for (const [k, v] of Object.entries(raw.metadata)) if (typeof v === 'string') metadata[k] = v;
    return { kind: 'rich', text: raw.text, metadata };
  }
  return null;
}

export type SnapshotCache = TtlCache<KomposeSnapshot | null>;

/** Snapshots of many bots; an entry is keyed by the trained version, so a new model is never missed. */
export function createSnapshotCache(): SnapshotCache {
  return new TtlCache<KomposeSnapshot | null>({ ttlMs: 10 * 60_000, maxEntries: 500 });
}

/**
 * Saved snapshots: one small read (the language's trained version) per answer; the model, intents
 * and entities are read once per trained version and kept in memory.
 */
export function savedSnapshots(
  db: Db,
  cache: SnapshotCache = createSnapshotCache(),
): KomposeDeps['snapshot'] {
  return async (bot, language) => {
    const state = await repo.readModelVersion(db, bot.applicationId, bot.id, language);
    if (!state) return null;
    const key = `${bot.applicationId}:${bot.id}:${language}:${state.trainedVersion}`;
    const { value } = await cache.getOrCompute(key, async () => {
      const [model, intents, entities] = await Promise.all([
        repo.readModel(db, bot.applicationId, bot.id, language),
        listIntents(db, bot.applicationId, bot.id, [language]),
        listEntities(db, bot.applicationId, bot.id, language),
      ]);
      return buildSnapshot({
        language,
        models: model?.model ?? null,
        intents: intents.map((i) => ({
          section: i.section,
          name: i.name,
          userSays: i.userSays,
          botSays: i.botSays.map(toBotSays).filter((b): b is BotSays => b !== null),
        })),
        entities,
      });
    });
    return value;
  };
}
