import {
  AGENT_ASSIST_ERRORS,
  type AgentAssistReason,
  ASSIST_TRANSCRIPT_CHARS,
  type ConversationSummary,
  MAX_TRANSLATION_CHARS,
  type MessageTranslation,
  type MessageTranslationRequest,
} from '@convo/api';
import { type Language, MESSAGE_CONTENT_TYPE, SENDER_TYPE } from '@convo/domain';
import type { AuthContext } from '../../http/auth.js';
import { AppError, notFound } from '../../http/errors.js';
import type { Db } from '../../platform/db/database.js';
import {
  assistAgent,
  BotEngineError,
  type BotRuntimeConfig,
  completeWithAgent,
  type LlmCapGuard,
  type ModelOptions,
  type RetrievedPassage,
} from '../bots/index.js';
import { listMessages, messageDetails } from '../messages/index.js';
import { memberLanguage } from '../profile/index.js';
import type { Realtime } from '../realtime/index.js';

// Agent assist (issue 36 item 3): what the application's own AI agent (its first enabled agent on
// an LLM engine, with that agent's key and model) writes for a human agent: one suggested reply
// grounded in the knowledge passages, a summary of the conversation, a customer message in the
// agent's language. Every call reads the conversation through the messages module (its visibility
// rule: another application's conversation is "not found"), sends a bounded transcript and waits a
// bounded time.

export interface AssistDeps {
  db: Db;
  realtime: Realtime;
  appSecret: string;
  models: ModelOptions;
  /** Upper bound of a summary or translation call (ms). */
  timeoutMs: number;
  /** The LLM spend ceilings; each call counts once on the application's counters. */
  llmCaps?: LlmCapGuard | undefined;
}

/** An application past its LLM spend ceiling: the provider is not called. */
export class SpendCeilingReached extends Error {
  override name = 'SpendCeilingReached';
}

/**
 * Counts one AI-agent call on the application's spend ceilings (not a visitor's or an address's:
 * the caller is a member). Throws past a ceiling, before anything reaches the provider.
 */
export async function chargeAgentCall(
  llmCaps: LlmCapGuard | undefined,
  agent: BotRuntimeConfig,
): Promise<void> {
  const cap = await llmCaps?.charge({
    applicationId: agent.applicationId,
    settings: agent.settings,
    visitorId: null,
    address: null,
  });
  if (cap) throw new SpendCeilingReached(`${cap.max} calls per ${cap.window}`);
}

const LANGUAGE_NAMES: Readonly<Record<Language, string>> = {
  en: 'English',
  es: 'Spanish',
  fr: 'French',
  kn: 'Kannada',
};

/** Messages read for a transcript; the character budget then keeps the newest that fit. */
const TRANSCRIPT_MESSAGES = 200;
/** One message's share of a transcript at most (a pasted log must not crowd out the rest). */
const MAX_LINE_CHARS = 2_000;
/** Passage text handed to the model for a suggestion. */
const MAX_PASSAGE_CHARS = 1_500;

const TEXT_TYPES = new Set<number>([MESSAGE_CONTENT_TYPE.DEFAULT, MESSAGE_CONTENT_TYPE.TEXT_HTML]);

export const plainText = (text: string) =>
  text
    .replace(/<[^>]*>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();

const clip = (text: string, max: number) => (text.length > max ? `${text.slice(0, max)}…` : text);

export function assistError(
  kind: keyof typeof AGENT_ASSIST_ERRORS,
  reason: AgentAssistReason,
  detail?: string,
): AppError {
  const what = {
    suggestion: 'Unable to get an agent suggestion',
    summary: 'Unable to summarize the conversation',
    translation: 'Unable to translate the message',
  }[kind];
  const why: Record<AgentAssistReason, string> = {
    LLM_NOT_CONFIGURED: 'no AI agent with a language model is set up for this application.',
    INVALID_CREDENTIALS: "the AI agent's provider refused its API key.",
    RATE_LIMITED: "the AI agent's provider rate limit was reached.",
    TIMEOUT: "the AI agent's provider did not answer in time.",
    PROVIDER_ERROR: "the AI agent's provider failed.",
    EMPTY_ANSWER: 'the AI agent gave no answer.',
    NOTHING_TO_SUMMARIZE: 'the conversation has no messages yet.',
    SPEND_LIMIT_REACHED: "the application's AI spend ceiling was reached; try again later.",
  };
  const status =
    reason === 'LLM_NOT_CONFIGURED' || reason === 'NOTHING_TO_SUMMARIZE'
      ? 400
      : reason === 'SPEND_LIMIT_REACHED'
        ? 429
        : 502;
  return new AppError(status, AGENT_ASSIST_ERRORS[kind], `${what}: ${detail ?? why[reason]}`, {
    reason,
  });
}

/** A provider failure as the assist error's reason (the engines' codes; anything else a provider error). */
export function failureReason(err: unknown): AgentAssistReason {
  if (err instanceof SpendCeilingReached) return 'SPEND_LIMIT_REACHED';
  if (err instanceof BotEngineError) {
    return err.code === 'NOT_TRAINED' ? 'PROVIDER_ERROR' : err.code;
  }
  return 'PROVIDER_ERROR';
}

export interface TranscriptLine {
  role: 'customer' | 'agent' | 'bot';
  text: string;
}

/** The conversation's text messages, oldest first (the caller's visibility rule applies). */
export async function readTranscript(
  deps: Pick<AssistDeps, 'db' | 'realtime'>,
  caller: AuthContext,
  groupId: number,
  pageSize = TRANSCRIPT_MESSAGES,
): Promise<{ lines: TranscriptLine[]; lastCustomer: { id: number; text: string } | null }> {
  const page = await listMessages(deps, caller, { groupId, startIndex: 0, pageSize });
  const lines: TranscriptLine[] = [];
  let lastCustomer: { id: number; text: string } | null = null;
  // Newest first from the list.
  for (const m of page.message) {
    if (!TEXT_TYPES.has(m.contentType)) continue;
    const text = plainText(m.message);
    if (text === '') continue;
    const role =
      m.senderType === SENDER_TYPE.USER ? 'customer' : m.senderType === SENDER_TYPE.BOT ? 'bot' : 'agent';
    if (role === 'customer' && lastCustomer === null) lastCustomer = { id: m.id, text };
    lines.push({ role, text });
  }
  return { lines: lines.reverse(), lastCustomer };
}

/**
 * The transcript as the model reads it, within `budget` characters: the newest lines kept, older
 * ones dropped (and said to be), each line clipped.
 */
export function transcriptText(
  lines: readonly TranscriptLine[],
  budget = ASSIST_TRANSCRIPT_CHARS,
): { text: string; count: number; truncated: boolean } {
  const label = { customer: 'Customer', agent: 'Agent', bot: 'Bot' } as const;
  const kept: string[] = [];
  let used = 0;
  for (let i = lines.length - 1; i >= 0; i--) {
    const line = lines[i]!;
    const rendered = `${label[line.role]}: ${clip(line.text, MAX_LINE_CHARS)}`;
    if (used + rendered.length + 1 > budget) break;
    kept.push(rendered);
    used += rendered.length + 1;
  }
  kept.reverse();
  return { text: kept.join('\n'), count: kept.length, truncated: kept.length < lines.length };
}

async function agentOrRefuse(deps: AssistDeps, caller: AuthContext, kind: keyof typeof AGENT_ASSIST_ERRORS) {
  const agent = await assistAgent(deps.db, caller.applicationId, deps.appSecret);
  if (!agent) throw assistError(kind, 'LLM_NOT_CONFIGURED');
  return agent;
}

async function complete(
  deps: AssistDeps,
  agent: BotRuntimeConfig,
  kind: keyof typeof AGENT_ASSIST_ERRORS,
  input: {
    system: string;
    prompt: string;
    maxOutputTokens: number;
    timeoutMs?: number;
    signal?: AbortSignal;
  },
): Promise<string> {
  let text: string;
  try {
    await chargeAgentCall(deps.llmCaps, agent);
    text = await completeWithAgent(agent, deps.models, { timeoutMs: deps.timeoutMs, ...input });
  } catch (err) {
    throw assistError(kind, failureReason(err));
  }
  if (text === '') throw assistError(kind, 'EMPTY_ANSWER');
  return text;
}

export async function summarizeConversation(
  deps: AssistDeps,
  caller: AuthContext,
  groupId: number,
): Promise<ConversationSummary> {
  // The conversation first: another application's (or an unknown) one is "not found" before
  // anything says whether this application has an AI agent.
  const { lines } = await readTranscript(deps, caller, groupId);
  const agent = await agentOrRefuse(deps, caller, 'summary');
  if (lines.length === 0) throw assistError('summary', 'NOTHING_TO_SUMMARIZE');
  const transcript = transcriptText(lines);
  const language = (await memberLanguage(deps.db, caller.applicationId, caller.userId)) ?? 'en';
  const summary = await complete(deps, agent, 'summary', {
    system:
      'You summarize customer support conversations for the human agent who takes them over. ' +
      `Write in ${LANGUAGE_NAMES[language]}, in plain text: at most five short lines covering what the ` +
      'customer wants, what has been said or done, and what is still open. Do not invent facts.',
    prompt: `${transcript.truncated ? '(Older messages were left out.)\n' : ''}Conversation:\n${transcript.text}`,
    maxOutputTokens: 400,
  });
  return {
    summary,
    messageCount: transcript.count,
    truncated: transcript.truncated,
    agent: { botId: agent.id, botName: agent.name },
  };
}

export async function translateMessage(
  deps: AssistDeps,
  caller: AuthContext,
  groupId: number,
  input: MessageTranslationRequest,
): Promise<MessageTranslation> {
  // Visible to the caller and in this conversation, or not found (another application's key too).
  await listMessages(deps, caller, { groupId, startIndex: 0, pageSize: 1 });
  const [message] = await messageDetails(deps, caller, [input.messageKey]);
  if (!message || message.groupId !== groupId) throw notFound('Message not found.');
  const text = plainText(message.message);
  if (!TEXT_TYPES.has(message.contentType) || text === '') {
    throw new AppError(400, 'INVALID_PARAMETER', 'Only a text message can be translated.');
  }
  const agent = await agentOrRefuse(deps, caller, 'translation');
  const language =
    input.language ?? (await memberLanguage(deps.db, caller.applicationId, caller.userId)) ?? 'en';
  const truncated = text.length > MAX_TRANSLATION_CHARS;
  const translated = await complete(deps, agent, 'translation', {
    system:
      `Translate the customer's message into ${LANGUAGE_NAMES[language]}. Answer with the translation ` +
      'only, in plain text: no quotes, notes or explanations. If it is already in that language, repeat it.',
    prompt: clip(text, MAX_TRANSLATION_CHARS),
    maxOutputTokens: 1_500,
  });
  return { messageKey: message.key, language, text: translated, truncated };
}

/** What the model answers when the passages and conversation hold no answer. */
const NO_SUGGESTION = 'NONE';

/**
 * One reply the agent could send, written by the AI agent from the knowledge passages and the
 * conversation; null when it has nothing grounded to say. Throws a BotEngineError on failure.
 */
export async function llmSuggestion(
  deps: Pick<AssistDeps, 'models'>,
  agent: BotRuntimeConfig,
  input: {
    lines: readonly TranscriptLine[];
    passages: readonly RetrievedPassage[];
    timeoutMs: number;
    signal: AbortSignal;
  },
): Promise<string | null> {
  const transcript = transcriptText(input.lines, ASSIST_TRANSCRIPT_CHARS);
  const passages = input.passages
    .map(
      (p, i) =>
        `[${i + 1}] ${p.sourceName}${p.heading ? ` — ${p.heading}` : ''}\n${clip(p.text, MAX_PASSAGE_CHARS)}`,
    )
    .join('\n\n');
  const text = await completeWithAgent(agent, deps.models, {
    system:
      "You help a human support agent answer a company's customers. Write one reply the agent could " +
      "send to the customer's newest message, in the customer's language, short and friendly, plain text. " +
      'Use only facts from the knowledge passages and the conversation. If they do not answer the ' +
      `question, answer exactly ${NO_SUGGESTION}.`,
    prompt: `Knowledge passages:\n${passages || '(none found)'}\n\nConversation:\n${transcript.text}`,
    maxOutputTokens: 300,
    timeoutMs: input.timeoutMs,
    signal: input.signal,
  });
  const reply = text.replace(/^["']|["']$/g, '').trim();
  return reply === '' || reply.toUpperCase().startsWith(NO_SUGGESTION) ? null : reply;
}
