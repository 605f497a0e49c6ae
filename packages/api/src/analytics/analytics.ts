import * as z from 'zod/mini';
import { successEnvelope } from '../accounts/index.js';
import { queryBooleanSchema } from '../shared/index.js';
import { BOT_INSIGHT_STATUSES, REPORT_KINDS } from './constants.js';

// Product API of the analytics context (/api/analytics/...): the /dashboard figures, the CSAT and
// teammate login tables, the bots overview, report exports and the Metabase embed.

const millis = z.coerce.number().check(z.int(), z.nonnegative());

/** A date range in ms and the time zone its days are counted in (checked by the server's rules). */
export const analyticsRangeQuerySchema = z.object({
  from: millis,
  to: millis,
  timeZone: z._default(z.string().check(z.trim(), z.minLength(1), z.maxLength(64)), 'UTC'),
});
export type AnalyticsRangeQuery = z.input<typeof analyticsRangeQuerySchema>;

export const analyticsOverviewQuerySchema = z.extend(analyticsRangeQuerySchema, {
  granularity: z._default(z.enum(['day', 'week']), 'day'),
  audience: z._default(z.enum(['all', 'agents', 'bots']), 'all'),
  /** The team's id as the teams API gives it. */
  teamId: z.optional(z.string().check(z.trim(), z.minLength(1), z.maxLength(100))),
  channel: z.optional(z.string().check(z.trim(), z.minLength(1), z.maxLength(40))),
  insideBusinessHours: z.optional(queryBooleanSchema),
});
export type AnalyticsOverviewQuery = z.input<typeof analyticsOverviewQuerySchema>;

const figuresSchema = z.object({
  newConversations: z.number(),
  openConversations: z.number(),
  resolvedConversations: z.number(),
  /** Seconds, null when nothing was answered or resolved. */
  avgFirstResponseSeconds: z.nullable(z.number()),
  avgResolutionSeconds: z.nullable(z.number()),
});
export type AnalyticsFigures = z.infer<typeof figuresSchema>;

export const analyticsOverviewSchema = z.object({
  from: z.number(),
  to: z.number(),
  timeZone: z.string(),
  current: figuresSchema,
  previous: figuresSchema,
  /** Percent change from the previous period per figure, null when there is nothing to compare. */
  change: z.record(z.string(), z.nullable(z.number())),
  series: z.array(
    z.object({
      bucket: z.string(),
      newConversations: z.number(),
      resolvedConversations: z.number(),
      avgFirstResponseSeconds: z.nullable(z.number()),
      avgResolutionSeconds: z.nullable(z.number()),
    }),
  ),
  channels: z.array(z.string()),
});
export type AnalyticsOverview = z.infer<typeof analyticsOverviewSchema>;
export const analyticsOverviewResponseSchema = successEnvelope(analyticsOverviewSchema);

export const analyticsCsatQuerySchema = z.extend(analyticsRangeQuerySchema, {
  page: z._default(z.coerce.number().check(z.int(), z.gte(1), z.lte(100_000)), 1),
});
export type AnalyticsCsatQuery = z.input<typeof analyticsCsatQuerySchema>;

export const csatRowSchema = z.object({
  conversationId: z.number(),
  name: z.string(),
  assignee: z.nullable(z.string()),
  rating: z.number(),
  /** The SPEC §9 scale of this rating: new 1 bad … 5 great; old 0/1 poor, 5 average, 10 great. */
  scale: z.enum(['old', 'new']),
  comment: z.nullable(z.string()),
  date: z.number(),
});
export type CsatRow = z.infer<typeof csatRowSchema>;

export const analyticsCsatSchema = z.object({
  /**
   * The scale of `average`: the new 5-point scale when the range holds new-scale ratings, else the
   * old 0/1/5/10 scale (SPEC §9). The two scales are never averaged together.
   */
  scale: z.enum(['old', 'new']),
  total: z.number(),
  average: z.nullable(z.number()),
  /** The average of each scale's ratings in range (null when it has none). */
  averages: z.object({ old: z.nullable(z.number()), new: z.nullable(z.number()) }),
  /** Ratings in range by SPEC §9 visual level, both scales counted. */
  levels: z.object({ poor: z.number(), average: z.number(), great: z.number() }),
  page: z.number(),
  pageSize: z.number(),
  rows: z.array(csatRowSchema),
});
export type AnalyticsCsat = z.infer<typeof analyticsCsatSchema>;
export const analyticsCsatResponseSchema = successEnvelope(analyticsCsatSchema);

const intervalSchema = z.tuple([z.number(), z.number()]);

export const teammateLoginSchema = z.object({
  userId: z.string(),
  agent: z.string(),
  /** Seconds. */
  loginTime: z.number(),
  awayTime: z.number(),
  workingHours: z.number(),
  daily: z.array(
    z.object({
      date: z.string(),
      loggedInTimeArray: z.array(intervalSchema),
      awayTimeArray: z.array(intervalSchema),
      totalLoginTime: z.number(),
      totalAwayTime: z.number(),
    }),
  ),
});
export type TeammateLogin = z.infer<typeof teammateLoginSchema>;
export const teammateLoginsResponseSchema = successEnvelope(
  z.object({ timeZone: z.string(), agents: z.array(teammateLoginSchema) }),
);

export const botsOverviewSchema = z.object({
  bots: z.array(
    z.object({
      botId: z.string(),
      name: z.string(),
      conversations: z.number(),
      handedOff: z.number(),
      answers: z.number(),
      fallbacks: z.number(),
      helpful: z.number(),
      notHelpful: z.number(),
      secondsSaved: z.number(),
      /** Answers sent as the fallback because an LLM spend ceiling was reached (no provider call). */
      llmCapped: z.number(),
    }),
  ),
});
export type BotsOverview = z.infer<typeof botsOverviewSchema>;
export const botsOverviewResponseSchema = successEnvelope(botsOverviewSchema);

export const reportCreateRequestSchema = z.object({
  kind: z.enum(REPORT_KINDS),
  from: z.number().check(z.int(), z.nonnegative()),
  to: z.number().check(z.int(), z.nonnegative()),
  timeZone: z._default(z.string().check(z.trim(), z.minLength(1), z.maxLength(64)), 'UTC'),
});
export type ReportCreateRequest = z.input<typeof reportCreateRequestSchema>;

export const reportIdParamsSchema = z.object({ id: z.uuid() });

export const reportExportSchema = z.object({
  id: z.string(),
  kind: z.enum(REPORT_KINDS),
  from: z.number(),
  to: z.number(),
  timeZone: z.string(),
  status: z.enum(['queued', 'running', 'done', 'failed']),
  progress: z.number(),
  rowCount: z.nullable(z.number()),
  error: z.nullable(z.string()),
  createdAt: z.number(),
});
export type ReportExport = z.infer<typeof reportExportSchema>;
export const reportExportResponseSchema = successEnvelope(reportExportSchema);
export const reportExportListResponseSchema = successEnvelope(z.array(reportExportSchema));

export const metabaseEmbedSchema = z.discriminatedUnion('configured', [
  z.object({ configured: z.literal(false) }),
  z.object({ configured: z.literal(true), url: z.string(), expiresAt: z.number() }),
]);
export type MetabaseEmbed = z.infer<typeof metabaseEmbedSchema>;
export const metabaseEmbedResponseSchema = successEnvelope(metabaseEmbedSchema);

// ---- Insights (SPEC §2: five suggested questions answered from the application's data) --------------

const countedSchema = z.object({ name: z.string(), count: z.number() });

export const insightAnswerSchema = z.discriminatedUnion('question', [
  z.object({
    question: z.literal('busiest-hour'),
    /** ISO weekday (1 Monday … 7 Sunday) and hour 0–23 in the range's time zone; null with no conversation. */
    weekday: z.nullable(z.number().check(z.int(), z.gte(1), z.lte(7))),
    hour: z.nullable(z.number().check(z.int(), z.gte(0), z.lte(23))),
    conversations: z.number(),
  }),
  z.object({
    question: z.literal('slowest-team'),
    /** Teams by average first response, slowest first (teams with an answered conversation only). */
    teams: z.array(
      z.object({ name: z.string(), avgFirstResponseSeconds: z.number(), conversations: z.number() }),
    ),
  }),
  z.object({ question: z.literal('top-tags'), tags: z.array(countedSchema) }),
  z.object({
    question: z.literal('bot-answers'),
    answers: z.number(),
    fallbacks: z.number(),
    /** Percent of the bots' answers that were not fallbacks, null without answers. */
    answerRate: z.nullable(z.number()),
    /** Intents the bots fell back on most. */
    topFallbacks: z.array(countedSchema),
  }),
  z.object({
    question: z.literal('csat-trend'),
    /** Average rating per week (Monday, in the range's time zone) with ratings. */
    weeks: z.array(z.object({ week: z.string(), average: z.number(), ratings: z.number() })),
    /** Change of the last week's average from the first's, in rating points; null with under two weeks. */
    change: z.nullable(z.number()),
  }),
]);
export type InsightAnswer = z.infer<typeof insightAnswerSchema>;

export const insightsSchema = z.object({
  from: z.number(),
  to: z.number(),
  timeZone: z.string(),
  answeredAt: z.number(),
  answers: z.array(insightAnswerSchema),
});
export type Insights = z.infer<typeof insightsSchema>;
export const insightsResponseSchema = successEnvelope(insightsSchema);

// ---- Bot analytics and insights (issue 36 item 5; SPEC §7 bot analytics, kompose-nlp insight) ----

export const botAnalyticsParamsSchema = z.object({
  botId: z.string().check(z.trim(), z.minLength(1), z.maxLength(64)),
});

export const botAnalyticsSchema = z.object({
  bot: z.object({ id: z.string(), name: z.string() }),
  /** The range's first and last UTC day (the counters are kept per UTC day). */
  fromDay: z.string(),
  toDay: z.string(),
  overview: z.object({
    conversations: z.number(),
    /** Resolved with the bot never handing off nor paused by a person's reply. */
    resolvedByBot: z.number(),
    handedOff: z.number(),
    answers: z.number(),
    fallbacks: z.number(),
    helpful: z.number(),
    notHelpful: z.number(),
  }),
  days: z.array(z.object({ day: z.string(), answers: z.number(), fallbacks: z.number() })),
  /** Intents the bot answered with, most hit first (fallbacks are the sentences below). */
  intents: z.array(
    z.object({ intent: z.string(), hits: z.number(), helpful: z.number(), notHelpful: z.number() }),
  ),
  /** Customer questions the bot could not answer, most asked first. */
  sentences: z.array(z.object({ text: z.string(), count: z.number(), lastAt: z.number() })),
  /** The latest rated answers. */
  feedback: z.array(
    z.object({
      conversationId: z.number(),
      intent: z.string(),
      helpful: z.boolean(),
      ratedAt: z.number(),
    }),
  ),
});
export type BotAnalytics = z.infer<typeof botAnalyticsSchema>;
export const botAnalyticsResponseSchema = successEnvelope(botAnalyticsSchema);

export const botInsightTopicSchema = z.object({
  /** The topic's most telling words, as customers wrote them. */
  label: z.string(),
  count: z.number(),
  /** Distinct example sentences, most asked first (the training phrases of a new answer). */
  examples: z.array(z.string()),
});
export type BotInsightTopic = z.infer<typeof botInsightTopicSchema>;

export const botInsightsSchema = z.object({
  status: z.enum(BOT_INSIGHT_STATUSES),
  from: z.nullable(z.number()),
  to: z.nullable(z.number()),
  requestedAt: z.nullable(z.number()),
  computedAt: z.nullable(z.number()),
  sentenceCount: z.number(),
  topics: z.array(botInsightTopicSchema),
  error: z.nullable(z.string()),
});
export type BotInsights = z.infer<typeof botInsightsSchema>;
export const botInsightsResponseSchema = successEnvelope(botInsightsSchema);
export const botInsightsRequestSchema = z.object({
  from: z.number().check(z.int(), z.nonnegative()),
  to: z.number().check(z.int(), z.nonnegative()),
});
