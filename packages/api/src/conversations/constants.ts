// @convo/api/conversations/constants: this context's constants without zod (no file reached from here
// imports zod; scripts/check-import-cycles.mjs checks it). Types come from @convo/api/conversations with
// `import type`, which the bundle never holds.

// custom-routing.ts

export const CUSTOM_ROUTING_PATHS = {
  bulkUpsert: '/rest/ws/customRouting/bulk/upsert',
  bulkDelete: '/rest/ws/customRouting/bulk/delete',
  list: '/rest/ws/customRouting/list',
} as const;

// inbox.ts

export const TAG_NAME_MAX = 100;

export const QUICK_REPLY_SHORTCUT_MAX = 40;

export const QUICK_REPLY_CONTENT_MAX = 5000;

/** The longest silence the auto-resolve setting accepts: 30 days. */
export const AUTO_RESOLVE_MAX_MINUTES = 43_200;

export const WAITING_MESSAGE_MAX = 1000;

export const WAITING_QUEUE_MAX_LIMIT = 10_000;

export const INBOX_PATHS = {
  tags: '/api/tags',
  tag: '/api/tags/:id',
  tagRestore: '/api/tags/:id/restore',
  quickReplies: '/api/quick-replies',
  quickReply: '/api/quick-replies/:id',
  conversationSettings: '/api/settings/conversations',
} as const;

export const tagPath = (id: string) => `/api/tags/${id}`;

export const tagRestorePath = (id: string) => `/api/tags/${id}/restore`;

export const quickReplyPath = (id: string) => `/api/quick-replies/${id}`;

export const NOTIFICATION_PREFERENCES_PATH = '/api/settings/notification-preferences';

// reply-suggestions.ts

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
] as const;

export type AgentAssistReason = (typeof AGENT_ASSIST_REASONS)[number];

export const replySuggestionsPath = (groupId: number) => `/api/conversations/${groupId}/suggestions`;

export const MAX_REPLY_SUGGESTIONS = 3;

/** Transcript characters an assist call sends at most (the newest kept): about 3,000 tokens. */
export const ASSIST_TRANSCRIPT_CHARS = 12_000;

/** Characters of one message a translation takes at most. */
export const MAX_TRANSLATION_CHARS = 4_000;

// transcript-settings.ts

/** More would turn the transcript into a mailing list; a shared inbox address covers a team. */
export const TRANSCRIPT_EXTRA_RECIPIENTS_MAX = 5;

export const TRANSCRIPT_SETTINGS_PATH = '/api/settings/conversation-transcript';
