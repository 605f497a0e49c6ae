import {
  type AnalyticsAudience,
  type AnalyticsGranularity,
  type BusinessHours,
  CSAT_NEW_SCALE,
  CSAT_OLD_SCALE,
  type CsatScale,
  customerDisplayName,
  opensOnQuarterHours,
  type PresenceState,
  ROLLUP_BUCKET_MINUTES,
} from '@convo/domain';
import { and, desc, eq, getTableColumns, type SQL, sql } from 'drizzle-orm';
import { presenceChanges, reportExports } from '../../db/schema/index.js';
import { type Db, rowsOf } from '../../platform/db/database.js';
import { ENDED, FIRST_RESPONSE_MS, ts, withinBusinessHours } from '../stats/index.js';

// The only place analytics touch the database. Figures read the roll-up the database triggers keep
// (conversation_rollups, migration 0022) and what the sends keep on each conversation (first
// customer message, first response, resolution), the ratings, the bots' per-conversation rows and
// the presence changes: never the messages. Every statement is scoped by application_id.

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

/** Sums of one bucket from one source: kind 0 started (first responses), kind 1 resolved. */
interface Part {
  bucket: string | null;
  kind: 0 | 1;
  n: number;
  open: number;
  sum: number;
  count: number;
}

const QUARTER_MS = ROLLUP_BUCKET_MINUTES * 60_000;

/** The scope as SQL conditions on `r` (conversation_rollups): what scopeConditions says of `c`. */
function rollupConditions(s: ConversationScope): SQL {
  const parts: SQL[] = [sql`r.application_id = ${s.applicationId}`];
  if (s.teamId) parts.push(sql`r.team_id = ${s.teamId}::uuid`);
  if (s.channel) parts.push(sql`r.channel = ${s.channel}`);
  // r.bot: 0 no bot, 1 a bot still handles it, 2 its bot handed off or was paused.
  if (s.audience === 'bots') parts.push(sql`r.bot <> 0`);
  if (s.audience === 'agents') parts.push(sql`r.bot <> 1`);
  // Whole quarter hours are inside or outside (rollupServes): the quarter's start tells.
  if (s.businessHours) parts.push(withinBusinessHours(sql`r.asked`, s.businessHours));
  if (s.companyDomains.length > 0) {
    const domains = sql.join(
      s.companyDomains.map((d) => sql`${d}`),
      sql`, `,
    );
    parts.push(sql`(r.customer_domain is null or r.customer_domain not in (${domains}))`);
  }
  return sql.join(parts, sql` and `);
}

/** The roll-up can answer unless business hours open or close between quarter hours. */
const rollupServes = (s: ConversationScope) => !s.businessHours || opensOnQuarterHours(s.businessHours);

/** Sums per bucket read from the conversations themselves, for [from, to). */
async function conversationParts(
  db: Db,
  scope: ConversationScope,
  from: Date,
  to: Date,
  bucketOf: (col: SQL) => SQL,
): Promise<Part[]> {
  const s = ts(from);
  const e = ts(to);
  const [started, resolved] = await Promise.all([
    db.execute(sql`
      select ${bucketOf(sql`c.created_at`)} as bucket, count(*) as n,
        count(*) filter (where c.status not in (${ENDED})) as open,
        sum(${FIRST_RESPONSE_MS})::float8 as sum, count(${FIRST_RESPONSE_MS}) as count
      from conversations c
      where ${scopeConditions(scope)} and c.created_at >= ${s} and c.created_at < ${e}
      group by 1`),
    db.execute(sql`
      select ${bucketOf(sql`c.resolved_at`)} as bucket, count(*) as n, 0 as open,
        sum(extract(epoch from (c.resolved_at - c.created_at)) * 1000)::float8 as sum, count(*) as count
      from conversations c
      where ${scopeConditions(scope)} and c.resolved_at >= ${s} and c.resolved_at < ${e}
      group by 1`),
  ]);
  type Row = { bucket: string | null; n: unknown; open: unknown; sum: unknown; count: unknown };
  const parts = (rows: Row[], kind: 0 | 1): Part[] =>
    rows.map((r) => ({
      bucket: r.bucket,
      kind,
      n: num(r.n),
      open: num(r.open),
      sum: num(r.sum),
      count: num(r.count),
    }));
  return [...parts(rowsOf<Row>(started), 0), ...parts(rowsOf<Row>(resolved), 1)];
}

/** Sums per bucket read from the roll-up, for [from, to) on quarter hours. */
async function rollupParts(
  db: Db,
  scope: ConversationScope,
  from: Date,
  to: Date,
  bucketOf: (col: SQL) => SQL,
): Promise<Part[]> {
  const result = await db.execute(sql`
    select ${bucketOf(sql`r.bucket`)} as bucket, r.kind, sum(r.conversations) as n, sum(r.open_count) as open,
      sum(r.duration_ms)::float8 as sum, sum(r.durations) as count
    from conversation_rollups r
    where ${rollupConditions(scope)} and r.bucket >= ${ts(from)} and r.bucket < ${ts(to)}
    group by 1, 2`);
  return rowsOf<{
    bucket: string | null;
    kind: unknown;
    n: unknown;
    open: unknown;
    sum: unknown;
    count: unknown;
  }>(result).map((r) => ({
    bucket: r.bucket,
    kind: num(r.kind) === 1 ? 1 : 0,
    n: num(r.n),
    open: num(r.open),
    sum: num(r.sum),
    count: num(r.count),
  }));
}

/**
 * New (started in range), still open of those, resolved in range, average first response (of
 * those started in range) and resolution time (of those resolved in range). One row with bucket
 * null for the whole range, plus one per day or week (Monday) in `timeZone` when `granularity`.
 * The whole quarter hours of the range are read from the roll-up the triggers keep (a quarter lies
 * in one local day of any zone, so it buckets as its start does); the minutes before the first
 * and after the last whole quarter from the conversations, by their start and resolution indexes.
 * The totals and averages are added up here from the sums, so nothing is counted twice.
 * `source` 'conversations' reads only the conversations (what the roll-up must agree with).
 */
export async function conversationFigures(
  db: Db,
  scope: ConversationScope,
  range: { from: Date; to: Date; timeZone: string; granularity?: AnalyticsGranularity | undefined },
  source: 'rollup' | 'conversations' = 'rollup',
): Promise<FigureRow[]> {
  const bucketOf = (col: SQL) =>
    range.granularity === 'week'
      ? sql`to_char(date_trunc('week', ${col} at time zone ${range.timeZone}), 'YYYY-MM-DD')`
      : range.granularity === 'day'
        ? sql`to_char(${col} at time zone ${range.timeZone}, 'YYYY-MM-DD')`
        : sql`null::text`;
  const from = range.from.getTime();
  const to = range.to.getTime();
  const first = Math.ceil(from / QUARTER_MS) * QUARTER_MS;
  const last = Math.floor(to / QUARTER_MS) * QUARTER_MS;
  const reads: Promise<Part[]>[] = [];
  if (source === 'rollup' && rollupServes(scope) && first < last) {
    reads.push(rollupParts(db, scope, new Date(first), new Date(last), bucketOf));
    if (from < first) reads.push(conversationParts(db, scope, range.from, new Date(first), bucketOf));
    if (last < to) reads.push(conversationParts(db, scope, new Date(last), range.to, bucketOf));
  } else {
    reads.push(conversationParts(db, scope, range.from, range.to, bucketOf));
  }
  const byBucket = new Map<string | null, { started: Part; resolved: Part }>();
  const empty = (bucket: string | null, kind: 0 | 1): Part => ({
    bucket,
    kind,
    n: 0,
    open: 0,
    sum: 0,
    count: 0,
  });
  for (const part of (await Promise.all(reads)).flat()) {
    let b = byBucket.get(part.bucket);
    if (!b) {
      b = { started: empty(part.bucket, 0), resolved: empty(part.bucket, 1) };
      byBucket.set(part.bucket, b);
    }
    const into = part.kind === 0 ? b.started : b.resolved;
    into.n += part.n;
    into.open += part.open;
    into.sum += part.sum;
    into.count += part.count;
  }
  const average = (p: Part) => (p.count > 0 ? p.sum / p.count : null);
  const total = { started: empty(null, 0), resolved: empty(null, 1) };
  const rows: FigureRow[] = [];
  for (const [bucket, b] of byBucket) {
    for (const kind of ['started', 'resolved'] as const) {
      total[kind].n += b[kind].n;
      total[kind].open += b[kind].open;
      total[kind].sum += b[kind].sum;
      total[kind].count += b[kind].count;
    }
    // A bucket only the conversations' zero-count groups named stays out, as before.
    if (range.granularity && b.started.n + b.resolved.n > 0) {
      rows.push({
        bucket,
        new_count: b.started.n,
        open_count: b.started.open,
        resolved_count: b.resolved.n,
        avg_first_response_ms: average(b.started),
        avg_resolution_ms: average(b.resolved),
      });
    }
  }
  const figures: FigureRow = {
    bucket: null,
    new_count: total.started.n,
    open_count: total.started.open,
    resolved_count: total.resolved.n,
    avg_first_response_ms: average(total.started),
    avg_resolution_ms: average(total.resolved),
  };
  return [figures, ...rows];
}

/**
 * The channels the application's conversations came through (the channel filter's options): every
 * conversation counts once in a started (kind 0) roll-up row of its channel, a smaller read.
 */
export async function channelsOf(db: Db, applicationId: string): Promise<string[]> {
  const result = await db.execute(
    sql`select distinct channel from conversation_rollups
      where application_id = ${applicationId} and kind = 0 and conversations > 0 order by channel limit 50`,
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

/** Ratings given in range per local day or week: how many, and the new scale's average. */
export async function csatByBucket(
  db: Db,
  scope: ConversationScope,
  range: { from: Date; to: Date; timeZone: string; granularity: AnalyticsGranularity },
) {
  const bucket =
    range.granularity === 'week'
      ? sql`to_char(date_trunc('week', r.updated_at at time zone ${range.timeZone}), 'YYYY-MM-DD')`
      : sql`to_char(r.updated_at at time zone ${range.timeZone}, 'YYYY-MM-DD')`;
  const result = await db.execute(sql`
    select ${bucket} as bucket, count(*) as ratings,
      round(avg(r.rating) filter (where ${NEW_SCALE_ONLY}), 2)::float8 as avg_rating,
      count(*) filter (where ${CSAT_LEVEL_SQL} = 'poor') as poor,
      count(*) filter (where ${CSAT_LEVEL_SQL} = 'average') as average,
      count(*) filter (where ${CSAT_LEVEL_SQL} = 'great') as great
    ${csatFrom(scope, range.from, range.to)}
    group by 1 order by 1`);
  return rowsOf<{
    bucket: string;
    ratings: number;
    avg_rating: number | null;
    poor: number;
    average: number;
    great: number;
  }>(result).map((r) => ({
    bucket: r.bucket,
    ratings: num(r.ratings),
    avg_rating: numOrNull(r.avg_rating),
    poor: num(r.poor),
    average: num(r.average),
    great: num(r.great),
  }));
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
    select r.conversation_id, c.name as conversation_name, cust.user_id as customer_user_id,
      cust.display_name as customer_display_name,
      nullif(coalesce(nullif(a.display_name, ''), a.user_id), '') as assignee,
      r.rating, r.scale, r.comment, r.updated_at as rated_at
    ${csatFrom(scope, from, to)} ${after}
    ${order} limit ${page.limit} offset ${page.offset ?? 0}`);
  type Row = Omit<CsatDbRow, 'name'> & {
    conversation_name: string;
    customer_user_id: string | null;
    customer_display_name: string | null;
  };
  return rowsOf<Row>(result).map(({ conversation_name, customer_user_id, customer_display_name, ...r }) => ({
    ...r,
    // The customer as the inbox names them: their name, else their pseudonym, never the raw id.
    name:
      customer_user_id !== null
        ? customerDisplayName({ userId: customer_user_id, displayName: customer_display_name })
        : conversation_name,
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
  llm_capped: number;
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
      coalesce(ba.helpful, 0) as helpful, coalesce(ba.not_helpful, 0) as not_helpful,
      coalesce(ba.llm_capped, 0) as llm_capped
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
        count(*) filter (where helpful) as helpful, count(*) filter (where helpful = false) as not_helpful,
        count(*) filter (where llm_cap is not null) as llm_capped
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
    llm_capped: num(r.llm_capped),
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
