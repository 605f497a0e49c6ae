import { type BusinessHours, CONVERSATION_STATUS, CONVERSATION_STATUSES } from '@convo/domain';
import { and, eq, isNotNull, type SQL, sql } from 'drizzle-orm';
import { users } from '../../db/schema/index.js';
import { type Db, rowsOf } from '../../platform/db/database.js';

// The only place statistics are computed: SQL aggregates, one statement each, every one scoped by
// application_id. Times come back in milliseconds.

/**
 * Time to the first answer, in ms: from the customer's first message to the first human agent's
 * message after it, both kept on the conversation when the messages are written.
 */
export const FIRST_RESPONSE_MS = sql.raw(
  'extract(epoch from (c.first_response_at - c.first_customer_message_at)) * 1000',
);
/** Statuses that end a conversation's open life (resolved, spam, duplicate, archived). */
export const ENDED = sql.raw(
  [
    CONVERSATION_STATUS.CLOSED,
    CONVERSATION_STATUS.SPAM,
    CONVERSATION_STATUS.DUPLICATE,
    CONVERSATION_STATUS.ARCHIVE,
  ].join(', '),
);
/** Roles that take conversations: super admin, admin, agent. */
const ROUTABLE_ROLES = sql.raw(`'0', '1', '2'`);

export const ts = (d: Date) => sql`${d.toISOString()}::timestamptz`;
const intList = (values: readonly number[]) =>
  sql.join(
    values.map((v) => sql.raw(String(Math.trunc(v)))),
    sql`, `,
  );

export interface ConversationStatsFilter {
  start: Date;
  end: Date;
  /** users.id of the assignee. */
  assigneeId?: string | undefined;
  /** teams.id. */
  teamId?: string | undefined;
  statuses?: readonly number[] | undefined;
  timezone: string;
  daily: boolean;
}

export interface ConversationStatsRow {
  day: string | null;
  new_count: number;
  resolved_count: number;
  by_status: Record<string, number>;
  avg_first_response: number | null;
  avg_resolution: number | null;
}

/**
 * New conversations (created in range) by current status, resolved ones (resolved in range),
 * the average first response (first agent message after the first customer message, for the
 * conversations created in range) and resolution time (for those resolved in range). One row
 * with `day` null for the whole range, plus one per day in `timezone` when daily.
 */
export async function conversationStats(
  db: Db,
  applicationId: string,
  f: ConversationStatsFilter,
): Promise<ConversationStatsRow[]> {
  const s = ts(f.start);
  const e = ts(f.end);
  const filters: SQL[] = [];
  if (f.assigneeId) filters.push(sql`and c.assignee_id = ${f.assigneeId}::uuid`);
  if (f.teamId) filters.push(sql`and c.team_id = ${f.teamId}::uuid`);
  if (f.statuses && f.statuses.length > 0) filters.push(sql`and c.status in (${intList(f.statuses)})`);
  const byStatus = sql.join(
    CONVERSATION_STATUSES.map(
      (st) =>
        sql`${sql.raw(`'${st}'`)}, count(*) filter (where kind = 'n' and status = ${sql.raw(String(st))})`,
    ),
    sql`, `,
  );
  const grouping = f.daily ? sql`group by grouping sets ((), (d)) order by d nulls first` : sql``;
  const result = await db.execute(sql`
    with conv as (
      select c.id, c.status, c.created_at, c.resolved_at, ${FIRST_RESPONSE_MS} as first_response_ms
      from conversations c
      where c.application_id = ${applicationId}
        and ((c.created_at >= ${s} and c.created_at < ${e}) or (c.resolved_at >= ${s} and c.resolved_at < ${e}))
        ${sql.join(filters, sql` `)}
    ),
    ev as (
      select 'n' as kind, conv.created_at as at, conv.status, conv.first_response_ms as ms
      from conv
      where conv.created_at >= ${s} and conv.created_at < ${e}
      union all
      select 'r' as kind, conv.resolved_at as at, conv.status,
        extract(epoch from (conv.resolved_at - conv.created_at)) * 1000 as ms
      from conv
      where conv.resolved_at >= ${s} and conv.resolved_at < ${e}
    )
    select
      ${f.daily ? sql`case when grouping(d) = 0 then to_char(d, 'YYYY-MM-DD') end` : sql`null::text`} as day,
      (count(*) filter (where kind = 'n'))::int as new_count,
      (count(*) filter (where kind = 'r'))::int as resolved_count,
      jsonb_build_object(${byStatus}) as by_status,
      (avg(ms) filter (where kind = 'n'))::float8 as avg_first_response,
      (avg(ms) filter (where kind = 'r'))::float8 as avg_resolution
    from (select ev.*, (ev.at at time zone ${f.timezone}::text)::date as d from ev) x
    ${grouping}`);
  return rowsOf<ConversationStatsRow>(result).map((r) => ({
    ...r,
    new_count: Number(r.new_count),
    resolved_count: Number(r.resolved_count),
    by_status: Object.fromEntries(Object.entries(r.by_status).map(([k, v]) => [k, Number(v)])),
    avg_first_response: r.avg_first_response === null ? null : Number(r.avg_first_response),
    avg_resolution: r.avg_resolution === null ? null : Number(r.avg_resolution),
  }));
}

/**
 * Average response time of the turns answered between `start` and `end` (a turn: a run of
 * customer messages, answered by the first human agent message after it). The sends store each
 * answered turn (`conversation_responses`), so this reads that table, not the messages.
 */
export async function responseAverage(
  db: Db,
  applicationId: string,
  f: { start: Date; end: Date; teamId?: string | undefined; askedWithin?: BusinessHours | undefined },
): Promise<{ responses: number; avgMs: number | null }> {
  // Opening intervals as rows; a turn counts when its question came in one (weekday and time of
  // day in the business hours' time zone).
  const asked = f.askedWithin ? sql`and ${withinBusinessHours(sql`r.asked_at`, f.askedWithin)}` : sql``;
  const team = f.teamId
    ? sql`join conversations c on c.id = r.conversation_id and c.application_id = ${applicationId} and c.team_id = ${f.teamId}::uuid`
    : sql``;
  const result = await db.execute(sql`
    select count(*)::int as responses,
      (avg(extract(epoch from (r.answered_at - r.asked_at))) * 1000)::float8 as avg_ms
    from conversation_responses r ${team}
    where r.application_id = ${applicationId}
      and r.answered_at >= ${ts(f.start)} and r.answered_at < ${ts(f.end)} ${asked}`);
  const [row] = rowsOf<{ responses: number; avg_ms: number | null }>(result);
  return {
    responses: Number(row?.responses ?? 0),
    avgMs: row?.avg_ms === null || row?.avg_ms === undefined ? null : Number(row.avg_ms),
  };
}

/** Whether the instant `at` falls in one of the business hours' opening intervals (weekday and time of day in their zone). */
export function withinBusinessHours(at: SQL, hours: BusinessHours): SQL {
  return sql`exists (
    select 1 from jsonb_to_recordset(${JSON.stringify(hours.days)}::jsonb) as h(day int, open time, close time)
    where h.day = extract(dow from ${at} at time zone ${hours.timeZone})
      and (${at} at time zone ${hours.timeZone})::time >= h.open
      and (${at} at time zone ${hours.timeZone})::time < h.close)`;
}

export interface ScoreboardRow {
  user_id: string;
  display_name: string;
  role_type: string | null;
  status: number;
  assigned_open: number;
  resolved: number;
  avg_first_response: number | null;
}

/**
 * Per agent (super admins, admins, agents; of a team when given): conversations assigned and not
 * ended, conversations resolved in range, and the average first response of the conversations
 * created in range. With a team, only that team's conversations count. One statement.
 */
export async function scoreboard(
  db: Db,
  applicationId: string,
  f: { start: Date; end: Date; teamId?: string | undefined },
): Promise<ScoreboardRow[]> {
  const s = ts(f.start);
  const e = ts(f.end);
  const teamJoin = f.teamId
    ? sql`join team_members tm on tm.user_id = u.id and tm.application_id = ${applicationId} and tm.team_id = ${f.teamId}::uuid`
    : sql``;
  const teamFilter = f.teamId ? sql`and c.team_id = ${f.teamId}::uuid` : sql``;
  const result = await db.execute(sql`
    with agents as (
      select u.id, u.user_id, u.display_name, u.role_type, u.status
      from users u ${teamJoin}
      where u.application_id = ${applicationId} and u.role_type in (${ROUTABLE_ROLES}) and u.status <> 3
    ),
    conv as (
      select c.id, c.assignee_id, c.status, c.created_at, c.resolved_at,
        case when c.created_at >= ${s} and c.created_at < ${e} then ${FIRST_RESPONSE_MS} end as first_response_ms
      from conversations c
      where c.application_id = ${applicationId}
        and c.assignee_id in (select id from agents)
        ${teamFilter}
        and (c.status not in (${ENDED})
          or (c.resolved_at >= ${s} and c.resolved_at < ${e})
          or (c.created_at >= ${s} and c.created_at < ${e}))
    )
    select a.user_id, a.display_name, a.role_type, a.status,
      (count(c.id) filter (where c.status not in (${ENDED})))::int as assigned_open,
      (count(c.id) filter (where c.resolved_at >= ${s} and c.resolved_at < ${e}))::int as resolved,
      (avg(c.first_response_ms))::float8 as avg_first_response
    from agents a
    left join conv c on c.assignee_id = a.id
    group by a.id, a.user_id, a.display_name, a.role_type, a.status
    order by lower(a.display_name), a.user_id`);
  return rowsOf<ScoreboardRow>(result).map((r) => ({
    ...r,
    status: Number(r.status),
    assigned_open: Number(r.assigned_open),
    resolved: Number(r.resolved),
    avg_first_response: r.avg_first_response === null ? null : Number(r.avg_first_response),
  }));
}

/** Whether PostgreSQL knows this IANA time zone name. */
export async function isKnownTimezone(db: Db, name: string): Promise<boolean> {
  const result = await db.execute(
    sql`select exists (select 1 from pg_timezone_names where name = ${name}) as known`,
  );
  const [row] = rowsOf<{ known: boolean }>(result);
  return row?.known === true;
}

/** A member (not an end user) of the application by userId: its users.id. */
export async function findMemberId(db: Db, applicationId: string, userId: string) {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.applicationId, applicationId), eq(users.userId, userId), isNotNull(users.roleType)))
    .limit(1);
  return row?.id;
}
