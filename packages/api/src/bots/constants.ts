// @convo/api/bots/constants: this context's constants without zod (no file reached from here
// imports zod; scripts/check-import-cycles.mjs checks it). Types come from @convo/api/bots with
// `import type`, which the bundle never holds.

export * from './bot-runtime-constants.js';

// bot-credentials.ts

export const BOT_CREDENTIALS_PATHS = {
  /** PUT { engine, credentials } switches the bot to that engine with them; DELETE removes them. */
  credentials: '/api/bots/:botId/credentials',
  /** GET the Google consent URL that authorizes a Dialogflow agent (opened in a pop-up). */
  dialogflowAuthorizeUrl: '/api/bots/:botId/dialogflow/authorize-url',
  /** POST { code, state } from /dialogflow-callback: exchanges the code for the agent's tokens. */
  dialogflowAuthorize: '/api/bots/dialogflow/authorize',
} as const;

/** The secret fields of each engine's credentials (never returned). */
export const CREDENTIAL_SECRET_FIELDS = [
  'serviceAccountKey',
  'secretAccessKey',
  'apiKey',
  'token',
  'oauth',
] as const;

// bot-runtime.ts

export const BOT_RUNTIME_PATHS = {
  /** POST { helpful } by the visitor of the answer's conversation (the widget's messaging session). */
  answerFeedback: '/widget/api/bot-answers/:messageId/feedback',
  /** GET ?from=&botId= (messaging API, like the other statistics). */
  timeSavedByBot: '/rest/ws/stats/time/saved/bot',
  /** GET: the Kommunicate widget asks about the bot its conversation is assigned to (by userId). */
  botDetails: '/rest/ws/botdetails/:userId',
} as const;

// bot-settings.ts

export const BOT_SETTINGS_PATHS = {
  /** GET the fulfillment webhook (never its secret); PUT changes it. */
  webhook: '/api/bots/:botId/webhook',
  /** GET: the bot as a versioned JSON file (no secrets). */
  export: '/api/bots/:botId/export',
  /** POST a file: `?dryRun=true` previews, else applies in one transaction and retrains. */
  import: '/api/bots/:botId/import',
} as const;

// bots.ts

export const BOT_PATHS = {
  bots: '/api/bots',
  bot: '/api/bots/:botId',
  /** PUT { enabled } */
  botStatus: '/api/bots/:botId/status',
  /** PUT { botId, teamId? } sets the first responder; DELETE ?teamId= removes it. */
  firstResponder: '/api/bots/first-responder',
  /** PUT the engine's settings and (write-only) API key. */
  botEngine: '/api/bots/:botId/engine',
  intents: '/api/bots/:botId/intents',
  intent: '/api/bots/:botId/intents/:intentId',
  /** POST { intentIds?, from } copies answers to every enabled language ('Yes, copy!'). */
  copyIntents: '/api/bots/:botId/intents/copy',
  entities: '/api/bots/:botId/entities',
  entity: '/api/bots/:botId/entities/:entityId',
  suggestions: '/api/bots/suggestions',
  suggestion: '/api/bots/suggestions/:suggestionId',
  /** kompose training state per language; POST trains now. */
  training: '/api/bots/:botId/training',
  /** POST a customer message (and optional unsaved intents); answers what the bot would say. */
  emulator: '/api/bots/:botId/emulator',
  /** POST { threshold }: how the bot's recent answers would split between answer and fallback. */
  thresholdPreview: '/api/bots/:botId/threshold-preview',
  /** POST { message, language, intent|null }: "this should have been…" in the test panel. */
  emulatorCorrection: '/api/bots/:botId/emulator/correction',
} as const;

export const INTENT_SECTIONS = ['welcome-message', 'answers', 'small-talk', 'fallback'] as const;

/** A bot path with its ids filled in (`botPath(BOT_PATHS.botStatus, { botId })`). */
export function botPath(path: string, params: Record<string, string>): string {
  return path.replace(/:(\w+)/g, (_m, name: string) => encodeURIComponent(params[name] ?? ''));
}

// code-actions.ts

export const CODE_ACTION_PATHS = {
  /** POST { description, botId? }: the LLM writes the function (SPEC code-pilot generate). */
  generate: '/api/code-pilot/generate',
  /** POST { code, input }: runs it in the sandbox (SPEC code-pilot test-code). */
  testCode: '/api/code-pilot/test-code',
  actions: '/api/code-pilot/actions',
  action: '/api/code-pilot/actions/:actionId',
} as const;

export const codeActionPath = (actionId: string) =>
  CODE_ACTION_PATHS.action.replace(':actionId', encodeURIComponent(actionId));

/** SPEC §8: what the dashboard says when the LLM could not write the code. */
export const CODE_GENERATION_ERROR = 'ERROR_GENERATING_CODE';

export const CODE_GENERATION_ERROR_MESSAGE = 'Error generating code';

export const CODE_ACTION_LIMITS = {
  descriptionChars: 2000,
  nameChars: 80,
  codeChars: 20_000,
  /** JSON of the input given to a run (and of a saved sample input), in characters. */
  inputChars: 16_384,
  /** JSON of what a run may return, in characters. */
  outputChars: 65_536,
  /** CPU time the function may use per run. */
  timeMs: 1000,
  /** Memory of the function's own heap (the isolate's limit), in MB. */
  memoryMb: 32,
  /** Lines of console output kept from a run. */
  logLines: 50,
} as const;

/** The one function the code must define; it takes the input object and returns an object. */
export const CODE_ACTION_FUNCTION = 'action';

/** Why a run gave no output: its own exception, the limits, or output that is not a JSON object. */
export const codeRunErrorKinds = ['error', 'timeout', 'memory', 'invalid-output', 'crashed'] as const;

export type CodeRunErrorKind = (typeof codeRunErrorKinds)[number];

// knowledge.ts

export const KNOWLEDGE_PATHS = {
  /** GET the bot's sources (status, progress, counts, error). */
  sources: '/api/bots/:botId/knowledge',
  /** GET the counts the builder shows (sources and passages per kind). */
  counts: '/api/bots/:botId/knowledge/counts',
  /** POST multipart/form-data, the file in the field "file". */
  documents: '/api/bots/:botId/knowledge/documents',
  /** POST { url } */
  urls: '/api/bots/:botId/knowledge/urls',
  /** POST { url, pageLimit } */
  sitemaps: '/api/bots/:botId/knowledge/sitemaps',
  /** POST imports the application's help center (published articles, kept in sync); one per bot. */
  helpCenter: '/api/bots/:botId/knowledge/helpcenter',
  /** DELETE removes the source and its passages. */
  source: '/api/bots/:botId/knowledge/:sourceId',
  /** POST fetches (or parses) the source again; its passages are replaced when that succeeds. */
  recrawl: '/api/bots/:botId/knowledge/:sourceId/recrawl',
} as const;

export const knowledgePath = (path: string, botId: string, sourceId?: string) =>
  path.replace(':botId', encodeURIComponent(botId)).replace(':sourceId', encodeURIComponent(sourceId ?? ''));

/** Largest accepted document upload. */
export const KNOWLEDGE_MAX_UPLOAD_BYTES = 20 * 1024 * 1024;

/** Extensions of the documents a knowledge source accepts (the file input's `accept` too). */
export const KNOWLEDGE_DOCUMENT_EXTENSIONS = ['pdf', 'docx', 'txt', 'md', 'html', 'htm'] as const;

export type KnowledgeDocumentExtension = (typeof KNOWLEDGE_DOCUMENT_EXTENSIONS)[number];

export const KNOWLEDGE_DEFAULT_PAGE_LIMIT = 50;

export const KNOWLEDGE_MAX_PAGE_LIMIT = 500;

export const KNOWLEDGE_SOURCE_KINDS = ['document', 'url', 'sitemap', 'helpcenter'] as const;

export type KnowledgeSourceKind = (typeof KNOWLEDGE_SOURCE_KINDS)[number];

export const KNOWLEDGE_SOURCE_STATUSES = ['pending', 'indexing', 'ready', 'failed'] as const;

export type KnowledgeSourceStatus = (typeof KNOWLEDGE_SOURCE_STATUSES)[number];

/**
 * Codes of a source's failure that the dashboard words in its own language (a file over a parse
 * limit, issue 32); `error` keeps the English message.
 */
export const KNOWLEDGE_ERROR_CODES = [
  'UNPACKED_TOO_LARGE',
  'TOO_MANY_ENTRIES',
  'COMPRESSION_RATIO',
  'TOO_MANY_PAGES',
  'TOO_MANY_PASSAGES',
  'PARSE_TIMEOUT',
  'PARSE_OUT_OF_MEMORY',
  'PARSE_CRASHED',
] as const;

export type KnowledgeErrorCode = (typeof KNOWLEDGE_ERROR_CODES)[number];

// starter-bot.ts

export const STARTER_BOT_PATHS = {
  starterBot: '/api/bots/starter',
} as const;

export const STARTER_BOT_SOURCES = ['helpcenter', 'url', 'document'] as const;

export type StarterBotSource = (typeof STARTER_BOT_SOURCES)[number];
