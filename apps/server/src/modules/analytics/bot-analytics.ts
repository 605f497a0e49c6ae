import {
  type BotAnalytics,
  type BotInsightStatus,
  type BotInsights,
  type BotInsightTopic,
  botInsightTopicSchema,
  ERROR_GETTING_INSIGHT,
} from '@convo/api';
import { z } from 'zod';
import type { AuthContext } from '../../http/auth.js';
import { notFound } from '../../http/errors.js';
import type { Db } from '../../platform/db/database.js';
import { enqueue, type JobHandler, PermanentJobError } from '../../platform/jobs/job-queue.js';
import { requireMember } from '../teams/index.js';
import * as repo from './bot-analytics-repository.js';
import { clusterSentences, type InsightToken } from './insight-clusters.js';
import { checkedRange } from './service.js';

// One bot's analytics and insights (issue 36 item 5; SPEC §7 bot analytics intents, sentences,
// overview; feedback list, stats; kompose-nlp cluster/insight). Reads are counters and index ranges;
// the clustering runs in the worker and the page reads its cached result.

export const BOT_INSIGHTS_QUEUE = 'analytics.bot-insights';
/** The newest unanswered questions one insights run clusters at most. */
export const INSIGHT_SENTENCE_LIMIT = 50_000;

interface RangeInput {
  from: number;
  to: number;
  timeZone?: string | undefined;
}

const utcDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

async function botOf(db: Db, caller: AuthContext, botId: string) {
  requireMember(caller);
  const bot = await repo.findBot(db, caller.applicationId, botId);
  if (!bot) throw notFound('Bot not found.');
  return bot;
}

export async function botAnalytics(
  db: Db,
  caller: AuthContext,
  botId: string,
  q: RangeInput,
): Promise<BotAnalytics> {
  const bot = await botOf(db, caller, botId);
  const range = await checkedRange(db, { from: q.from, to: q.to, timeZone: q.timeZone ?? 'UTC' });
  // The counters are per UTC day: the range covers the days its instants fall on.
  const fromDay = utcDay(q.from);
  const toDay = utcDay(Math.max(q.from, q.to - 1));
  const app = caller.applicationId;
  const [conversations, days, intents, sentences, feedback] = await Promise.all([
    repo.conversationCounts(db, app, bot.id, range.from, range.to),
    repo.dailyCounts(db, app, bot.id, fromDay, toDay),
    repo.intentCounts(db, app, bot.id, fromDay, toDay),
    repo.unansweredSentences(db, app, bot.id, range.from, range.to),
    repo.ratedAnswers(db, app, bot.id, range.from, range.to),
  ]);
  const sum = (k: 'answers' | 'fallbacks' | 'helpful' | 'notHelpful') => days.reduce((s, d) => s + d[k], 0);
  return {
    bot: { id: bot.id, name: bot.name },
    fromDay,
    toDay,
    overview: {
      ...conversations,
      answers: sum('answers'),
      fallbacks: sum('fallbacks'),
      helpful: sum('helpful'),
      notHelpful: sum('notHelpful'),
    },
    days: days.map((d) => ({ day: d.day, answers: d.answers, fallbacks: d.fallbacks })),
    intents,
    sentences,
    feedback,
  };
}

const millisOf = (v: unknown) => (v == null ? null : new Date(v as string | Date).getTime());

function insightsView(row: repo.InsightRow | undefined): BotInsights {
  if (!row) {
    return {
      status: 'none',
      from: null,
      to: null,
      requestedAt: null,
      computedAt: null,
      sentenceCount: 0,
      topics: [],
      error: null,
    };
  }
  const topics = z.array(botInsightTopicSchema).safeParse(row.topics);
  return {
    status: row.status as BotInsightStatus,
    from: millisOf(row.range_from),
    to: millisOf(row.range_to),
    requestedAt: millisOf(row.requested_at),
    computedAt: millisOf(row.computed_at),
    sentenceCount: Number(row.sentence_count),
    topics: topics.success ? topics.data : [],
    error: row.error,
  };
}

/** The cached insights: one primary-key read. */
export async function botInsights(db: Db, caller: AuthContext, botId: string): Promise<BotInsights> {
  const bot = await botOf(db, caller, botId);
  return insightsView(await repo.findInsights(db, caller.applicationId, bot.id));
}

/** Asks the worker for fresh insights of the range; the row and its job are written together. */
export async function requestBotInsights(
  db: Db,
  caller: AuthContext,
  botId: string,
  q: RangeInput,
): Promise<BotInsights> {
  const bot = await botOf(db, caller, botId);
  const range = await checkedRange(db, { from: q.from, to: q.to, timeZone: 'UTC' });
  await db.transaction(async (tx) => {
    await repo.markInsightsQueued(tx, caller.applicationId, bot.id, range.from, range.to);
    await enqueue(tx, {
      queue: BOT_INSIGHTS_QUEUE,
      applicationId: caller.applicationId,
      payload: { botId: bot.id },
      maxAttempts: 2,
    });
  });
  return insightsView(await repo.findInsights(db, caller.applicationId, bot.id));
}

/** Tokenizes a sentence in a bot's language (kompose's analyser, wired by app.ts). */
export type InsightTokenizerOf = (text: string, language: string) => readonly InsightToken[];

const payloadSchema = z.object({ botId: z.string().min(1) });

/** The worker's side: clusters the range's unanswered questions and caches the topics. */
export function botInsightsJobHandler(deps: { db: Db; tokenize: InsightTokenizerOf }): JobHandler {
  return async (job) => {
    const parsed = payloadSchema.safeParse(job.payload);
    if (!parsed.success || !job.applicationId) throw new PermanentJobError('invalid bot insights job');
    const applicationId = job.applicationId;
    const { botId } = parsed.data;
    const bot = await repo.findBot(deps.db, applicationId, botId);
    const row = await repo.findInsights(deps.db, applicationId, botId);
    if (!bot || !row) return;
    try {
      const from = new Date(row.range_from as string | Date);
      const to = new Date(row.range_to as string | Date);
      const questions = await repo.unansweredQuestions(
        deps.db,
        applicationId,
        botId,
        from,
        to,
        INSIGHT_SENTENCE_LIMIT,
      );
      const topics: BotInsightTopic[] = clusterSentences(questions, (text) =>
        deps.tokenize(text, bot.default_language),
      );
      await repo.saveInsights(deps.db, applicationId, botId, { sentenceCount: questions.length, topics });
    } catch (err) {
      // The page shows ERROR_GETTING_INSIGHT; the worker's log keeps the cause.
      await repo.failInsights(deps.db, applicationId, botId, ERROR_GETTING_INSIGHT);
      throw new PermanentJobError(err instanceof Error ? err.message : String(err));
    }
  };
}
