import { BOT_ANALYTICS_LIMITS, type BotInsightTopic } from '@convo/api';
import { CONVERSATION_STATUS } from '@convo/domain';
import { sql } from 'drizzle-orm';
import { type Db, rowsOf } from '../../platform/db/database.js';
import { ts } from '../stats/index.js';

// Bot analytics' reads (issue 36 item 5). Counters come from bot_answer_rollups (one row per UTC
// day and intent, kept by a trigger on bot_answers), conversations from bot_conversations (one row
// per conversation the bot took part in); the sentences and the rated answers from bot_answers by
// partial indexes. No statement reads messages. Every statement names the application and the bot.

const num = (v: unknown) => Number(v ?? 0);
const ms = (v: unknown) => (v instanceof Date ? v.getTime() : new Date(String(v)).getTime());

export interface BotRow {
  id: string;
  name: string;
  default_language: string;
}

/** The application's bot, by id (text comparison: a malformed id is simply not found). */
export async function findBot(db: Db, applicationId: string, botId: string) {
  const result = await db.execute(sql`
    select id::text as id, name, default_language from bots
    where application_id = ${applicationId} and id::text = ${botId}`);
  return rowsOf<BotRow>(result)[0];
}

export async function conversationCounts(db: Db, applicationId: string, botId: string, from: Date, to: Date) {
  const result = await db.execute(sql`
    select count(*) as conversations,
      count(b.handed_off_at) as handed_off,
      count(*) filter (where b.handed_off_at is null and b.paused_at is null
        and c.status = ${CONVERSATION_STATUS.CLOSED}) as resolved
    from bot_conversations b
    join conversations c on c.id = b.conversation_id
    where b.bot_id = ${botId}::uuid and b.application_id = ${applicationId}
      and b.created_at >= ${ts(from)} and b.created_at < ${ts(to)}`);
  const r = rowsOf<Record<string, unknown>>(result)[0] ?? {};
  return {
    conversations: num(r.conversations),
    handedOff: num(r.handed_off),
    resolvedByBot: num(r.resolved),
  };
}

/** Per UTC day (inclusive days): answers, fallbacks and the ratings. */
export async function dailyCounts(
  db: Db,
  applicationId: string,
  botId: string,
  fromDay: string,
  toDay: string,
) {
  const result = await db.execute(sql`
    select day::text as day, sum(answers) as answers, sum(fallbacks) as fallbacks,
      sum(helpful) as helpful, sum(not_helpful) as not_helpful
    from bot_answer_rollups
    where application_id = ${applicationId} and bot_id = ${botId}::uuid
      and day >= ${fromDay}::date and day <= ${toDay}::date
    group by day order by day`);
  return rowsOf<Record<string, unknown>>(result).map((r) => ({
    day: String(r.day),
    answers: num(r.answers),
    fallbacks: num(r.fallbacks),
    helpful: num(r.helpful),
    notHelpful: num(r.not_helpful),
  }));
}

/** The intents the bot answered with in the days, most hit first. */
export async function intentCounts(
  db: Db,
  applicationId: string,
  botId: string,
  fromDay: string,
  toDay: string,
) {
  const result = await db.execute(sql`
    select intent, sum(answers - fallbacks) as hits, sum(helpful) as helpful, sum(not_helpful) as not_helpful
    from bot_answer_rollups
    where application_id = ${applicationId} and bot_id = ${botId}::uuid
      and day >= ${fromDay}::date and day <= ${toDay}::date
    group by intent
    having sum(answers - fallbacks) > 0
    order by hits desc, intent
    limit ${BOT_ANALYTICS_LIMITS.intents}`);
  return rowsOf<Record<string, unknown>>(result).map((r) => ({
    intent: String(r.intent),
    hits: num(r.hits),
    helpful: num(r.helpful),
    notHelpful: num(r.not_helpful),
  }));
}

/** The questions the bot answered with its fallback, grouped case-insensitively, most asked first. */
export async function unansweredSentences(
  db: Db,
  applicationId: string,
  botId: string,
  from: Date,
  to: Date,
) {
  const result = await db.execute(sql`
    select min(question) as text, count(*) as n, max(created_at) as last_at
    from bot_answers
    where application_id = ${applicationId} and bot_id = ${botId}::uuid
      and fallback and question is not null
      and created_at >= ${ts(from)} and created_at < ${ts(to)}
    group by lower(question)
    order by n desc, last_at desc
    limit ${BOT_ANALYTICS_LIMITS.sentences}`);
  return rowsOf<Record<string, unknown>>(result).map((r) => ({
    text: String(r.text),
    count: num(r.n),
    lastAt: ms(r.last_at),
  }));
}

/** The latest answers customers rated in the range. */
export async function ratedAnswers(db: Db, applicationId: string, botId: string, from: Date, to: Date) {
  const result = await db.execute(sql`
    select conversation_id, intent, helpful, rated_at
    from bot_answers
    where application_id = ${applicationId} and bot_id = ${botId}::uuid and helpful is not null
      and rated_at >= ${ts(from)} and rated_at < ${ts(to)}
    order by rated_at desc
    limit ${BOT_ANALYTICS_LIMITS.feedback}`);
  return rowsOf<Record<string, unknown>>(result).map((r) => ({
    conversationId: num(r.conversation_id),
    intent: String(r.intent),
    helpful: r.helpful === true,
    ratedAt: ms(r.rated_at),
  }));
}

// ---- Insights' cache ------------------------------------------------------------------------------

export interface InsightRow {
  status: string;
  range_from: unknown;
  range_to: unknown;
  sentence_count: number;
  topics: unknown;
  error: string | null;
  requested_at: unknown;
  computed_at: unknown;
}

export async function findInsights(db: Db, applicationId: string, botId: string) {
  const result = await db.execute(sql`
    select status, range_from, range_to, sentence_count, topics, error, requested_at, computed_at
    from bot_insights where application_id = ${applicationId} and bot_id = ${botId}::uuid`);
  return rowsOf<InsightRow>(result)[0];
}

/** Marks the bot's insights as asked for (the earlier topics stay shown until the new ones land). */
export async function markInsightsQueued(db: Db, applicationId: string, botId: string, from: Date, to: Date) {
  await db.execute(sql`
    insert into bot_insights (application_id, bot_id, status, range_from, range_to, requested_at)
    values (${applicationId}, ${botId}::uuid, 'queued', ${ts(from)}, ${ts(to)}, now())
    on conflict (application_id, bot_id) do update set status = 'queued', range_from = excluded.range_from,
      range_to = excluded.range_to, requested_at = now(), error = null`);
}

export async function saveInsights(
  db: Db,
  applicationId: string,
  botId: string,
  result: { sentenceCount: number; topics: BotInsightTopic[] },
) {
  await db.execute(sql`
    update bot_insights set status = 'ready', sentence_count = ${result.sentenceCount},
      topics = ${JSON.stringify(result.topics)}::jsonb, error = null, computed_at = now()
    where application_id = ${applicationId} and bot_id = ${botId}::uuid`);
}

export async function failInsights(db: Db, applicationId: string, botId: string, error: string) {
  await db.execute(sql`
    update bot_insights set status = 'failed', error = ${error}, computed_at = now()
    where application_id = ${applicationId} and bot_id = ${botId}::uuid`);
}

/** The newest unanswered questions of the range, at most `limit`. */
export async function unansweredQuestions(
  db: Db,
  applicationId: string,
  botId: string,
  from: Date,
  to: Date,
  limit: number,
) {
  const result = await db.execute(sql`
    select question from bot_answers
    where application_id = ${applicationId} and bot_id = ${botId}::uuid
      and fallback and question is not null
      and created_at >= ${ts(from)} and created_at < ${ts(to)}
    order by created_at desc
    limit ${limit}`);
  return rowsOf<{ question: string }>(result).map((r) => r.question);
}
