import { SUPPORTED_LANGUAGES } from '@convo/domain';
import { z } from 'zod';

// Product API of the inbox's suggested replies (SPEC §1 smartreply): for the newest customer
// message of a conversation, up to three replies drawn from the application's own answers (the
// bots' saved answers, auto-suggest entries, quick replies, knowledge sentences). The agent
// inserts one into the composer; nothing is sent by asking.

export const REPLY_SUGGESTION_PATHS = {
  conversation: '/api/conversations/:groupId/suggestions',
  /** Agent assist (issue 36 item 3): a summary of the conversation by the application's AI agent. */
  summary: '/api/conversations/:groupId/summary',
  /** Agent assist: one customer message translated into the agent's language. */
  translation: '/api/conversations/:groupId/translation',
} as const;

export const conversationSummaryPath = (groupId: number) => `/api/conversations/${groupId}/summary`;
export const messageTranslationPath = (groupId: number) => `/api/conversations/${groupId}/translation`;

/**
 * Agent assist's error codes (HTTP 400 without an AI agent, 502 when the provider fails; details.reason
 * says which): SPEC §8 names the suggestion's; the summary's and translation's are ours (decisions).
 */
export const AGENT_ASSIST_ERRORS = {
  suggestion: 'UNABLE_TO_GET_AGENT_SUGGESTION',
  summary: 'UNABLE_TO_GET_CONVERSATION_SUMMARY',
  translation: 'UNABLE_TO_TRANSLATE_MESSAGE',
} as const;

/** Why an assist call failed (details.reason): no AI agent, or the engines' provider failure codes. */
export const AGENT_ASSIST_REASONS = [
  'LLM_NOT_CONFIGURED',
  'INVALID_CREDENTIALS',
  'RATE_LIMITED',
  'TIMEOUT',
  'PROVIDER_ERROR',
  'EMPTY_ANSWER',
  'NOTHING_TO_SUMMARIZE',
  'SPEND_LIMIT_REACHED',
] as const;
export type AgentAssistReason = (typeof AGENT_ASSIST_REASONS)[number];

export const replySuggestionsPath = (groupId: number) => `/api/conversations/${groupId}/suggestions`;

export const MAX_REPLY_SUGGESTIONS = 3;

export const replySuggestionParamsSchema = z.object({
  groupId: z.coerce
    .number({ error: 'groupId must be a conversation id' })
    .int('groupId must be a conversation id')
    .positive('groupId must be a conversation id')
    .max(2 ** 53 - 1),
});

export const replySuggestionSourceSchema = z.enum([
  'answer',
  'suggestion',
  'quick-reply',
  'knowledge',
  'llm',
]);
export type ReplySuggestionSource = z.infer<typeof replySuggestionSourceSchema>;

export const replySuggestionSchema = z.object({
  /**
   * Where the reply comes from: a bot's saved answer, an auto-suggest entry, a quick reply, a
   * document, or the application's AI agent (written from the knowledge passages found).
   */
  source: replySuggestionSourceSchema,
  /** Its name there (intent, suggestion name, /shortcut, knowledge source). */
  title: z.string(),
  /** The text the composer receives. */
  text: z.string(),
  /** How well it answers the message, 0…1. */
  score: z.number().min(0).max(1),
});
export type ReplySuggestion = z.infer<typeof replySuggestionSchema>;

export const replySuggestionsSchema = z.object({
  /** The customer message the suggestions answer (null: the customer has written nothing yet). */
  messageId: z.number().int().nullable(),
  suggestions: z.array(replySuggestionSchema).max(MAX_REPLY_SUGGESTIONS),
  /**
   * The AI agent's part: 'off' (no agent, or nothing asked), 'answered', 'empty' (it had nothing
   * to add), 'failed', or 'timeout' (it was not waited for: the other sources' replies came back).
   */
  llm: z.enum(['off', 'answered', 'empty', 'failed', 'timeout']),
});
export type ReplySuggestions = z.infer<typeof replySuggestionsSchema>;

export const replySuggestionsResponseSchema = z.object({
  code: z.literal('SUCCESS'),
  data: replySuggestionsSchema,
});

/** Transcript characters an assist call sends at most (the newest kept): about 3,000 tokens. */
export const ASSIST_TRANSCRIPT_CHARS = 12_000;
/** Characters of one message a translation takes at most. */
export const MAX_TRANSLATION_CHARS = 4_000;

export const conversationSummarySchema = z.object({
  summary: z.string(),
  /** Messages the summary read (the newest ones when the conversation is longer than the budget). */
  messageCount: z.number().int().min(0),
  /** True when older messages were left out to stay within the budget. */
  truncated: z.boolean(),
  /** The AI agent that wrote it. */
  agent: z.object({ botId: z.string(), botName: z.string() }),
});
export type ConversationSummary = z.infer<typeof conversationSummarySchema>;
export const conversationSummaryResponseSchema = z.object({
  code: z.literal('SUCCESS'),
  data: conversationSummarySchema,
});

export const assistLanguageSchema = z.enum(SUPPORTED_LANGUAGES);

export const messageTranslationRequestSchema = z
  .object({
    /** The customer message's key (the message list's `key`). */
    messageKey: z.string().trim().min(1, 'messageKey is required').max(200),
    /** Into which language; the agent's own (profile, else English) when absent. */
    language: assistLanguageSchema.optional(),
  })
  .strict();
export type MessageTranslationRequest = z.infer<typeof messageTranslationRequestSchema>;

export const messageTranslationSchema = z.object({
  messageKey: z.string(),
  language: assistLanguageSchema,
  text: z.string(),
  /** True when the message was longer than MAX_TRANSLATION_CHARS and only its start was translated. */
  truncated: z.boolean(),
});
export type MessageTranslation = z.infer<typeof messageTranslationSchema>;
export const messageTranslationResponseSchema = z.object({
  code: z.literal('SUCCESS'),
  data: messageTranslationSchema,
});
