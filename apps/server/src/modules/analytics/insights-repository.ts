import { sql } from 'drizzle-orm';
import { type Db, rowsOf } from '../../platform/db/database.js';
import { FIRST_RESPONSE_MS, ts } from '../stats/index.js';
import { type ConversationScope, NEW_SCALE_ONLY, scopeConditions } from './repository.js';

// The Insights' queries (the analytics context's other reader of the database). Each reads one
// table family in range and is scoped by the caller's application like the figures are.

const num = (v: unknown) => Number(v ?? 0);

export interface InsightRange {
  from: Date;
  to: Date;
  timeZone: string;
}

/** How many answers the top lists give. */
export const INSIGHT_TOP = 5;

/** The ISO weekday and local hour in which most conversations started, null with none. */
export async function busiestHour(db: Db, scope: ConversationScope, range: InsightRange) {
  const local = sql`(c.created_at at time zone ${range.timeZone})`;
  const result = await db.execute(sql`
    select extract(isodow from ${local})::int as weekday, extract(hour from ${local})::int as hour,
      count(*) as n
    from conversations c
    where ${scopeConditions(scope)} and c.created_at >= ${ts(range.from)} and c.created_at < ${ts(range.to)}
    group by 1, 2 order by n desc, weekday, hour limit 1`);
  const [row] = rowsOf<{ weekday: number; hour: number; n: number }>(result);
  return row ? { weekday: num(row.weekday), hour: num(row.hour), conversations: num(row.n) } : null;
}

/** Teams by average first response of the conversations started in range, slowest first. */
export async function teamsBySlowestFirstResponse(db: Db, scope: ConversationScope, range: InsightRange) {
  const result = await db.execute(sql`
    select t.name, round(avg(${FIRST_RESPONSE_MS}) / 1000)::float8 as avg_seconds, count(*) as n
    from conversations c
    join teams t on t.id = c.team_id and t.application_id = c.application_id
    where ${scopeConditions(scope)} and c.created_at >= ${ts(range.from)} and c.created_at < ${ts(range.to)}
      and c.first_response_at is not null and c.first_customer_message_at is not null
    group by t.id, t.name order by avg_seconds desc, t.name limit ${INSIGHT_TOP}`);
  return rowsOf<{ name: string; avg_seconds: number; n: number }>(result).map((row) => ({
    name: row.name,
    avgFirstResponseSeconds: num(row.avg_seconds),
    conversations: num(row.n),
  }));
}

/** The tags on most conversations started in range. */
export async function topTags(db: Db, scope: ConversationScope, range: InsightRange) {
  const result = await db.execute(sql`
    select tg.name, count(*) as n
    from conversation_tags ct
    join conversations c on c.id = ct.conversation_id
    join tags tg on tg.id = ct.tag_id and tg.application_id = c.application_id
    where ct.application_id = ${scope.applicationId} and ${scopeConditions(scope)}
      and c.created_at >= ${ts(range.from)} and c.created_at < ${ts(range.to)} and tg.deleted_at is null
    group by tg.name order by n desc, tg.name limit ${INSIGHT_TOP}`);
  return rowsOf<{ name: string; n: number }>(result).map((row) => ({ name: row.name, count: num(row.n) }));
}

/** The bots' answers in range, how many fell back, and the intents they fell back on most. */
export async function botAnswerFigures(db: Db, applicationId: string, range: InsightRange) {
  const inRange = sql`application_id = ${applicationId} and created_at >= ${ts(range.from)} and created_at < ${ts(range.to)}`;
  const [totals, fallbacks] = await Promise.all([
    db.execute(sql`
      select count(*) as answers, count(*) filter (where fallback) as fallbacks
      from bot_answers where ${inRange}`),
    db.execute(sql`
      select intent as name, count(*) as n from bot_answers where ${inRange} and fallback
      group by intent order by n desc, intent limit ${INSIGHT_TOP}`),
  ]);
  const [row] = rowsOf<{ answers: number; fallbacks: number }>(totals);
  return {
    answers: num(row?.answers),
    fallbacks: num(row?.fallbacks),
    topFallbacks: rowsOf<{ name: string; n: number }>(fallbacks).map((f) => ({
      name: f.name,
      count: num(f.n),
    })),
  };
}

/** New-scale ratings given in range per local week (Monday): their count and average (1-5). */
export async function csatByWeek(db: Db, scope: ConversationScope, range: InsightRange) {
  const result = await db.execute(sql`
    select to_char(date_trunc('week', r.updated_at at time zone ${range.timeZone}), 'YYYY-MM-DD') as week,
      round(avg(r.rating), 2)::float8 as average, count(*) as n
    from conversation_ratings r
    join conversations c on c.id = r.conversation_id and c.application_id = r.application_id
    where r.application_id = ${scope.applicationId} and ${scopeConditions(scope)}
      and r.updated_at >= ${ts(range.from)} and r.updated_at < ${ts(range.to)} and ${NEW_SCALE_ONLY}
    group by 1 order by 1`);
  return rowsOf<{ week: string; average: number; n: number }>(result).map((row) => ({
    week: row.week,
    average: num(row.average),
    ratings: num(row.n),
  }));
}
