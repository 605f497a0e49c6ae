import { BOT_LANGUAGES, BOT_OPERATION_MODES, ENABLED_BOT_ENGINES, MAX_LLM_CAP } from '@convo/domain';
import { z } from 'zod';
import { messageResponseSchema, successEnvelope } from '../accounts/index.js';
import { credentialsViewSchema } from './bot-credentials.js';
import { INTENT_SECTIONS } from './constants.js';

// Product API of AI agents (issue 15): bots, their engine settings, the builder's intents, the
// emulator. Knowledge sources are in knowledge.ts; answer feedback and bot stats in bot-runtime.ts.

export const botEngineSchema = z.enum(ENABLED_BOT_ENGINES as unknown as [string, ...string[]]);
export const botLanguageSchema = z.enum(BOT_LANGUAGES);
export const botIdParamsSchema = z.object({ botId: z.uuid() });
export const intentIdParamsSchema = z.object({ botId: z.uuid(), intentId: z.uuid() });

const botName = z.string().trim().min(1).max(120);

export const botCreateSchema = z.object({
  name: botName,
  engine: botEngineSchema,
  defaultLanguage: botLanguageSchema.default('en'),
});
export type BotCreate = z.input<typeof botCreateSchema>;

export const botUpdateSchema = z
  .object({
    name: botName.optional(),
    defaultLanguage: botLanguageSchema.optional(),
    languages: z.array(botLanguageSchema).min(1).max(BOT_LANGUAGES.length).optional(),
    operationMode: z.enum(BOT_OPERATION_MODES).optional(),
  })
  .refine((b) => Object.values(b).some((v) => v !== undefined), { message: 'Nothing to change.' });
export type BotUpdate = z.input<typeof botUpdateSchema>;

/**
 * Engine settings as the builder edits them. kompose: threshold and handoff; LLM engines: model,
 * base URL (OpenAI-compatible servers), agent instructions. The key is write-only: `apiKey: ''`
 * removes it, absent keeps it.
 */
const llmCap = z.number().int().min(1).max(MAX_LLM_CAP).optional();

export const botEngineSettingsSchema = z.object({
  /** Agent instructions (custom prompt): the LLM engines' system prompt. */
  instructions: z.string().max(20_000).optional(),
  model: z.string().trim().max(200).optional(),
  baseUrl: z
    .string()
    .trim()
    .max(2048)
    .pipe(z.url({ protocol: /^https?$/ }))
    .optional()
    .or(z.literal('')),
  /** kompose: answers below this confidence fall back (0…1). */
  confidenceThreshold: z.number().min(0).max(1).optional(),
  /** Fallbacks in a row before the conversation goes to a human; 0 = never. */
  fallbacksBeforeHandoff: z.number().int().min(0).max(20).optional(),
  /** Seconds of an agent's time one bot answer saves (stats/time/saved/bot). */
  secondsSavedPerAnswer: z.number().int().min(0).max(3600).optional(),
  /** Handover: the agent (user id, as KM_ASSIGN_TO) a handed-off conversation goes to; '' none. */
  handoffAssignTo: z.string().trim().max(200).optional(),
  /** Handover: the team (wire teamId, as KM_ASSIGN_TEAM) when no agent is named; '' none. */
  handoffTeam: z.string().trim().max(100).optional(),
  /**
   * kompose: messages the builder's test panel marked "none of these answers" per language; they
   * train the bot's answers model as examples of what it must not answer.
   */
  outOfScopePhrases: z
    .partialRecord(z.enum(BOT_LANGUAGES), z.array(z.string().trim().min(1).max(500)).max(500))
    .optional(),
  /** Handover: the bot's own words that ask for a person, besides the shipped phrases. */
  handoffWords: z.array(z.string().trim().min(1).max(100)).max(50).optional(),
  /** Handover: what the bot says when it hands over; '' the translated default. */
  handoffMessage: z.string().trim().max(1000).optional(),
  /**
   * LLM engines: the most replies the bot asks of its provider per visitor, per client address and
   * per application, per hour and per day; an absent field takes the default (the plan's for the
   * application when billing is on, which a bot may lower but not raise). Replaced as a whole.
   */
  llmCaps: z
    .object({
      visitorPerHour: llmCap,
      visitorPerDay: llmCap,
      addressPerHour: llmCap,
      addressPerDay: llmCap,
      applicationPerHour: llmCap,
      applicationPerDay: llmCap,
    })
    .strict()
    .optional(),
});
export type BotEngineSettings = z.infer<typeof botEngineSettingsSchema>;

export const botEngineUpdateSchema = z.object({
  engine: botEngineSchema.optional(),
  settings: botEngineSettingsSchema,
  apiKey: z.string().max(500).optional(),
});
export type BotEngineUpdate = z.input<typeof botEngineUpdateSchema>;

export const botSchema = z.object({
  id: z.string(),
  /** The bot member's user name (sender of its messages). */
  userName: z.string(),
  name: z.string(),
  engine: z.string(),
  enabled: z.boolean(),
  defaultLanguage: z.string(),
  languages: z.array(z.string()),
  operationMode: z.string(),
  settings: botEngineSettingsSchema,
  /** Whether a key is stored; the key itself is never returned. */
  hasApiKey: z.boolean(),
  /** An external engine's stored credentials: identifiers and which secrets are set; null when none. */
  credentials: credentialsViewSchema.nullable(),
  /** True for the application's first responder; teams (wire teamIds) it answers first for. */
  firstResponder: z.boolean(),
  firstResponderTeamIds: z.array(z.string()),
  conversationsThisWeek: z.number(),
  lastError: z.string().nullable(),
  createdAt: z.number(),
  updatedAt: z.number(),
});
export type Bot = z.infer<typeof botSchema>;
export const botListResponseSchema = successEnvelope(z.array(botSchema));
export const botResponseSchema = successEnvelope(botSchema);

export const botStatusUpdateSchema = z.object({ enabled: z.boolean() });
/** A team is named by its wire teamId (its clientGroupId), as everywhere else in the API. */
const firstResponderTeamId = z.string().trim().min(1).max(100);
export const firstResponderUpdateSchema = z.object({
  botId: z.uuid(),
  teamId: firstResponderTeamId.optional(),
});
export type FirstResponderUpdate = z.input<typeof firstResponderUpdateSchema>;
export const firstResponderQuerySchema = z.object({ teamId: firstResponderTeamId.optional() });

/** A bot-says reply: text, or a rich message (contentType 300 metadata the widget renders). */
export const botSaysSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('text'), text: z.string().trim().min(1).max(5000) }),
  z.object({
    kind: z.literal('rich'),
    text: z.string().max(5000),
    metadata: z.record(z.string(), z.string().max(20_000)),
  }),
]);
export type BotSays = z.infer<typeof botSaysSchema>;

export const intentSectionSchema = z.enum(INTENT_SECTIONS);

export const intentWriteSchema = z.object({
  language: botLanguageSchema,
  section: intentSectionSchema,
  name: z.string().trim().min(1).max(150),
  userSays: z.array(z.string().trim().min(1).max(500)).max(500).default([]),
  botSays: z.array(botSaysSchema).min(1).max(20),
});
export type IntentWrite = z.input<typeof intentWriteSchema>;

export const intentSchema = z.object({
  id: z.string(),
  language: z.string(),
  section: z.string(),
  name: z.string(),
  userSays: z.array(z.string()),
  botSays: z.array(botSaysSchema),
  updatedAt: z.number(),
});
export type Intent = z.infer<typeof intentSchema>;
export const intentListQuerySchema = z.object({ language: botLanguageSchema.optional() });
export const intentListResponseSchema = successEnvelope(z.array(intentSchema));
export const intentResponseSchema = successEnvelope(intentSchema);
/** DELETE ?allLanguages=true deletes the intent of that name in every language (SPEC §5). */
export const intentDeleteQuerySchema = z.object({
  allLanguages: z.enum(['true', 'false']).optional(),
});
export const intentCopySchema = z.object({
  from: botLanguageSchema,
  intentIds: z.array(z.uuid()).max(1000).optional(),
});

export const entityWriteSchema = z.object({
  entity: z
    .string()
    .trim()
    .min(1)
    .max(100)
    .regex(/^[a-zA-Z][a-zA-Z0-9_-]*$/, 'letters, digits, dash and underscore'),
  locale: botLanguageSchema,
  values: z
    .array(
      z.object({
        value: z.string().trim().min(1).max(200),
        synonyms: z.array(z.string().trim().min(1).max(200)).max(50),
      }),
    )
    .max(1000),
});
export const entitySchema = entityWriteSchema.extend({ id: z.string() });
export type BotEntity = z.infer<typeof entitySchema>;

export const suggestionWriteSchema = z.object({
  botId: z.uuid().nullable().optional(),
  category: z.string().trim().max(100).default(''),
  name: z.string().trim().min(1).max(200),
  content: z.string().trim().min(1).max(5000),
  supportsRichMessage: z.boolean().default(false),
});
export const suggestionSchema = z.object({
  id: z.string(),
  botKey: z.string().nullable(),
  applicationId: z.string(),
  category: z.string(),
  name: z.string(),
  content: z.string(),
  supportsRichMessage: z.boolean(),
});
export type Suggestion = z.infer<typeof suggestionSchema>;
export type SuggestionWrite = z.input<typeof suggestionWriteSchema>;
export const suggestionListQuerySchema = z.object({ botId: z.uuid().optional() });
export const suggestionIdParamsSchema = z.object({ suggestionId: z.uuid() });
export const suggestionListResponseSchema = successEnvelope(z.array(suggestionSchema));
export const suggestionResponseSchema = successEnvelope(suggestionSchema);

/** What will go wrong with a language's phrases (packages/domain trainingWarnings). */
export const trainingWarningSchema = z.object({
  code: z.enum(['ONE_INTENT', 'ONE_PHRASE', 'WRONG_LANGUAGE', 'DUPLICATE_PHRASES']),
  /** The intents concerned, by name. */
  intents: z.array(z.string()),
  /** The phrases concerned (at most a few shown). */
  phrases: z.array(z.string()),
  /** WRONG_LANGUAGE: the language the phrases look written in. */
  detectedLanguage: z.string().nullable(),
});
export type TrainingWarning = z.infer<typeof trainingWarningSchema>;

export const trainingStateSchema = z.object({
  language: z.string(),
  /** The language still trains with these; the builder says what will go wrong. */
  warnings: z.array(trainingWarningSchema),
  status: z.enum(['idle', 'training', 'ready', 'failed']),
  error: z.string().nullable(),
  trainedAt: z.number().nullable(),
  /** True when intents changed since the last finished training. */
  stale: z.boolean(),
});
export const trainingResponseSchema = successEnvelope(z.array(trainingStateSchema));

const scoredIntentSchema = z.object({
  intent: z.string(),
  /** Calibrated 0…1, on the scale of the bot's threshold. */
  confidence: z.number(),
  /** The classifier's probability of the intent, 0…1. */
  probability: z.number(),
});

/**
 * Why kompose answered a message as it did: what its stages decided. Only the builder's test panel
 * returns it (never the widget). Fields may be added by later stages; readers ignore what they
 * do not know.
 */
export const botExplanationSchema = z.object({
  /** Which stage answered. */
  outcome: z.enum(['intent', 'small-talk', 'knowledge', 'fallback']),
  /** The bot's own answers' best intent, if the bot has trained answers. */
  best: scoredIntentSchema.nullable(),
  /** The second-best answer intent. */
  runnerUp: scoredIntentSchema.nullable(),
  /** The threshold the confidence is compared with (the bot's, or the slider's unsaved one). */
  threshold: z.number(),
  /** The bot's own out-of-scope threshold calibrated at training, on the evidence scale (0…1). */
  calibratedThreshold: z.number().nullable(),
  /** True when the best intent is the examples marked "none of these answers". */
  outOfScope: z.boolean(),
  /** The small-talk stage: its best intent, and whether it answered. */
  smallTalk: z.object({ intent: z.string(), confidence: z.number(), answered: z.boolean() }).nullable(),
  /** The knowledge passage the answer used, with its relevance score. */
  knowledge: z
    .object({
      passageId: z.number().nullable(),
      sourceName: z.string(),
      sourceUrl: z.string().nullable(),
      /** The passage's relevance to the question, 0…1 (the share of the question's terms it holds). */
      score: z.number(),
      /** The whole passage. */
      text: z.string(),
      /** The relevance a passage needs to answer; null when the passage was not searched for. */
      minRelevance: z.number().nullable(),
      /** Its BM25 score among the bot's passages; null when not searched for. */
      bm25: z.number().nullable(),
      /** Cosine similarity of the question's and the passage's embeddings; null without embeddings. */
      similarity: z.number().nullable(),
      /** 'keyword': BM25 alone; 'hybrid': BM25 fused with embeddings. */
      ranking: z.enum(['keyword', 'hybrid']).nullable(),
      /** The question's terms (stems) and whether the passage holds them. */
      terms: z.array(z.object({ term: z.string(), weight: z.number(), matched: z.boolean() })),
      /** The sentences of the passage sent as the answer. */
      answer: z.string(),
      /** Set when a saved answer matched too and the passage won over it. */
      arbitration: z
        .object({
          intent: z.string(),
          intentConfidence: z.number(),
          /** How much of the question the saved answer's phrases cover, 0…1. */
          answerCoverage: z.number(),
          /** How much of it the passage covers, 0…1. */
          passageCoverage: z.number(),
          /** The question's terms only the passage holds (names, places, products). */
          specificTerms: z.array(z.string()),
        })
        .nullable(),
    })
    .nullable()
    .optional(),
});
export type BotExplanation = z.infer<typeof botExplanationSchema>;

export const emulatorRequestSchema = z.object({
  message: z.string().trim().min(1).max(2000),
  language: botLanguageSchema.optional(),
  /** Earlier turns of the emulator's chat, oldest first. */
  history: z
    .array(z.object({ role: z.enum(['customer', 'bot']), text: z.string().max(5000) }))
    .max(50)
    .default([]),
  /** The builder's unsaved intents of that language, answering as if saved. */
  draftIntents: z.array(intentWriteSchema).max(2000).optional(),
  /** Unsaved threshold from the builder's slider. */
  confidenceThreshold: z.number().min(0).max(1).optional(),
});
export const emulatorReplySchema = z.object({
  messages: z.array(botSaysSchema),
  intent: z.string(),
  confidence: z.number(),
  fallback: z.boolean(),
  handoff: z.boolean(),
  language: z.string().nullable(),
  passage: z.object({ sourceName: z.string(), url: z.string().nullable(), text: z.string() }).nullable(),
  /** Why the bot answered so (kompose); null for engines that cannot say. Admin-only. */
  explanation: z.lazy(() => botExplanationSchema).nullable(),
});
export type EmulatorReply = z.infer<typeof emulatorReplySchema>;
export const emulatorResponseSchema = successEnvelope(emulatorReplySchema);

/** "This should have been…": the message becomes a phrase of that intent (null: of none). */
export const emulatorCorrectionSchema = z.object({
  message: z.string().trim().min(1).max(500),
  language: botLanguageSchema,
  /** An answers or small-talk intent's name; null marks the message as out of scope. */
  intent: z.string().trim().min(1).max(150).nullable(),
  /** The slider's unsaved threshold, for the new answer. */
  confidenceThreshold: z.number().min(0).max(1).optional(),
});
export type EmulatorCorrection = z.input<typeof emulatorCorrectionSchema>;

export const entityIdParamsSchema = z.object({ botId: z.uuid(), entityId: z.uuid() });
export const entityListQuerySchema = z.object({ locale: botLanguageSchema.optional() });
export const entityListResponseSchema = successEnvelope(z.array(entitySchema));
export const entityResponseSchema = successEnvelope(entitySchema);
export const botDeleteResponseSchema = messageResponseSchema;

/** POST training: every enabled language by default, or one. */
export const trainingRequestSchema = z.object({ language: botLanguageSchema.optional() });

export const thresholdPreviewRequestSchema = z.object({ threshold: z.number().min(0).max(1) });
export const thresholdPreviewSchema = z.object({
  threshold: z.number(),
  /** The bot's threshold today. */
  currentThreshold: z.number(),
  /** Recent answers of the bot considered (newest first, at most 1000). */
  total: z.number(),
  /** Of those, how many had a best intent at or above the threshold (answered by an intent). */
  answered: z.number(),
  /** Below the threshold: small talk, the knowledge source or the fallback would answer. */
  fallBack: z.number(),
  /** Answers whose outcome differs from what the current threshold gives. */
  changed: z.number(),
});
export type ThresholdPreview = z.infer<typeof thresholdPreviewSchema>;
export const thresholdPreviewResponseSchema = successEnvelope(thresholdPreviewSchema);
