import { SUPPORTED_LANGUAGES } from '@convo/domain';
import * as z from 'zod/mini';
import { MAX_REPLY_SUGGESTIONS } from './constants.js';

// Product API of the inbox's suggested replies (SPEC §1 smartreply): for the newest customer
// message of a conversation, up to three replies drawn from the application's own answers (the
// bots' saved answers, auto-suggest entries, quick replies, knowledge sentences). The agent
// inserts one into the composer; nothing is sent by asking.

export const replySuggestionParamsSchema = z.object({
  groupId: z.coerce
    .number({ error: 'groupId must be a conversation id' })
    .check(
      z.int('groupId must be a conversation id'),
      z.positive('groupId must be a conversation id'),
      z.lte(2 ** 53 - 1),
    ),
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
  score: z.number().check(z.gte(0), z.lte(1)),
});
export type ReplySuggestion = z.infer<typeof replySuggestionSchema>;

export const replySuggestionsSchema = z.object({
  /** The customer message the suggestions answer (null: the customer has written nothing yet). */
  messageId: z.nullable(z.number().check(z.int())),
  suggestions: z.array(replySuggestionSchema).check(z.maxLength(MAX_REPLY_SUGGESTIONS)),
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

export const conversationSummarySchema = z.object({
  summary: z.string(),
  /** Messages the summary read (the newest ones when the conversation is longer than the budget). */
  messageCount: z.number().check(z.int(), z.gte(0)),
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

export const messageTranslationRequestSchema = z.strictObject({
  /** The customer message's key (the message list's `key`). */
  messageKey: z.string().check(z.trim(), z.minLength(1, 'messageKey is required'), z.maxLength(200)),
  /** Into which language; the agent's own (profile, else English) when absent. */
  language: z.optional(assistLanguageSchema),
});
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
