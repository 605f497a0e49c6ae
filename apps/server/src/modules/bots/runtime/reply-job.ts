import {
  BOT_LANGUAGES,
  type BotLanguage,
  type BotPlatform,
  botDefaultText,
  DEFAULT_BOT_FALLBACK_MESSAGE,
  DEFAULT_BOT_HANDOFF_MESSAGE,
  DEFAULT_FALLBACKS_BEFORE_HANDOFF,
  DEFAULT_INTENTS,
  type HandoffReason,
  handoffReason,
  isLlmEngine,
  type LlmCap,
  llmCapName,
  needsExternalCredentials,
  nextConsecutiveFallbacks,
  SENDER_TYPE,
  secondsSavedByBot,
  wantsHuman,
} from '@convo/domain';
import { z } from 'zod';
import type { AuthContext } from '../../../http/auth.js';
import { openSealedJson } from '../../../platform/crypto.js';
import type { Db } from '../../../platform/db/database.js';
import { type JobHandler, PermanentJobError, type WorkerLog } from '../../../platform/jobs/job-queue.js';
import { createKeyedBatcher } from '../../../platform/keyed-batcher.js';
import { findApplication } from '../../accounts/index.js';
import * as conversations from '../../conversations/index.js';
import { audiencesOf } from '../../conversations/index.js';
import { sendMessage } from '../../messages/index.js';
import type { Realtime } from '../../realtime/index.js';
import { EVENT } from '../../realtime/index.js';
import { welcomeReplies } from '../builder/service.js';
import {
  type BotEngine,
  BotEngineError,
  type BotInboundMessage,
  type BotMessage,
  type BotReply,
  type BotRuntimeConfig,
  type BotTools,
  type BotTurn,
} from '../engine.js';
import { type FlowHttp, type FlowTurnResult, guardedFlowHttp } from '../flows/runner.js';
import {
  continueOrStartFlow,
  type FlowCodeRunner,
  type FlowEffects,
  sandboxFlowCode,
  startFlowForIntent,
} from '../flows/service.js';
import type { BotRow } from '../repository.js';
import { callFulfillment, callsWebhook } from '../settings/fulfillment.js';
import { handOffToHuman } from './handoff.js';
import type { LlmCapGuard } from './llm-caps.js';
import * as repo from './repository.js';

// The worker's side of a bot's answer: load the conversation, ask the bot's engine (with a
// deadline), send its messages as the bot through the messages service (so the widget and the
// inbox get them live), record the answer and the bot's state, and hand off when the rules say
// so. A provider failure still answers: the bot's fallback is sent and the admin sees the error.

export interface BotRuntimeDeps {
  db: Db;
  realtime: Realtime;
  /** The engines this server runs (the composition root decides). */
  engines: ReadonlyMap<BotPlatform, BotEngine>;
  /** What an engine may look up for a bot (knowledge search); nothing when not given. */
  toolsFor?: ((bot: BotRuntimeConfig) => BotTools) | undefined;
  /** Decrypts the bots' provider keys. */
  appSecret: string;
  /** One engine call's deadline (default 20 s). */
  timeoutMs?: number | undefined;
  log: WorkerLog;
  publicUrl?: string | undefined;
  /** The fulfillment webhook's deadline (default 5 s). */
  fulfillmentTimeoutMs?: number | undefined;
  /** The LLM spend ceilings; without it (tests of other things) LLM replies are not counted. */
  llmCaps?: LlmCapGuard | undefined;
  /** How a flow's API step calls out (default: through the outbound guard). */
  flowHttp?: FlowHttp | undefined;
  /** How a flow's code step runs its action (default: the code-action sandbox). */
  flowCode?: FlowCodeRunner | undefined;
}

const DEFAULT_TIMEOUT_MS = 20_000;
/** Kept far in the future: the bot's send needs no session, only its identity. */
const NEVER = new Date(8_640_000_000_000_000);

const payloadSchema = z.object({
  conversationId: z.number().int().positive(),
  messageId: z.number().int().positive(),
  address: z.string().min(1).max(100).optional(),
});

/** Marks the welcome message, which is not an answer (nothing to rate). */
const WELCOME_TAGS = { KM_BOT_WELCOME: 'true' };

const noTools: BotTools = { searchKnowledge: async () => [] };

const languageOf = (value: string): BotLanguage =>
  (BOT_LANGUAGES as readonly string[]).includes(value) ? (value as BotLanguage) : 'en';

const capText = (cap: LlmCap) =>
  `LLM_CAP_REACHED: the application's limit of ${cap.max} LLM replies a${cap.window === 'hour' ? 'n hour' : ' day'} was reached; the bot answers its fallback until it resets`;

const errorText = (err: unknown): string => {
  if (err instanceof BotEngineError) return `${err.code}: ${err.message}`;
  if (err instanceof Error && err.name === 'TimeoutError')
    return 'TIMEOUT: the engine did not answer in time';
  return err instanceof Error ? err.message || err.name : String(err);
};

/** The provider key as sealed by the bots API: a string, or `{ apiKey }`. */
function openApiKey(secret: string, sealed: string | null): string | null {
  if (!sealed) return null;
  try {
    const value = openSealedJson(secret, sealed);
    if (typeof value === 'string') return value;
    if (value && typeof value === 'object' && typeof (value as { apiKey?: unknown }).apiKey === 'string')
      return (value as { apiKey: string }).apiKey;
  } catch {
    // A key sealed with another secret cannot be used; the engine reports the missing key.
  }
  return null;
}

/** An external engine's sealed credentials (the engine validates them); null when none or unreadable. */
function openCredentials(secret: string, sealed: string | null): unknown {
  return sealed === null ? null : openSealedJson(secret, sealed);
}

function runtimeConfig(bot: BotRow, apiKey: string | null, secret: string): BotRuntimeConfig {
  return {
    ...(needsExternalCredentials(bot.engine)
      ? { credentials: openCredentials(secret, bot.apiKeyEncrypted) }
      : {}),
    id: bot.id,
    applicationId: bot.applicationId,
    engine: bot.engine as BotPlatform,
    name: bot.name,
    defaultLanguage: languageOf(bot.defaultLanguage),
    languages: bot.languages.map(languageOf),
    settings: bot.settings,
    apiKey,
  };
}

function turnOf(senderType: number, text: string): BotTurn {
  const role =
    senderType === SENDER_TYPE.USER ? 'customer' : senderType === SENDER_TYPE.BOT ? 'bot' : 'agent';
  return { role, text };
}

const storedMessageSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('text'), text: z.string().min(1) }),
  z.object({ kind: z.literal('rich'), text: z.string(), metadata: z.record(z.string(), z.string()) }),
]);

/** The handover settings' words that ask for a person (SPEC §2 /settings/handover). */
function handoffWordsOf(settings: Record<string, unknown>): string[] {
  const words = settings.handoffWords;
  return Array.isArray(words) ? words.filter((w): w is string => typeof w === 'string') : [];
}

/** What the bot says when it hands over: the handover settings' message, else the default. */
function handoffText(bot: BotRow, language: string): string {
  const own = bot.settings.handoffMessage;
  return typeof own === 'string' && own.trim() !== ''
    ? own.trim()
    : botDefaultText(DEFAULT_BOT_HANDOFF_MESSAGE, language);
}

/** The bot's own fallback answer in that language, else the default text. */
async function fallbackMessages(db: Db, bot: BotRow, language: string): Promise<BotMessage[]> {
  const stored = await repo.findIntentReplies(
    db,
    bot.applicationId,
    bot.id,
    language,
    DEFAULT_INTENTS.fallback.name,
  );
  const parsed = (stored ?? []).flatMap((m) => {
    const r = storedMessageSchema.safeParse(m);
    return r.success ? [r.data] : [];
  });
  return parsed.length > 0
    ? parsed
    : [{ kind: 'text', text: botDefaultText(DEFAULT_BOT_FALLBACK_MESSAGE, language) }];
}

/** An answer's replies (a flow's go-to-answer step); nothing when the answer has none. */
async function intentMessages(db: Db, bot: BotRow, language: string, intent: string): Promise<BotMessage[]> {
  const stored = await repo.findIntentReplies(db, bot.applicationId, bot.id, language, intent);
  return (stored ?? []).flatMap((m) => {
    const r = storedMessageSchema.safeParse(m);
    return r.success ? [r.data] : [];
  });
}

/** Reply jobs of one application that run at the same time share their reads and their records. */
const MAX_REPLY_BATCH = 100;

/** A batch runner answering each item in order, or the whole batch's error for each. */
const allOrNothing =
  <I, O>(run: (key: string, items: readonly I[]) => Promise<O[]>) =>
  async (key: string, items: readonly I[]) =>
    (await run(key, items)).map((value) => ({ ok: true as const, value }));

export function botReplyHandler(deps: BotRuntimeDeps): JobHandler {
  const messaging = { db: deps.db, realtime: deps.realtime, publicUrl: deps.publicUrl };
  const flowEffects: FlowEffects = {
    http: deps.flowHttp ?? guardedFlowHttp,
    code: deps.flowCode ?? sandboxFlowCode(deps.db),
  };
  const timeoutMs = deps.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  // On the embedded database every statement waits for the one before it, so a burst of customer
  // messages is answered sooner when its jobs read and record together (bench/bot-reply.bench.ts).
  const contexts = createKeyedBatcher(
    allOrNothing((applicationId, requests: readonly repo.ReplyRequest[]) =>
      repo.loadReplyContexts(deps.db, applicationId, requests),
    ),
    MAX_REPLY_BATCH,
  );
  const records = createKeyedBatcher(
    allOrNothing((_applicationId, items: Parameters<typeof repo.recordBotAnswers>[1]) =>
      repo.recordBotAnswers(deps.db, items),
    ),
    MAX_REPLY_BATCH,
  );

  return async (job) => {
    const parsed = payloadSchema.safeParse(job.payload);
    if (!parsed.success || !job.applicationId) throw new PermanentJobError('invalid bot reply job');
    const applicationId = job.applicationId;
    const { conversationId, messageId, address } = parsed.data;

    const context = await contexts.submit(applicationId, { conversationId, messageId });
    if (!context) return;
    const { conversation: conv, bot, state, question } = context;
    // Handed off, disabled, a person has the conversation, or paused: the bot stays silent.
    if (!conv.botActive || !bot.enabled || state?.pausedAt) return;
    if (conv.assigneeId !== null && conv.assigneeId !== bot.userId) return;
    const language = languageOf(bot.defaultLanguage);

    const caller: AuthContext = {
      tokenHash: '',
      userId: bot.userId,
      userName: context.botUserName,
      applicationId,
      roleType: '3',
      product: 'classic',
      sessionExpiresAt: NEVER,
    };
    // Keys derived from the customer's message (the welcome's from the conversation): a retried job
    // never sends a message twice. Submitted together, so they go in one send batch, in order.
    const send = (
      answer: readonly BotMessage[],
      extra: Record<string, string>,
      welcome: readonly BotMessage[] = [],
      keyBase = `bot-${question.id}`,
    ) => {
      const keyed = [
        ...welcome.map((m, i) => ({ m, key: `bot-welcome-${conv.id}-${i}`, tags: WELCOME_TAGS })),
        ...answer.map((m, i) => ({
          m,
          key: `${keyBase}-${i}`,
          tags: i === answer.length - 1 ? extra : {},
        })),
      ];
      return Promise.all(
        keyed.map(({ m, key, tags }) =>
          sendMessage(messaging, caller, {
            groupId: conv.id,
            key,
            // A rich message's text may be empty; the widget shows its template.
            message: m.text.trim() || (m.kind === 'rich' ? '👇' : '…'),
            contentType: 0,
            metadata: { ...(m.kind === 'rich' ? m.metadata : {}), ...tags },
          }),
        ),
      );
    };

    if (wantsHuman(question.message, handoffWordsOf(bot.settings))) {
      await send([{ kind: 'text', text: handoffText(bot, language) }], {
        KM_BOT_STREAM_ID: `bot-${question.id}`,
      });
      await handOff(deps, applicationId, conv.id, bot, 'customer-request');
      return;
    }

    // A flow that has the conversation (or the bot's default flow at its first turn) answers
    // instead of the engine; its place is stored, so a restarted server continues from there.
    const flowInput = {
      applicationId,
      botId: bot.id,
      conversationId: conv.id,
      messageId: question.id,
      message: question.message,
    };
    const sendFlow = async (
      turn: FlowTurnResult,
      suffix: readonly BotMessage[] = [],
      keyBase?: string,
      welcome: readonly BotMessage[] = [],
    ) => {
      for (const e of turn.errors)
        deps.log.warn(
          { botId: bot.id, conversationId: conv.id, node: e.nodeId, err: e.error },
          'flow API or code step failed',
        );
      const said: BotMessage[] = turn.messages.map((m) =>
        Object.keys(m.metadata).length > 0
          ? { kind: 'rich', text: m.text, metadata: m.metadata }
          : { kind: 'text', text: m.text },
      );
      const all = [...said, ...suffix];
      const sent =
        all.length > 0
          ? await send(all, { KM_BOT_STREAM_ID: `bot-${question.id}`, KM_BOT_FLOW: 'true' }, welcome, keyBase)
          : [];
      return sent.at(-1)?.row.id ?? null;
    };
    const flowHandOff = (turn: FlowTurnResult) =>
      turn.handoff
        ? handOff(deps, applicationId, conv.id, bot, 'tool', {
            ...(turn.handoff.assignTo ? { assignTo: turn.handoff.assignTo } : {}),
            ...(turn.handoff.assignTeam ? { assignTeam: turn.handoff.assignTeam } : {}),
          })
        : Promise.resolve();
    // The bot's first turn in the conversation opens with its welcome message, flow or not.
    const firstTurn = !state || (state.answered === 0 && state.consecutiveFallbacks === 0);
    const flowTurn = await continueOrStartFlow(deps.db, flowEffects, flowInput);
    // A flow that goes to an answer ends with that answer's replies.
    if (flowTurn) {
      const answer =
        flowTurn.answer === null ? [] : await intentMessages(deps.db, bot, language, flowTurn.answer);
      const welcome = firstTurn ? await welcomeReplies(deps.db, applicationId, bot.id, language) : [];
      const lastId = await sendFlow(flowTurn, answer, undefined, welcome);
      // A flow's reply is the bot answering, like an answer's: bot analytics counts it (by the
      // flow's name, or the answer it went to) and the time it saved; a handoff then zeroes that.
      if (lastId !== null) {
        const answered = (state?.answered ?? 0) + 1;
        await records.submit(applicationId, {
          answer: {
            messageId: lastId,
            applicationId,
            botId: bot.id,
            conversationId: conv.id,
            intent: (flowTurn.answer ?? `flow: ${flowTurn.flow.name}`).slice(0, 200),
            confidence: 100,
            fallback: false,
            language: null,
            passageId: null,
            llmCap: null,
            question: null,
          },
          state: {
            conversationId: conv.id,
            applicationId,
            botId: bot.id,
            answered,
            consecutiveFallbacks: 0,
            inputTokens: state?.inputTokens ?? 0,
            outputTokens: state?.outputTokens ?? 0,
            secondsSaved: secondsSavedByBot({
              answered,
              handedOff: false,
              secondsPerConversation: numberOr(bot.settings.secondsSavedPerAnswer),
            }),
          },
        });
      }
      await flowHandOff(flowTurn);
      return;
    }

    const turns = context.turns.map((m) => turnOf(m.senderType, m.message));
    const config = runtimeConfig(bot, openApiKey(deps.appSecret, bot.apiKeyEncrypted), deps.appSecret);
    const streamId = `bot-${question.id}`;
    let streamed = '';
    const onDelta = (text: string) => {
      streamed += text;
      // Ephemeral: the final message is the stored record; a lost piece is replaced by it.
      void deps.realtime.publishEphemeral({
        kind: 'ephemeral',
        appId: applicationId,
        audiences: audiencesOf(conv),
        event: {
          type: EVENT.MESSAGE_STREAMING,
          conversationId: conv.id,
          data: { groupId: conv.id, streamId, text: streamed },
        },
      });
    };

    let reply: BotReply;
    let failure: string | null = null;
    const engine = deps.engines.get(config.engine);
    // Past an LLM spend ceiling the provider is not called: the fallback goes (and counts toward the
    // repeated-fallback handoff like any other), the answer records which ceiling, the admin sees it.
    const cap =
      engine && deps.llmCaps && isLlmEngine(config.engine)
        ? await deps.llmCaps.charge({
            applicationId,
            settings: bot.settings,
            visitorId: question.senderId,
            address: address ?? null,
          })
        : null;
    if (cap) {
      deps.log.warn(
        { botId: bot.id, applicationId, conversationId: conv.id, cap: llmCapName(cap), max: cap.max },
        'LLM spend ceiling reached; sent the fallback without calling the provider',
      );
      // The application's ceiling silences the bot for everyone: the admin sees it on the bot.
      if (cap.scope === 'application') failure = capText(cap);
      reply = {
        messages: await fallbackMessages(deps.db, bot, language),
        intent: DEFAULT_INTENTS.fallback.name,
        confidence: 0,
        fallback: true,
      };
    } else {
      try {
        if (!engine)
          throw new BotEngineError('PROVIDER_ERROR', `The ${config.engine} engine is not available.`);
        reply = await engine.reply({
          bot: config,
          turns,
          tools: deps.toolsFor?.(config) ?? noTools,
          onDelta,
          // Only the engines that pass the message on or keep a session per conversation read it.
          message: needsExternalCredentials(config.engine)
            ? await inboundMessage(deps.db, applicationId, question.id)
            : undefined,
          signal: AbortSignal.timeout(Math.max(timeoutMs, engine.deadlineMs ?? 0)),
        });
        // Nothing to say: a handoff without words tells the customer a person comes, not "I didn't get that".
        if (reply.messages.length === 0)
          reply = {
            ...reply,
            messages: reply.handoff
              ? [{ kind: 'text', text: handoffText(bot, language) }]
              : await fallbackMessages(deps.db, bot, language),
          };
      } catch (err) {
        failure = errorText(err);
        deps.log.warn(
          { botId: bot.id, conversationId: conv.id, err: failure },
          'bot engine failed; sent the fallback',
        );
        reply = {
          messages: await fallbackMessages(deps.db, bot, language),
          intent: DEFAULT_INTENTS.fallback.name,
          confidence: 0,
          fallback: true,
        };
      }
    }
    // An answer flagged "call webhook": the webhook's messages replace the static reply; on any
    // failure the static reply goes and the admin sees why.
    if (failure === null && !reply.fallback && callsWebhook(bot, reply.intent)) {
      const result = await callFulfillment({
        db: deps.db,
        appSecret: deps.appSecret,
        bot,
        groupId: conv.id,
        messageId: question.id,
        message: question.message,
        intent: reply.intent,
        confidence: reply.confidence,
        language: reply.language ?? bot.defaultLanguage,
        timeoutMs: deps.fulfillmentTimeoutMs,
      });
      if (result.ok) reply = { ...reply, messages: result.messages };
      else {
        failure = result.error;
        deps.log.warn(
          { botId: bot.id, conversationId: conv.id, err: failure },
          'bot fulfillment webhook failed; sent the static reply',
        );
      }
    }
    // A reply capped for one visitor or address says nothing about the provider: the error stays.
    if (failure !== null || (bot.lastError !== null && (cap === null || cap.scope === 'application')))
      await repo.setBotLastError(deps.db, applicationId, bot.id, failure?.slice(0, 1000) ?? null);

    // The bot's first turn in the conversation opens with its welcome message (the builder's
    // welcome intent), in the language it answers in.
    const welcome = firstTurn
      ? await welcomeReplies(
          deps.db,
          applicationId,
          bot.id,
          languageOf(reply.language ?? bot.defaultLanguage),
        )
      : [];
    // The language detected in the customer's message travels with the answer, so the inbox shows it.
    const tags = {
      KM_BOT_STREAM_ID: streamId,
      KM_BOT_ANSWER: 'true',
      ...(reply.language ? { KM_BOT_LANGUAGE: reply.language } : {}),
    };
    const sent = await send(reply.messages, tags, welcome);
    const answer = sent.at(-1);
    if (!answer) return;
    // An answer that starts a flow: its first steps follow the answer.
    if (!reply.fallback && failure === null) {
      const started = await startFlowForIntent(deps.db, flowEffects, flowInput, reply.intent);
      if (started) {
        await sendFlow(started, [], `bot-flow-${question.id}`);
        await flowHandOff(started);
      }
    }

    const consecutive = nextConsecutiveFallbacks(state?.consecutiveFallbacks ?? 0, reply.fallback);
    const limit = Number(bot.settings.fallbacksBeforeHandoff ?? DEFAULT_FALLBACKS_BEFORE_HANDOFF);
    const reason = handoffReason({
      customerAskedForHuman: false,
      consecutiveFallbacks: consecutive,
      fallbacksBeforeHandoff: Number.isFinite(limit) ? limit : DEFAULT_FALLBACKS_BEFORE_HANDOFF,
      toolRequested: reply.handoff !== undefined,
    });

    // The answer's record and the bot's state together; a retry after this point changes nothing.
    const answered = (state?.answered ?? 0) + (reply.fallback ? 0 : 1);
    const recorded = await records.submit(applicationId, {
      answer: {
        messageId: answer.row.id,
        applicationId,
        botId: bot.id,
        conversationId: conv.id,
        intent: reply.intent.slice(0, 200),
        confidence: Math.round(Math.min(1, Math.max(0, reply.confidence)) * 100),
        fallback: reply.fallback,
        language: reply.language ?? null,
        passageId: reply.passage?.id ?? null,
        llmCap: cap ? llmCapName(cap) : null,
        // What the bot could not answer, bounded: bot analytics' sentences and insights read it.
        question: reply.fallback && question.message ? question.message.slice(0, 500) : null,
      },
      state: {
        conversationId: conv.id,
        applicationId,
        botId: bot.id,
        answered,
        consecutiveFallbacks: consecutive,
        inputTokens: (state?.inputTokens ?? 0) + (reply.usage?.inputTokens ?? 0),
        outputTokens: (state?.outputTokens ?? 0) + (reply.usage?.outputTokens ?? 0),
        secondsSaved: secondsSavedByBot({
          answered,
          handedOff: false,
          secondsPerConversation: numberOr(bot.settings.secondsSavedPerAnswer),
        }),
      },
    });
    if (recorded && reason) await handOff(deps, applicationId, conv.id, bot, reason, reply.handoff);
  };
}

/** The stored customer message as the custom webhook contract sends it. */
async function inboundMessage(
  db: Db,
  applicationId: string,
  messageId: number,
): Promise<BotInboundMessage | undefined> {
  const [row, app] = await Promise.all([
    repo.findInboundMessage(db, applicationId, messageId),
    findApplication(db, applicationId),
  ]);
  if (!row) return undefined;
  const metadata: Record<string, string> = {};
  for (const [k, v] of Object.entries(row.metadata)) if (typeof v === 'string') metadata[k] = v;
  return {
    conversationId: row.conversationId,
    key: row.key,
    from: row.from ?? '',
    contentType: row.contentType,
    metadata,
    source: metadata.source ?? '',
    applicationKey: app?.key ?? '',
    createdAt: row.createdAt.getTime(),
  };
}

const numberOr = (v: unknown): number | undefined => (typeof v === 'number' ? v : undefined);

async function handOff(
  deps: BotRuntimeDeps,
  applicationId: string,
  conversationId: number,
  bot: BotRow,
  reason: HandoffReason,
  target?: { assignTo?: string | undefined; assignTeam?: string | undefined },
) {
  await deps.realtime.transaction(deps.db, applicationId, async (tx, events) => {
    const conv = await conversations.lockConversation(tx, applicationId, conversationId);
    // A person took it meanwhile, or another job already handed off.
    if (!conv?.botActive) return;
    await handOffToHuman(tx, events, conv, bot, reason, target);
  });
}
