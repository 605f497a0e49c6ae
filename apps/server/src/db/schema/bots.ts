import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  customType,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  real,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { applications, teams, users } from './accounts.js';
import { conversations } from './messaging.js';

// AI agents (issue 15): a bot is a member of the application (a `users` row of role type '3') plus
// its engine settings, answers per language, trained models, knowledge sources and its state in
// each conversation it handles. Every table carries application_id.

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

export const bots = pgTable(
  'bots',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    applicationId: text('application_id')
      .notNull()
      .references(() => applications.id),
    /** The bot's member row (role type '3'): it is the sender of its messages. */
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    name: text('name').notNull(),
    engine: text('engine').notNull(),
    enabled: boolean('enabled').notNull().default(true),
    defaultLanguage: text('default_language').notNull().default('en'),
    languages: jsonb('languages').$type<string[]>().notNull().default(['en']),
    /** SPEC §3 operationMode: classic until the Flow Designer exists. */
    operationMode: text('operation_mode').notNull().default('classic'),
    /** Non-secret engine settings (model, base URL, agent instructions, threshold, handoff…). */
    settings: jsonb('settings').$type<Record<string, unknown>>().notNull().default({}),
    /** The provider key, encrypted with the application secret (platform/crypto); never returned. */
    apiKeyEncrypted: text('api_key_encrypted'),
    /** The fulfillment webhook's signing secret, sealed like the key; never returned. */
    webhookSecretSealed: text('webhook_secret_sealed'),
    /** The last provider failure, shown to the admin until the next success. */
    lastError: text('last_error'),
    lastErrorAt: timestamp('last_error_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('bots_app_idx').on(t.applicationId), uniqueIndex('bots_user_uq').on(t.userId)],
);

/**
 * Which bot answers first: one per application (team_id null) and optionally one per team, which
 * wins for conversations routed to that team.
 */
export const botFirstResponders = pgTable(
  'bot_first_responders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    applicationId: text('application_id')
      .notNull()
      .references(() => applications.id),
    teamId: uuid('team_id').references(() => teams.id, { onDelete: 'cascade' }),
    botId: uuid('bot_id')
      .notNull()
      .references(() => bots.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('bot_first_responders_app_uq').on(t.applicationId).where(sql`${t.teamId} is null`),
    uniqueIndex('bot_first_responders_team_uq').on(t.applicationId, t.teamId),
  ],
);

/**
 * The builder's intents per bot and language: welcome message, answers, small talk and fallback
 * (`section`). `name` is the intent key (welcome_event, fallback_intent or the admin's name).
 */
export const botIntents = pgTable(
  'bot_intents',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    applicationId: text('application_id').notNull(),
    botId: uuid('bot_id')
      .notNull()
      .references(() => bots.id, { onDelete: 'cascade' }),
    language: text('language').notNull(),
    section: text('section').notNull(),
    name: text('name').notNull(),
    /** Customer phrases (answers and small talk only). */
    userSays: jsonb('user_says').$type<string[]>().notNull().default([]),
    /** Replies: `{ kind: 'text', text }` or `{ kind: 'rich', text, metadata }` (contentType 300). */
    botSays: jsonb('bot_says').$type<Record<string, unknown>[]>().notNull().default([]),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('bot_intents_bot_lang_name_uq').on(t.botId, t.language, t.name)],
);

/** SPEC §3 custom entities (entity, locale) with their values and synonyms. */
export const botEntities = pgTable(
  'bot_entities',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    applicationId: text('application_id').notNull(),
    botId: uuid('bot_id')
      .notNull()
      .references(() => bots.id, { onDelete: 'cascade' }),
    entity: text('entity').notNull(),
    locale: text('locale').notNull(),
    values: jsonb('values').$type<{ value: string; synonyms: string[] }[]>().notNull().default([]),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('bot_entities_bot_entity_locale_uq').on(t.botId, t.entity, t.locale)],
);

/** SPEC §3/§7 auto-suggest: category, name, content, botKey, supportsRichMessage. */
export const botSuggestions = pgTable(
  'bot_suggestions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    applicationId: text('application_id')
      .notNull()
      .references(() => applications.id),
    botId: uuid('bot_id').references(() => bots.id, { onDelete: 'cascade' }),
    category: text('category').notNull().default(''),
    name: text('name').notNull(),
    content: text('content').notNull(),
    supportsRichMessage: boolean('supports_rich_message').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('bot_suggestions_app_idx').on(t.applicationId, t.botId)],
);

/** kompose's trained classifier per bot and language (trained by the worker role's job queue). */
export const botModels = pgTable(
  'bot_models',
  {
    botId: uuid('bot_id')
      .notNull()
      .references(() => bots.id, { onDelete: 'cascade' }),
    language: text('language').notNull(),
    applicationId: text('application_id').notNull(),
    /** idle | training | ready | failed */
    status: text('status').notNull().default('idle'),
    /** SerializedClassifier JSON; null until the first training finished. */
    model: jsonb('model').$type<Record<string, unknown>>(),
    /** Bumped on each intent save; a training result for an older version is discarded. */
    version: integer('version').notNull().default(0),
    trainedVersion: integer('trained_version').notNull().default(0),
    error: text('error'),
    trainedAt: timestamp('trained_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.botId, t.language] })],
);

/** A bot's state in one conversation: fallbacks in a row, pause after a human reply, handoff. */
export const botConversations = pgTable(
  'bot_conversations',
  {
    conversationId: bigint('conversation_id', { mode: 'number' })
      .primaryKey()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    applicationId: text('application_id').notNull(),
    botId: uuid('bot_id')
      .notNull()
      .references(() => bots.id, { onDelete: 'cascade' }),
    consecutiveFallbacks: integer('consecutive_fallbacks').notNull().default(0),
    answered: integer('answered').notNull().default(0),
    /** Set when a human replied or the bot handed off: the bot stays silent in this conversation. */
    pausedAt: timestamp('paused_at', { withTimezone: true }),
    handoffReason: text('handoff_reason'),
    handedOffAt: timestamp('handed_off_at', { withTimezone: true }),
    inputTokens: integer('input_tokens').notNull().default(0),
    outputTokens: integer('output_tokens').notNull().default(0),
    /** Seconds of an agent's time the bot's answers saved (SPEC §7 stats/time/saved/bot). */
    secondsSaved: integer('seconds_saved').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('bot_conversations_bot_idx').on(t.botId, t.createdAt)],
);

/** Each bot answer as sent (for feedback, analytics and the inbox's "matched intent"). */
export const botAnswers = pgTable(
  'bot_answers',
  {
    messageId: bigint('message_id', { mode: 'number' }).primaryKey(),
    applicationId: text('application_id').notNull(),
    botId: uuid('bot_id')
      .notNull()
      .references(() => bots.id, { onDelete: 'cascade' }),
    conversationId: bigint('conversation_id', { mode: 'number' })
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    intent: text('intent').notNull(),
    confidence: integer('confidence_pct').notNull(),
    fallback: boolean('fallback').notNull().default(false),
    language: text('language'),
    passageId: bigint('passage_id', { mode: 'number' }),
    /** The LLM spend ceiling that made this the fallback without a provider call (`visitor-hour`…). */
    llmCap: text('llm_cap'),
    /** The customer's question a fallback answered (bounded): bot analytics' unanswered sentences. */
    question: text('question'),
    /** Customer feedback: true helpful, false not helpful, null not rated. */
    helpful: boolean('helpful'),
    ratedAt: timestamp('rated_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('bot_answers_bot_idx').on(t.applicationId, t.botId, t.createdAt),
    index('bot_answers_conversation_idx').on(t.conversationId),
    // Bot analytics reads the unanswered questions and the rated answers of a range by these.
    index('bot_answers_fallback_idx')
      .on(t.applicationId, t.botId, t.createdAt)
      .where(sql`${t.fallback} and ${t.question} is not null`),
    index('bot_answers_rated_idx')
      .on(t.applicationId, t.botId, t.ratedAt)
      .where(sql`${t.helpful} is not null`),
  ],
);

/** A knowledge source: an uploaded document, a URL, or a sitemap crawled up to a page limit. */
export const knowledgeSources = pgTable(
  'knowledge_sources',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    applicationId: text('application_id')
      .notNull()
      .references(() => applications.id),
    botId: uuid('bot_id')
      .notNull()
      .references(() => bots.id, { onDelete: 'cascade' }),
    /** document | url | sitemap */
    kind: text('kind').notNull(),
    name: text('name').notNull(),
    url: text('url'),
    /** The stored upload (platform/storage key) of a document. */
    fileKey: text('file_key'),
    mimeType: text('mime_type'),
    /** pending | indexing | ready | failed */
    status: text('status').notNull().default('pending'),
    error: text('error'),
    /** A parse-limit failure's code and numbers (issue 32), worded by the dashboard. */
    errorDetail: jsonb('error_detail').$type<{ code: string; params: Record<string, number> }>(),
    progressDone: integer('progress_done').notNull().default(0),
    progressTotal: integer('progress_total').notNull().default(0),
    pageLimit: integer('page_limit'),
    passageCount: integer('passage_count').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('knowledge_sources_bot_idx').on(t.applicationId, t.botId)],
);

/** Passages of a source, indexed with full-text search (same SQL on PGlite and PostgreSQL). */
export const knowledgePassages = pgTable(
  'knowledge_passages',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    applicationId: text('application_id').notNull(),
    botId: uuid('bot_id').notNull(),
    sourceId: uuid('source_id')
      .notNull()
      .references(() => knowledgeSources.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    url: text('url'),
    heading: text('heading'),
    text: text('text').notNull(),
    searchVector: tsvector('search_vector').generatedAlwaysAs(
      sql`to_tsvector('simple', coalesce(heading, '') || ' ' || text)`,
    ),
    /**
     * The passage's embedding (unit length) when the application has an embeddings provider: a
     * plain array, so the same column works where pgvector is missing (docs/decisions.md).
     */
    embedding: real('embedding').array(),
    /** The model that made `embedding`: another model's vectors are never compared with it. */
    embeddingModel: text('embedding_model'),
  },
  (t) => [
    index('knowledge_passages_bot_idx').on(t.applicationId, t.botId),
    index('knowledge_passages_source_idx').on(t.sourceId, t.position),
    index('knowledge_passages_search_idx').using('gin', t.searchVector),
  ],
);

/**
 * A bot's conversation flow (Flow Designer, issue 36 item 1): its editable draft graph and which
 * published version customers run. The graph is validated by @convo/domain before publishing.
 */
export const botFlows = pgTable(
  'bot_flows',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    applicationId: text('application_id').notNull(),
    botId: uuid('bot_id')
      .notNull()
      .references(() => bots.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** The answer (intent name) that starts this flow; null: none. */
    intent: text('intent'),
    /** The bot's default flow: it starts a conversation's first turn (SPEC §3 defaultFlowId). */
    isDefault: boolean('is_default').notNull().default(false),
    draft: jsonb('draft').$type<unknown>().notNull(),
    publishedVersion: integer('published_version'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('bot_flows_bot_idx').on(t.applicationId, t.botId),
    uniqueIndex('bot_flows_default_uq').on(t.botId).where(sql`${t.isDefault}`),
  ],
);

/** Every published graph of a flow, kept so any earlier one can be published again. */
export const botFlowVersions = pgTable(
  'bot_flow_versions',
  {
    flowId: uuid('flow_id')
      .notNull()
      .references(() => botFlows.id, { onDelete: 'cascade' }),
    version: integer('version').notNull(),
    applicationId: text('application_id').notNull(),
    graph: jsonb('graph').$type<unknown>().notNull(),
    rolledBackFrom: integer('rolled_back_from'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.flowId, t.version] })],
);

/**
 * Where a flow stands in one conversation: the step, whether it waits for the customer's answer,
 * and the attributes collected. Written after every turn, so a restarted server resumes here.
 */
export const botFlowRuns = pgTable(
  'bot_flow_runs',
  {
    conversationId: bigint('conversation_id', { mode: 'number' })
      .primaryKey()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    applicationId: text('application_id').notNull(),
    botId: uuid('bot_id')
      .notNull()
      .references(() => bots.id, { onDelete: 'cascade' }),
    flowId: uuid('flow_id')
      .notNull()
      .references(() => botFlows.id, { onDelete: 'cascade' }),
    /** The version being run: publishing a new one does not change a conversation mid-flow. */
    version: integer('version').notNull(),
    nodeId: text('node_id'),
    waiting: boolean('waiting').notNull().default(false),
    attributes: jsonb('attributes').$type<Record<string, string>>().notNull().default({}),
    /** 'running' until the flow ends, hands off or goes to an answer. */
    status: text('status').notNull().default('running'),
    /** The last customer message this run consumed: a retried job does not answer it twice. */
    lastMessageId: bigint('last_message_id', { mode: 'number' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('bot_flow_runs_flow_idx').on(t.flowId)],
);
