import {
  type AnalyticsAudience,
  type AnalyticsGranularity,
  type BusinessHours,
  CSAT_NEW_SCALE,
  CSAT_OLD_SCALE,
  type CsatScale,
  type PresenceState,
} from '@convo/domain';
import { and, desc, eq, getTableColumns, type SQL, sql } from 'drizzle-orm';
import { presenceChanges, reportExports } from '../../db/schema/index.js';
import { type Db, rowsOf } from '../../platform/db/database.js';
import { ENDED, FIRST_RESPONSE_MS, ts, withinBusinessHours } from '../stats/repository.js';

// The only place analytics touch the database. Figures read what the sends keep on each
// conversation (first customer message, first response, resolution), the ratings, the bots'
// per-conversation rows and the presence changes: never the messages. Every statement is scoped
// by application_id.

/** Which conversations count: the dashboard's and the reports' filters. */
export interface ConversationScope {
  applicationId: string;
  teamId?: string | undefined;
  channel?: string | undefined;
  audience: AnalyticsAudience;
  /** Only conversations whose first customer message came inside these hours. */
  businessHours?: BusinessHours | undefined;
  /** Customers with an e-mail on these domains are the company's own people (SPEC §6): left out. */
  companyDomains: readonly string[];
}

/** The scope as SQL conditions on `c` (conversations), each starting with `and`. */
export function scopeConditions(s: ConversationScope): SQL {
  const parts: SQL[] = [sql`c.application_id = ${s.applicationId}`];
  if (s.teamId) parts.push(sql`c.team_id = ${s.teamId}::uuid`);
  if (s.channel) parts.push(sql`c.channel = ${s.channel}`);
  // A bot took part; or people handled it (no bot, or the bot handed off or was paused by a reply).
  if (s.audience === 'bots') {
    parts.push(sql`exists (select 1 from bot_conversations b where b.conversation_id = c.id)`);
  }
  if (s.audience === 'agents') {
    parts.push(sql`not exists (select 1 from bot_conversations b where b.conversation_id = c.id
      and b.handed_off_at is null and b.paused_at is null)`);
  }
  if (s.businessHours) {
    parts.push(
      withinBusinessHours(sql`coalesce(c.first_customer_message_at, c.created_at)`, s.businessHours),
    );
  }
  if (s.companyDomains.length > 0) {
    const domains = sql.join(
      s.companyDomains.map((d) => sql`${d}`),
      sql`, `,
    );
    // One hashed set of the application's staff-domain customers, not a look-up per conversation.
    parts.push(sql`(c.customer_id is null or c.customer_id not in (select cu.id from users cu
      where cu.application_id = ${s.applicationId} and cu.role_type is null and cu.email is not null
        and lower(split_part(cu.email, '@', 2)) in (${domains})))`);
  }
  return sql.join(parts, sql` and `);
}

export interface FigureRow {
  bucket: string | null;
  new_count: number;
  open_count: number;
  resolved_count: number;
  avg_first_response_ms: number | null;
  avg_resolution_ms: number | null;
}

const num = (v: unknown) => Number(v ?? 0);
const numOrNull = (v: unknown) => (v === null || v === undefined ? null : Number(v));

interface BucketSums {
  bucket: string | null;
  n: number;
  open: number;
  fr_sum: number | null;
  fr_count: number;
  res_sum: number | null;
}

/**
 * New (started in range), still open of those, resolved in range, average first response (of
 * those started in range) and resolution time (of those resolved in range). One row with bucket
 * null for the whole range, plus one per day or week (Monday) in `timeZone` when `granularity`.
 * Two index range scans (by start, by resolution) return sums per bucket; the totals and
 * averages are added up here, so no row is read twice.
 */
export async function conversationFigures(
  db: Db,
  scope: ConversationScope,
  range: { from: Date; to: Date; timeZone: string; granularity?: AnalyticsGranularity | undefined },
): Promise<FigureRow[]> {
  const s = ts(range.from);
  const e = ts(range.to);
  const bucketOf = (col: SQL) =>
    range.granularity === 'week'
      ? sql`to_char(date_trunc('week', ${col} at time zone ${range.timeZone}), 'YYYY-MM-DD')`
      : range.granularity === 'day'
        ? sql`to_char(${col} at time zone ${range.timeZone}, 'YYYY-MM-DD')`
        : sql`null::text`;
  const groupBy = range.granularity ? sql`group by 1` : sql``;
  const [started, resolved] = await Promise.all([
    db.execute(sql`
      select ${bucketOf(sql`c.created_at`)} as bucket, count(*) as n,
        count(*) filter (where c.status not in (${ENDED})) as open,
        sum(${FIRST_RESPONSE_MS})::float8 as fr_sum, count(${FIRST_RESPONSE_MS}) as fr_count
      from conversations c
      where ${scopeConditions(scope)} and c.created_at >= ${s} and c.created_at < ${e}
      ${groupBy}`),
    db.execute(sql`
      select ${bucketOf(sql`c.resolved_at`)} as bucket, count(*) as n,
        sum(extract(epoch from (c.resolved_at - c.created_at)) * 1000)::float8 as res_sum
      from conversations c
      where ${scopeConditions(scope)} and c.resolved_at >= ${s} and c.resolved_at < ${e}
      ${groupBy}`),
  ]);
  const byBucket = new Map<string | null, BucketSums>();
  const entry = (bucket: string | null) => {
    let b = byBucket.get(bucket);
    if (!b) {
      b = { bucket, n: 0, open: 0, fr_sum: null, fr_count: 0, res_sum: null };
      byBucket.set(bucket, b);
    }
    return b;
  };
  const total: FigureRow & { fr_sum: number; fr_count: number; res_sum: number } = {
    bucket: null,
    new_count: 0,
    open_count: 0,
    resolved_count: 0,
    avg_first_response_ms: null,
    avg_resolution_ms: null,
    fr_sum: 0,
    fr_count: 0,
    res_sum: 0,
  };
  const rows: FigureRow[] = [];
  for (const r of rowsOf<{
    bucket: string | null;
    n: number;
    open: number;
    fr_sum: number | null;
    fr_count: number;
  }>(started)) {
    const b = entry(r.bucket);
    b.n = num(r.n);
    b.open = num(r.open);
    b.fr_sum = numOrNull(r.fr_sum);
    b.fr_count = num(r.fr_count);
  }
  const resolvedCounts = new Map<string | null, number>();
  for (const r of rowsOf<{ bucket: string | null; n: number; res_sum: number | null }>(resolved)) {
    entry(r.bucket).res_sum = numOrNull(r.res_sum);
    resolvedCounts.set(r.bucket, num(r.n));
  }
  for (const b of byBucket.values()) {
    const resolvedCount = resolvedCounts.get(b.bucket) ?? 0;
    total.new_count += b.n;
    total.open_count += b.open;
    total.resolved_count += resolvedCount;
    total.fr_sum += b.fr_sum ?? 0;
    total.fr_count += b.fr_count;
    total.res_sum += b.res_sum ?? 0;
    if (range.granularity) {
      rows.push({
        bucket: b.bucket,
        new_count: b.n,
        open_count: b.open,
        resolved_count: resolvedCount,
        avg_first_response_ms: b.fr_count > 0 && b.fr_sum !== null ? b.fr_sum / b.fr_count : null,
        avg_resolution_ms: resolvedCount > 0 && b.res_sum !== null ? b.res_sum / resolvedCount : null,
      });
    }
  }
  const { fr_sum, fr_count, res_sum, ...figures } = total;
  figures.avg_first_response_ms = fr_count > 0 ? fr_sum / fr_count : null;
  figures.avg_resolution_ms = figures.resolved_count > 0 ? res_sum / figures.resolved_count : null;
  return [figures, ...rows];
}

/** The channels the application's conversations came through (the channel filter's options). */
export async function channelsOf(db: Db, applicationId: string): Promise<string[]> {
  const result = await db.execute(
    sql`select distinct channel from conversations where application_id = ${applicationId} order by channel limit 50`,
  );
  return rowsOf<{ channel: string }>(result).map((r) => r.channel);
}

/** The e-mail domains of the application's members (role set), lower case. */
export async function memberEmailDomains(db: Db, applicationId: string): Promise<string[]> {
  const result = await db.execute(sql`
    select distinct lower(split_part(email, '@', 2)) as domain from users
    where application_id = ${applicationId} and role_type is not null and email like '%@%'`);
  return rowsOf<{ domain: string }>(result).map((r) => r.domain);
}

// ---- CSAT ----------------------------------------------------------------------------------------

export interface CsatDbRow {
  conversation_id: number;
  name: string;
  assignee: string | null;
  rating: number;
  scale: CsatScale;
  comment: string | null;
  rated_at: Date | string;
}

const csatFrom = (scope: ConversationScope, from: Date, to: Date) => sql`
  from conversation_ratings r
  join conversations c on c.id = r.conversation_id and c.application_id = r.application_id
  left join users cust on cust.id = r.user_id
  left join users a on a.id = c.assignee_id
  where r.application_id = ${scope.applicationId} and ${scopeConditions(scope)}
    and r.updated_at >= ${ts(from)} and r.updated_at < ${ts(to)}`;

/** A rating's SPEC §9 visual level in SQL, as the domain's `csatLevel` gives it. */
const CSAT_LEVEL_SQL = sql.raw(`case
  when r.scale = 'old' then case when r.rating >= ${CSAT_OLD_SCALE.GREAT} then 'great'
    when r.rating >= ${CSAT_OLD_SCALE.AVERAGE} then 'average' else 'poor' end
  else case when r.rating >= ${CSAT_NEW_SCALE.GOOD} then 'great'
    when r.rating >= ${CSAT_NEW_SCALE.AVERAGE} then 'average' else 'poor' end end`);

/** Only new-scale ratings: what the averages outside the CSAT table are made of. */
export const NEW_SCALE_ONLY = sql.raw(`r.scale = 'new'`);

/** Ratings given in range: how many, each scale's average (never mixed), and how many per level. */
export async function csatSummary(db: Db, scope: ConversationScope, from: Date, to: Date) {
  const result = await db.execute(sql`
    select count(*) as total,
      (avg(r.rating) filter (where r.scale = 'new'))::float8 as average_new,
      (avg(r.rating) filter (where r.scale = 'old'))::float8 as average_old,
      count(*) filter (where ${CSAT_LEVEL_SQL} = 'poor') as poor,
      count(*) filter (where ${CSAT_LEVEL_SQL} = 'average') as average,
      count(*) filter (where ${CSAT_LEVEL_SQL} = 'great') as great
    ${csatFrom(scope, from, to)}`);
  const [row] = rowsOf<{
    total: number;
    average_new: number | null;
    average_old: number | null;
    poor: number;
    average: number;
    great: number;
  }>(result);
  return {
    total: num(row?.total),
    averages: { new: numOrNull(row?.average_new), old: numOrNull(row?.average_old) },
    levels: { poor: num(row?.poor), average: num(row?.average), great: num(row?.great) },
  };
}

/** One page of ratings, newest first (`afterId` keyset for the reports, offset for the table). */
export async function csatRows(
  db: Db,
  scope: ConversationScope,
  from: Date,
  to: Date,
  page: { limit: number; offset?: number; afterConversationId?: number },
): Promise<CsatDbRow[]> {
  const after =
    page.afterConversationId !== undefined ? sql`and r.conversation_id > ${page.afterConversationId}` : sql``;
  const order =
    page.afterConversationId !== undefined
      ? sql`order by r.conversation_id`
      : sql`order by r.updated_at desc, r.conversation_id desc`;
  const result = await db.execute(sql`
    select r.conversation_id, coalesce(nullif(cust.display_name, ''), cust.user_id, c.name) as name,
      nullif(coalesce(nullif(a.display_name, ''), a.user_id), '') as assignee,
      r.rating, r.scale, r.comment, r.updated_at as rated_at
    ${csatFrom(scope, from, to)} ${after}
    ${order} limit ${page.limit} offset ${page.offset ?? 0}`);
  return rowsOf<CsatDbRow>(result).map((r) => ({
    ...r,
    conversation_id: Number(r.conversation_id),
    rating: Number(r.rating),
  }));
}

// ---- Presence --------------------------------------------------------------------------------------

/** Records a member's presence change (sign-in, away, back, sign-out) in the caller's transaction. */
export async function recordPresence(
  db: Db,
  applicationId: string,
  userId: string,
  state: PresenceState,
  at = new Date(),
) {
  await db.insert(presenceChanges).values({ applicationId, userId, state, at });
}

export interface PresenceRow {
  user_id: string;
  state: PresenceState;
  at: number;
}

/**
 * For each human member (not bots, not deactivated): the last change before `from` (their state
 * at the start) and every change in [from, to), in time order. Members with no change at all
 * come back with no row.
 */
export async function presenceOfMembers(db: Db, applicationId: string, from: Date, to: Date) {
  const members = await db.execute(sql`
    select id, user_id, coalesce(nullif(display_name, ''), user_id) as name from users
    where application_id = ${applicationId} and role_type is not null and role_type <> '3' and status <> 3
    order by lower(coalesce(nullif(display_name, ''), user_id)), user_id`);
  const changes = await db.execute(sql`
    (select distinct on (p.user_id) p.user_id, p.state, (extract(epoch from p.at) * 1000)::float8 as at
      from presence_changes p
      where p.application_id = ${applicationId} and p.at < ${ts(from)}
      order by p.user_id, p.at desc, p.id desc)
    union all
    (select p.user_id, p.state, (extract(epoch from p.at) * 1000)::float8 as at
      from presence_changes p
      where p.application_id = ${applicationId} and p.at >= ${ts(from)} and p.at < ${ts(to)})
    order by at`);
  return {
    members: rowsOf<{ id: string; user_id: string; name: string }>(members),
    changes: rowsOf<PresenceRow>(changes).map((r) => ({ ...r, at: Number(r.at) })),
  };
}

// ---- Bots ------------------------------------------------------------------------------------------

export interface BotOverviewRow {
  bot_id: string;
  name: string;
  conversations: number;
  handed_off: number;
  answers: number;
  fallbacks: number;
  helpful: number;
  not_helpful: number;
  seconds_saved: number;
}

/** Per bot: conversations it joined in range, handoffs, answers, fallbacks, feedback, time saved. */
export async function botsOverview(db: Db, applicationId: string, from: Date, to: Date) {
  const s = ts(from);
  const e = ts(to);
  const result = await db.execute(sql`
    select b.id as bot_id, b.name,
      coalesce(bc.conversations, 0) as conversations, coalesce(bc.handed_off, 0) as handed_off,
      coalesce(bc.seconds_saved, 0) as seconds_saved,
      coalesce(ba.answers, 0) as answers, coalesce(ba.fallbacks, 0) as fallbacks,
      coalesce(ba.helpful, 0) as helpful, coalesce(ba.not_helpful, 0) as not_helpful
    from bots b
    left join (
      select bot_id, count(*) as conversations, count(handed_off_at) as handed_off,
        sum(seconds_saved) as seconds_saved
      from bot_conversations
      where application_id = ${applicationId} and created_at >= ${s} and created_at < ${e}
      group by bot_id
    ) bc on bc.bot_id = b.id
    left join (
      select bot_id, count(*) as answers, count(*) filter (where fallback) as fallbacks,
        count(*) filter (where helpful) as helpful, count(*) filter (where helpful = false) as not_helpful
      from bot_answers
      where application_id = ${applicationId} and created_at >= ${s} and created_at < ${e}
      group by bot_id
    ) ba on ba.bot_id = b.id
    where b.application_id = ${applicationId}
    order by lower(b.name), b.id`);
  return rowsOf<BotOverviewRow>(result).map((r) => ({
    bot_id: r.bot_id,
    name: r.name,
    conversations: num(r.conversations),
    handed_off: num(r.handed_off),
    answers: num(r.answers),
    fallbacks: num(r.fallbacks),
    helpful: num(r.helpful),
    not_helpful: num(r.not_helpful),
    seconds_saved: num(r.seconds_saved),
  }));
}

// ---- Reports ---------------------------------------------------------------------------------------

export interface ConversationReportRow {
  id: number;
  name: string;
  customer: string | null;
  assignee: string | null;
  team: string | null;
  channel: string;
  status: number;
  created: string;
  resolved: string | null;
  first_response_seconds: number | null;
  resolution_seconds: number | null;
  rating: number | null;
  rating_scale: CsatScale | null;
}

/** Conversations started in range, by id after `afterId` (keyset pages for large exports). */
export async function conversationReportPage(
  db: Db,
  scope: ConversationScope,
  range: { from: Date; to: Date; timeZone: string },
  afterId: number,
  limit: number,
): Promise<ConversationReportRow[]> {
  const local = (col: SQL) => sql`to_char(${col} at time zone ${range.timeZone}, 'YYYY-MM-DD HH24:MI:SS')`;
  const result = await db.execute(sql`
    select c.id, c.name,
      nullif(coalesce(nullif(cust.display_name, ''), cust.user_id), '') as customer,
      nullif(coalesce(nullif(a.display_name, ''), a.user_id), '') as assignee,
      t.name as team, c.channel, c.status,
      ${local(sql`c.created_at`)} as created, ${local(sql`c.resolved_at`)} as resolved,
      round(extract(epoch from (c.first_response_at - c.first_customer_message_at)))::int as first_response_seconds,
      round(extract(epoch from (c.resolved_at - c.created_at)))::int as resolution_seconds,
      r.rating, r.scale as rating_scale
    from conversations c
    left join users cust on cust.id = c.customer_id
    left join users a on a.id = c.assignee_id
    left join teams t on t.id = c.team_id
    left join conversation_ratings r on r.conversation_id = c.id
    where ${scopeConditions(scope)}
      and c.created_at >= ${ts(range.from)} and c.created_at < ${ts(range.to)} and c.id > ${afterId}
    order by c.id limit ${limit}`);
  return rowsOf<ConversationReportRow>(result).map((r) => ({
    ...r,
    id: Number(r.id),
    status: Number(r.status),
    first_response_seconds: numOrNull(r.first_response_seconds),
    resolution_seconds: numOrNull(r.resolution_seconds),
    rating: numOrNull(r.rating),
  }));
}

/** How many conversations started in range (the export's progress denominator). */
export async function countConversationsStarted(db: Db, scope: ConversationScope, from: Date, to: Date) {
  const result = await db.execute(sql`
    select count(*) as n from conversations c
    where ${scopeConditions(scope)} and c.created_at >= ${ts(from)} and c.created_at < ${ts(to)}`);
  return num(rowsOf<{ n: number }>(result)[0]?.n);
}

export interface GroupedReportRow {
  key: string;
  new_count: number;
  resolved_count: number;
  avg_first_response_seconds: number | null;
  avg_resolution_seconds: number | null;
  ratings: number;
  avg_rating: number | null;
}

/** Started, resolved, averages and ratings in range grouped by assignee, team or channel. */
export async function groupedReport(
  db: Db,
  scope: ConversationScope,
  range: { from: Date; to: Date },
  by: 'agents' | 'teams' | 'channels',
): Promise<GroupedReportRow[]> {
  const s = ts(range.from);
  const e = ts(range.to);
  const key =
    by === 'agents'
      ? sql`coalesce(nullif(a.display_name, ''), a.user_id, '(unassigned)')`
      : by === 'teams'
        ? sql`coalesce(t.name, '(no team)')`
        : sql`c.channel`;
  const result = await db.execute(sql`
    select ${key} as key,
      count(*) filter (where c.created_at >= ${s} and c.created_at < ${e}) as new_count,
      count(*) filter (where c.resolved_at >= ${s} and c.resolved_at < ${e}) as resolved_count,
      round((avg(${FIRST_RESPONSE_MS}) filter (where c.created_at >= ${s} and c.created_at < ${e})) / 1000)::float8
        as avg_first_response_seconds,
      round(avg(extract(epoch from (c.resolved_at - c.created_at))) filter (where c.resolved_at >= ${s} and c.resolved_at < ${e}))::float8
        as avg_resolution_seconds,
      count(r.rating) filter (where ${NEW_SCALE_ONLY}) as ratings,
      round(avg(r.rating) filter (where ${NEW_SCALE_ONLY}), 2)::float8 as avg_rating
    from conversations c
    left join users a on a.id = c.assignee_id
    left join teams t on t.id = c.team_id
    left join conversation_ratings r on r.conversation_id = c.id
    where ${scopeConditions(scope)}
      and ((c.created_at >= ${s} and c.created_at < ${e}) or (c.resolved_at >= ${s} and c.resolved_at < ${e}))
    group by 1 order by 1`);
  return rowsOf<GroupedReportRow>(result).map((r) => ({
    key: r.key,
    new_count: num(r.new_count),
    resolved_count: num(r.resolved_count),
    avg_first_response_seconds: numOrNull(r.avg_first_response_seconds),
    avg_resolution_seconds: numOrNull(r.avg_resolution_seconds),
    ratings: num(r.ratings),
    avg_rating: numOrNull(r.avg_rating),
  }));
}

export type ReportExportRow = typeof reportExports.$inferSelect;

export async function insertReportExport(db: Db, values: typeof reportExports.$inferInsert) {
  const [row] = await db.insert(reportExports).values(values).returning();
  if (!row) throw new Error('report export not inserted');
  return row;
}

export async function findReportExport(db: Db, applicationId: string, id: string) {
  const [row] = await db
    .select()
    .from(reportExports)
    .where(and(eq(reportExports.applicationId, applicationId), eq(reportExports.id, id)))
    .limit(1);
  return row;
}

/** The application's latest exports, without their CSV. */
export async function listReportExports(db: Db, applicationId: string, limit = 20) {
  const { csv: _csv, ...columns } = getTableColumns(reportExports);
  return db
    .select(columns)
    .from(reportExports)
    .where(eq(reportExports.applicationId, applicationId))
    .orderBy(desc(reportExports.createdAt))
    .limit(limit);
}

export async function updateReportExport(
  db: Db,
  id: string,
  change: Partial<Pick<ReportExportRow, 'status' | 'progress' | 'rowCount' | 'csv' | 'error' | 'finishedAt'>>,
) {
  await db.update(reportExports).set(change).where(eq(reportExports.id, id));
}
