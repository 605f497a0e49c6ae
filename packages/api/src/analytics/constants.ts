// @convo/api/analytics/constants: this context's constants without zod (no file reached from here
// imports zod; scripts/check-import-cycles.mjs checks it). Types come from @convo/api/analytics with
// `import type`, which the bundle never holds.

// analytics.ts

export const ANALYTICS_PATHS = {
  overview: '/api/analytics/overview',
  csat: '/api/analytics/csat',
  teammateLogins: '/api/analytics/teammate-logins',
  bots: '/api/analytics/bots',
  reports: '/api/analytics/reports',
  report: '/api/analytics/reports/:id',
  reportDownload: '/api/analytics/reports/:id/download',
  metabase: '/api/analytics/metabase',
  insights: '/api/analytics/insights',
  /** One bot's analytics: overview, intents, unanswered sentences, answer feedback (issue 36.5). */
  botAnalytics: '/api/analytics/bots/:botId',
  /** The cached insights of a bot (GET) and asking the worker to compute them again (POST). */
  botInsights: '/api/analytics/bots/:botId/insights',
} as const;

export const REPORT_KINDS = ['conversations', 'agents', 'teams', 'csat', 'channels', 'bots'] as const;

export type ReportKind = (typeof REPORT_KINDS)[number];

/** The five suggested questions, in the order the dashboard shows them. */
export const INSIGHT_QUESTIONS = [
  'busiest-hour',
  'slowest-team',
  'top-tags',
  'bot-answers',
  'csat-trend',
] as const;

export type InsightQuestion = (typeof INSIGHT_QUESTIONS)[number];

/** How many intents, sentences and rated answers one bot analytics answer lists at most. */
export const BOT_ANALYTICS_LIMITS = { intents: 50, sentences: 50, feedback: 20 } as const;

export const BOT_INSIGHT_STATUSES = ['none', 'queued', 'ready', 'failed'] as const;

export type BotInsightStatus = (typeof BOT_INSIGHT_STATUSES)[number];

/** The message the dashboard shows when insights cannot be had (SPEC §7). */
export const ERROR_GETTING_INSIGHT = 'ERROR_GETTING_INSIGHT';

// report-figures.ts

export const REPORT_FIGURES_PATH = '/api/analytics/report-figures';

/** The figures a report shows on /reports: its columns, in the order the table shows them. */
export const REPORT_METRICS = [
  'newConversations',
  'resolvedConversations',
  'avgFirstResponseSeconds',
  'avgResolutionSeconds',
  'ratings',
  'avgRating',
  'poor',
  'average',
  'great',
  'conversations',
  'handedOff',
  'answers',
  'fallbacks',
  'helpful',
  'notHelpful',
  'secondsSaved',
] as const;

export type ReportMetric = (typeof REPORT_METRICS)[number];
