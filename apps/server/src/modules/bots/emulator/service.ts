import type { BotSays, EmulatorReply, emulatorRequestSchema } from '@convo/api';
import { type BotLanguage, type BotPlatform, isBotLanguage, wantsHuman } from '@convo/domain';
import type { z } from 'zod';
import { AppError, badRequest } from '../../../http/errors.js';
import type { Db } from '../../../platform/db/database.js';
import { listEntities, listIntents } from '../builder/repository.js';
import { checkIntent, requireBot } from '../builder/service.js';
import {
  type BotEngine,
  BotEngineError,
  type BotMessage,
  type BotRuntimeConfig,
  type BotTools,
} from '../engine.js';
import { createKomposeEngine, type KomposeDeps } from '../engines/kompose/engine.js';
import { outOfScopePhrases } from '../engines/kompose/settings.js';
import { buildSnapshot, type KomposeSnapshot, trainModels } from '../engines/kompose/snapshot.js';
import { type BotRow, runtimeConfigOf } from '../repository.js';

// The builder's test panel: answers a message as the bot would now, including the builder's
// unsaved intents (trained on the spot: a bot's phrases train in milliseconds) and an unsaved
// threshold, and says which intent matched, how sure it was and which passage it used.

type EmulatorRequest = z.output<typeof emulatorRequestSchema>;

export interface EmulatorDeps {
  db: Db;
  appSecret: string;
  /** The knowledge lookups of a bot, scoped to its application. */
  tools: (bot: BotRuntimeConfig) => BotTools;
  /** kompose's saved snapshots (shared with the runtime's cache). */
  snapshots: KomposeDeps['snapshot'];
  /** The deployment's embeddings provider, for saved bots trained with it (kompose semantic.ts). */
  embedder?: KomposeDeps['embedder'];
  /** The other engines the application can run (LLM engines), by kind. */
  engines?: Partial<Record<BotPlatform, BotEngine>>;
  /** Per emulator answer (default 30 s). */
  timeoutMs?: number;
}

/** Drafts bigger than this are not trained in a web request. */
const MAX_DRAFT_PHRASES = 5000;

async function draftSnapshot(
  db: Db,
  bot: BotRow,
  language: BotLanguage,
  drafts: NonNullable<EmulatorRequest['draftIntents']>,
): Promise<KomposeSnapshot> {
  for (const draft of drafts) {
    if (draft.language !== language) {
      throw badRequest(
        'INVALID_DRAFT',
        `Draft intents must all be in the emulator's language '${language}'.`,
      );
    }
    checkIntent(draft);
  }
  const phrases = drafts.reduce((n, d) => n + d.userSays.length, 0);
  if (phrases > MAX_DRAFT_PHRASES) {
    throw badRequest('DRAFT_TOO_LARGE', `Save the intents to test more than ${MAX_DRAFT_PHRASES} phrases.`);
  }
  // Drafts replace the saved intents of the same name; the others stay as saved.
  const [saved, entities] = await Promise.all([
    listIntents(db, bot.applicationId, bot.id, [language]),
    listEntities(db, bot.applicationId, bot.id, language),
  ]);
  const draftNames = new Set(drafts.map((d) => d.name));
  const intents = [
    ...saved
      .filter((s) => !draftNames.has(s.name))
      .map((s) => ({
        section: s.section,
        name: s.name,
        userSays: s.userSays,
        botSays: s.botSays as BotSays[],
      })),
    ...drafts,
  ];
  return buildSnapshot({
    language,
    models: trainModels(intents, language, outOfScopePhrases(bot.settings, language)),
    intents,
    entities,
  });
}

function toBotSays(messages: readonly BotMessage[]): BotSays[] {
  return messages
    .map((m): BotSays => (m.kind === 'text' ? { kind: 'text', text: m.text.trim() } : m))
    .filter((m) => m.kind === 'rich' || m.text !== '');
}

/** Emulator options the test panel's own flows set (not part of the request body). */
export interface EmulateOptions {
  /**
   * Train the language's saved intents on the spot instead of reading the stored model: right
   * after a correction, before the worker has retrained.
   */
  fresh?: boolean;
}

export async function emulate(
  deps: EmulatorDeps,
  applicationId: string,
  botId: string,
  input: EmulatorRequest,
  options: EmulateOptions = {},
): Promise<EmulatorReply> {
  const bot = await requireBot(deps.db, applicationId, botId);
  const runtime = runtimeConfigOf(bot, deps.appSecret);
  if (!runtime) throw badRequest('ENGINE_NOT_AVAILABLE', `The engine '${bot.engine}' cannot run here.`);
  if (input.language) {
    if (!runtime.languages.includes(input.language)) {
      throw badRequest(
        'LANGUAGE_NOT_ENABLED',
        `The language '${input.language}' is not enabled for this bot.`,
      );
    }
    // The emulator's language picker: answer in that language whatever the detector says.
    runtime.defaultLanguage = input.language;
    runtime.languages = [input.language];
  }
  if (input.confidenceThreshold !== undefined) {
    runtime.settings = { ...runtime.settings, confidenceThreshold: input.confidenceThreshold };
  }

  let engine: BotEngine | undefined;
  if (bot.engine === 'kompose') {
    let snapshots = deps.snapshots;
    if (input.draftIntents || options.fresh) {
      const language = input.language ?? input.draftIntents?.[0]?.language ?? runtime.defaultLanguage;
      if (!isBotLanguage(language)) throw badRequest('LANGUAGE_NOT_ENABLED', 'Unknown language.');
      const draft = await draftSnapshot(deps.db, bot, language, input.draftIntents ?? []);
      snapshots = async (b, l) => (l === language ? draft : deps.snapshots(b, l));
    }
    engine = createKomposeEngine({ snapshot: snapshots, embedder: deps.embedder ?? null });
  } else {
    engine = deps.engines?.[bot.engine as BotPlatform];
  }
  if (!engine) {
    throw badRequest('ENGINE_NOT_AVAILABLE', `The ${bot.engine} engine cannot answer on this server yet.`);
  }

  const signal = AbortSignal.timeout(deps.timeoutMs ?? 30_000);
  try {
    const reply = await engine.reply({
      bot: runtime,
      turns: [...input.history, { role: 'customer', text: input.message }],
      tools: deps.tools(runtime),
      signal,
    });
    return {
      messages: toBotSays(reply.messages),
      intent: reply.intent,
      confidence: reply.confidence,
      fallback: reply.fallback,
      handoff:
        wantsHuman(
          input.message,
          Array.isArray(bot.settings.handoffWords)
            ? bot.settings.handoffWords.filter((w): w is string => typeof w === 'string')
            : [],
        ) || reply.handoff !== undefined,
      language: reply.language ?? null,
      passage: reply.passage
        ? { sourceName: reply.passage.sourceName, url: reply.passage.url, text: reply.passage.text }
        : null,
      explanation: reply.explanation ?? null,
    };
  } catch (err) {
    // The admin sees the provider's failure in the panel (a customer would get the fallback).
    if (err instanceof BotEngineError) throw new AppError(502, err.code, err.message);
    if (signal.aborted) throw new AppError(504, 'TIMEOUT', 'The bot did not answer in time.');
    throw err;
  }
}
