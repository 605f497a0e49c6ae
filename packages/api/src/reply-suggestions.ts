import { z } from 'zod';

// Product API of the inbox's suggested replies (SPEC §1 smartreply): for the newest customer
// message of a conversation, up to three replies drawn from the application's own answers (the
// bots' saved answers, auto-suggest entries, quick replies, knowledge sentences). The agent
// inserts one into the composer; nothing is sent by asking.

export const REPLY_SUGGESTION_PATHS = {
  conversation: '/api/conversations/:groupId/suggestions',
} as const;

export const replySuggestionsPath = (groupId: number) => `/api/conversations/${groupId}/suggestions`;

export const MAX_REPLY_SUGGESTIONS = 3;

export const replySuggestionParamsSchema = z.object({
  groupId: z.coerce
    .number({ error: 'groupId must be a conversation id' })
    .int('groupId must be a conversation id')
    .positive('groupId must be a conversation id')
    .max(2 ** 53 - 1),
});

export const replySuggestionSourceSchema = z.enum(['answer', 'suggestion', 'quick-reply', 'knowledge']);
export type ReplySuggestionSource = z.infer<typeof replySuggestionSourceSchema>;

export const replySuggestionSchema = z.object({
  /** Where the reply comes from: a bot's saved answer, an auto-suggest entry, a quick reply, a document. */
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
});
export type ReplySuggestions = z.infer<typeof replySuggestionsSchema>;

export const replySuggestionsResponseSchema = z.object({
  code: z.literal('SUCCESS'),
  data: replySuggestionsSchema,
});
