import { PHONE_MAX_LENGTH, PHONE_MIN_LENGTH, WHATSAPP_CHANNELS } from '@convo/domain';
import {
  and,
  asc,
  count,
  desc,
  eq,
  inArray,
  isNull,
  lt,
  ne,
  or,
  type SQL,
  type SQLWrapper,
  sql,
} from 'drizzle-orm';
import { campaignOptOuts, campaignRecipients, campaigns } from '../../db/schema/index.js';
import { arrayLiteral } from '../../platform/db/any-of.js';
import { type Db, rowsOf } from '../../platform/db/database.js';
import { type CustomerFilter, customersSubquery, findMemberId } from '../messaging-users/index.js';

// The only place campaigns, their recipients and the opt-outs are read or written. Customers are
// read (never written) through messaging-users' customers subquery: end users of the application
// (no role type), not deleted. Every query names the application.

export type CampaignRow = typeof campaigns.$inferSelect;
export type RecipientRow = typeof campaignRecipients.$inferSelect;

export type AudienceFilter = Omit<CustomerFilter, 'withDeleted'>;

const optedOut = (applicationId: string, customerId: SQLWrapper) =>
  and(eq(campaignOptOuts.applicationId, applicationId), eq(campaignOptOuts.customerId, customerId));

function customersQuery(db: Db, applicationId: string, filter: AudienceFilter) {
  const c = customersSubquery(db, applicationId, filter);
  return {
    c,
    query: db
      .select({
        id: c.id,
        userId: c.userId,
        displayName: c.displayName,
        email: c.email,
        contactNumber: c.contactNumber,
        lastLoggedInAt: c.lastLoggedInAt,
        metadata: c.metadata,
        optedOut: sql<boolean>`(${campaignOptOuts.customerId} is not null)`,
      })
      .from(c)
      .leftJoin(campaignOptOuts, optedOut(applicationId, c.id)),
  };
}

/** Every customer the filter matches, with their opt-out (a campaign's whole audience). */
export async function audience(db: Db, applicationId: string, filter: AudienceFilter) {
  const { c, query } = customersQuery(db, applicationId, filter);
  return query.orderBy(asc(c.userId));
}
export type CustomerRow = Awaited<ReturnType<typeof audience>>[number];

/** One page of the customers a campaign may go to, the filter's total and how many opted out. */
export async function audiencePage(
  db: Db,
  applicationId: string,
  filter: AudienceFilter,
  offset: number,
  limit: number,
) {
  const { c, query } = customersQuery(db, applicationId, filter);
  const all = customersSubquery(db, applicationId, {});
  const [rows, [totals], [everyone]] = await Promise.all([
    query.orderBy(desc(c.lastLoggedInAt), asc(c.userId)).offset(offset).limit(limit),
    db
      .select({ n: count(), optedOut: sql<number>`count(${campaignOptOuts.customerId})::int` })
      .from(c)
      .leftJoin(campaignOptOuts, optedOut(applicationId, c.id)),
    db.select({ n: count() }).from(all),
  ]);
  return { rows, total: totals?.n ?? 0, optedOut: totals?.optedOut ?? 0, totalUsers: everyone?.n ?? 0 };
}

export async function findCustomer(db: Db, applicationId: string, userId: string) {
  const [row] = await customersQuery(db, applicationId, { userIds: [userId] }).query.limit(1);
  return row;
}

/** A member of the application (role type set), for the assignee of the replies' conversations. */
export function findMember(db: Db, applicationId: string, userId: string) {
  return findMemberId(db, applicationId, userId);
}

// ---- Opt-outs -------------------------------------------------------------------------------

export async function setOptOut(db: Db, applicationId: string, customerId: string, source: string) {
  await db.insert(campaignOptOuts).values({ applicationId, customerId, source }).onConflictDoNothing();
}

export async function clearOptOut(db: Db, applicationId: string, customerId: string) {
  await db
    .delete(campaignOptOuts)
    .where(and(eq(campaignOptOuts.applicationId, applicationId), eq(campaignOptOuts.customerId, customerId)));
}

// ---- Campaigns ------------------------------------------------------------------------------

export async function findByClientKey(db: Db, applicationId: string, clientKey: string) {
  const [row] = await db
    .select()
    .from(campaigns)
    .where(and(eq(campaigns.applicationId, applicationId), eq(campaigns.clientKey, clientKey)))
    .limit(1);
  return row;
}

export async function insertCampaign(db: Db, values: typeof campaigns.$inferInsert): Promise<CampaignRow> {
  const [row] = await db.insert(campaigns).values(values).returning();
  return row!;
}

/** A checked platform in the order it is tried, and the channel it goes out on. */
export interface PlannedPlatform {
  platform: string;
  channel: string;
}

// A customer's address on a channel, in SQL: the same rule as campaignAddressOf in
// packages/domain, so that a 100,000-recipient campaign is planned and stored by the database in
// two statements instead of being read into the server and written back. Null when the customer
// cannot be reached there or (WhatsApp) their contact number fails SPEC §5; the send then refuses
// with the domain function's own message. campaigns-address.int.test.ts checks both agree.
const lit = (value: string) => sql.raw(`'${value.replaceAll("'", "''")}'`);
const num = (value: number) => sql.raw(String(Math.trunc(value)));
/** JS String#trim in SQL (whitespace at both ends). */
const trimmed = (v: SQL) => sql`regexp_replace(${v}, '^[[:space:]]+|[[:space:]]+$', '', 'g')`;

/** validatePhone (SPEC §5) on a trimmed number: null when it passes. */
function phoneProblem(phone: SQL): SQL {
  return sql`(case
    when char_length(${phone}) < ${num(PHONE_MIN_LENGTH)} or char_length(${phone}) > ${num(PHONE_MAX_LENGTH)} then 'INVALID'
    when left(${phone}, 1) <> '+' then 'NO_COUNTRY_CODE'
    when substr(${phone}, 2) ~ '^[0-9]+$' then null
    else 'INVALID' end)`;
}

function addressOf(channel: string, userId: SQL, contact: SQL): SQL {
  const own = `${channel}-`;
  const whens: SQL[] = [
    sql`when left(${userId}, ${num(own.length)}) = ${lit(own)} and char_length(${userId}) > ${num(own.length)}
        then substr(${userId}, ${num(own.length + 1)})`,
  ];
  if (WHATSAPP_CHANNELS.has(channel)) {
    // A customer who wrote in through another WhatsApp provider is reached at the same number.
    for (const other of WHATSAPP_CHANNELS) {
      const prefix = `${other}-`;
      const digits = sql`regexp_replace(regexp_replace(substr(${userId}, ${num(prefix.length + 1)}), '^whatsapp:', ''), '^[+]', '')`;
      whens.push(
        sql`when left(${userId}, ${num(prefix.length)}) = ${lit(prefix)} and ${digits} ~ '^[0-9]{7,15}$'
            then 'whatsapp:+' || ${digits}`,
      );
    }
    whens.push(
      sql`when ${contact} <> '' and ${phoneProblem(trimmed(contact))} is null then 'whatsapp:' || ${trimmed(contact)}`,
    );
  }
  return sql`(case ${sql.join(whens, sql` `)} else null end)`;
}

/**
 * The audience as a derived table `a`: each matching customer once, with their opt-out and the
 * first checked platform that reaches them (`choice`: its 1-based place; 0 unreachable; -1 a
 * WhatsApp number that fails SPEC §5 before any platform reached them), its channel and address.
 */
function plannedAudience(
  db: Db,
  applicationId: string,
  filter: AudienceFilter,
  platforms: readonly PlannedPlatform[],
): SQL {
  const c = customersSubquery(db, applicationId, filter);
  const address = (i: number, from = 'x') => sql.raw(`${from}.a${i}`);
  // The "offset 0"s keep PostgreSQL from flattening the subqueries: flattened, each address
  // expression (regular expressions) would be repeated wherever choice and address name it.
  const columns = platforms.map(
    (p, i) => sql`${addressOf(p.channel, sql`${c.userId}`, sql`${c.contactNumber}`)} as a${num(i)}`,
  );
  const choice = sql`(case ${sql.join(
    platforms.flatMap((p, i) => [
      sql`when ${address(i, 'y')} is not null then ${num(i + 1)}`,
      // No address on WhatsApp with a number given: the number failed SPEC §5.
      ...(WHATSAPP_CHANNELS.has(p.channel) ? [sql`when y.has_phone then -1`] : []),
    ]),
    sql` `,
  )} else 0 end)`;
  const pick = (of: (p: PlannedPlatform, i: number) => SQL) =>
    sql`(case x.choice ${sql.join(
      platforms.map((p, i) => sql`when ${num(i + 1)} then ${of(p, i)}`),
      sql` `,
    )} end)`;
  return sql`(select x.id, x.user_id, x.opted, x.choice,
      ${pick((p) => lit(p.platform))} as platform,
      ${pick((p) => lit(p.channel))} as channel,
      ${pick((_, i) => address(i))} as address
    from (select y.*, ${choice} as choice from (
      select ${c.id} as id, ${c.userId} as user_id,
        (${campaignOptOuts.customerId} is not null) as opted,
        coalesce(${c.contactNumber} <> '', false) as has_phone,
        ${sql.join(columns, sql`, `)}
      from ${c} left join ${campaignOptOuts} on ${optedOut(applicationId, c.id)}
      offset 0
    ) y offset 0) x)`;
}

export interface AudiencePlan {
  /** Customers the filter matched (opted out or not). */
  matched: number;
  optedOut: number;
  unreachable: number;
  reachable: number;
  /** The first customer (by userId) whose WhatsApp number fails SPEC §5, if any. */
  badPhone: string | null;
}

/** Counts a campaign's audience without reading it: one aggregate statement. */
export async function planAudience(
  db: Db,
  applicationId: string,
  filter: AudienceFilter,
  platforms: readonly PlannedPlatform[],
): Promise<AudiencePlan> {
  const [row] = rowsOf<AudiencePlan>(
    await db.execute(sql`
      select count(*)::int as "matched",
        count(*) filter (where a.opted)::int as "optedOut",
        count(*) filter (where not a.opted and a.choice = 0)::int as "unreachable",
        count(*) filter (where not a.opted and a.choice > 0)::int as "reachable",
        min(a.user_id) filter (where not a.opted and a.choice < 0) as "badPhone"
      from ${plannedAudience(db, applicationId, filter, platforms)} a`),
  );
  return row!;
}

/**
 * Stores a campaign's recipients straight from the audience, in one statement (INSERT … SELECT):
 * every reachable customer who has not opted out, once (the unique index), on their first
 * platform; answers the same counts as planAudience, `reachable` being the rows stored. The
 * caller's transaction is rolled back when the counts refuse the send.
 */
export async function insertAudience(
  db: Db,
  campaignId: string,
  applicationId: string,
  filter: AudienceFilter,
  platforms: readonly PlannedPlatform[],
): Promise<AudiencePlan> {
  const [row] = rowsOf<AudiencePlan>(
    await db.execute(sql`
      with a as materialized (select * from ${plannedAudience(db, applicationId, filter, platforms)} p),
      stored as (
        insert into campaign_recipients (campaign_id, application_id, customer_id, platform, channel, address)
        select ${campaignId}::uuid, ${applicationId}, a.id, a.platform, a.channel, a.address
        from a
        where not a.opted and a.choice > 0
        on conflict do nothing
        returning 1)
      select count(*)::int as "matched",
        count(*) filter (where a.opted)::int as "optedOut",
        count(*) filter (where not a.opted and a.choice = 0)::int as "unreachable",
        (select count(*)::int from stored) as "reachable",
        min(a.user_id) filter (where not a.opted and a.choice < 0) as "badPhone"
      from a`),
  );
  return row!;
}

/** A campaign's counts, once its recipients are stored. */
export async function setCampaignCounts(db: Db, id: string, total: number, optedOut: number): Promise<void> {
  await db.update(campaigns).set({ total, optedOut }).where(eq(campaigns.id, id));
}

export async function findCampaign(db: Db, applicationId: string, id: string) {
  const [row] = await db
    .select()
    .from(campaigns)
    .where(and(eq(campaigns.applicationId, applicationId), eq(campaigns.id, id)))
    .limit(1);
  return row;
}

export async function listCampaigns(
  db: Db,
  applicationId: string,
  offset: number,
  limit: number,
  status?: string,
) {
  const where = and(
    eq(campaigns.applicationId, applicationId),
    status === undefined ? undefined : eq(campaigns.status, status),
  );
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(campaigns)
      .where(where)
      .orderBy(desc(campaigns.createdAt), desc(campaigns.id))
      .offset(offset)
      .limit(limit),
    db.select({ n: count() }).from(campaigns).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

/** Recipients per campaign, platform and status (the list's progress per platform). */
export async function progressOf(db: Db, applicationId: string, campaignIds: readonly string[]) {
  if (campaignIds.length === 0) return [];
  return db
    .select({
      campaignId: campaignRecipients.campaignId,
      platform: campaignRecipients.platform,
      status: campaignRecipients.status,
      receipt: campaignRecipients.receipt,
      n: count(),
    })
    .from(campaignRecipients)
    .where(
      and(
        eq(campaignRecipients.applicationId, applicationId),
        inArray(campaignRecipients.campaignId, [...campaignIds]),
      ),
    )
    .groupBy(
      campaignRecipients.campaignId,
      campaignRecipients.platform,
      campaignRecipients.status,
      campaignRecipients.receipt,
    );
}

/** Moves a campaign from one of `from` to `to`; false when it was not in one of them (raced). */
export async function moveCampaign(
  db: Db,
  applicationId: string,
  id: string,
  from: readonly string[],
  to: string,
  extra: Partial<Pick<CampaignRow, 'startedAt' | 'finishedAt'>> = {},
): Promise<boolean> {
  const rows = await db
    .update(campaigns)
    .set({ status: to, ...extra })
    .where(
      and(
        eq(campaigns.applicationId, applicationId),
        eq(campaigns.id, id),
        inArray(campaigns.status, [...from]),
      ),
    )
    .returning({ id: campaigns.id });
  return rows.length > 0;
}

// ---- Recipients -----------------------------------------------------------------------------

/**
 * Claims the next queued recipients for sending (FOR UPDATE SKIP LOCKED: two workers on one
 * campaign never take the same row), stamped with the claiming job's run: while that run lives,
 * nobody else touches them.
 */
export async function claimRecipients(
  db: Db,
  campaignId: string,
  limit: number,
  claimJob: string,
): Promise<RecipientRow[]> {
  const next = db
    .select({ id: campaignRecipients.id })
    .from(campaignRecipients)
    .where(and(eq(campaignRecipients.campaignId, campaignId), eq(campaignRecipients.status, 'queued')))
    .orderBy(asc(campaignRecipients.id))
    .limit(limit)
    .for('update', { skipLocked: true });
  const rows = await db
    .update(campaignRecipients)
    .set({ status: 'sending', claimedAt: sql`now()`, claimJob, attemptedAt: null })
    .where(inArray(campaignRecipients.id, next))
    .returning();
  return rows.sort((a, b) => a.id - b.id);
}

/** Written just before the provider is called (see attemptedAt). */
export async function markAttempted(db: Db, id: number): Promise<void> {
  await db
    .update(campaignRecipients)
    .set({ attemptedAt: sql`now()` })
    .where(and(eq(campaignRecipients.id, id), eq(campaignRecipients.status, 'sending')));
}

/** The job runs holding a campaign's claimed rows (null: a claim from before runs were stamped). */
export async function claimsHeld(db: Db, campaignId: string): Promise<(string | null)[]> {
  const rows = await db
    .selectDistinct({ claimJob: campaignRecipients.claimJob })
    .from(campaignRecipients)
    .where(and(eq(campaignRecipients.campaignId, campaignId), eq(campaignRecipients.status, 'sending')));
  return rows.map((r) => r.claimJob);
}

/**
 * Claimed rows left by runs that are over (`deadClaims`), and unstamped claims older than
 * `unstampedBefore`: what a worker that died mid-batch left behind.
 */
export async function abandonedRecipients(
  db: Db,
  campaignId: string,
  deadClaims: readonly string[],
  unstampedBefore: Date,
): Promise<RecipientRow[]> {
  const left = and(isNull(campaignRecipients.claimJob), lt(campaignRecipients.claimedAt, unstampedBefore))!;
  return db
    .select()
    .from(campaignRecipients)
    .where(
      and(
        eq(campaignRecipients.campaignId, campaignId),
        eq(campaignRecipients.status, 'sending'),
        deadClaims.length > 0 ? or(inArray(campaignRecipients.claimJob, [...deadClaims]), left) : left,
      ),
    )
    .orderBy(asc(campaignRecipients.id));
}

/** Records a recipient's result and counts it on the campaign, in one transaction. */
export async function finishRecipient(
  db: Db,
  row: Pick<RecipientRow, 'id' | 'campaignId'>,
  outcome: { status: 'sent'; externalId: string } | { status: 'failed'; error: string },
): Promise<void> {
  await db.transaction(async (tx) => {
    const done = await tx
      .update(campaignRecipients)
      .set(
        outcome.status === 'sent'
          ? { status: 'sent', externalId: outcome.externalId, sentAt: sql`now()`, error: null }
          : { status: 'failed', error: outcome.error.slice(0, 1000) },
      )
      .where(and(eq(campaignRecipients.id, row.id), eq(campaignRecipients.status, 'sending')))
      .returning({ id: campaignRecipients.id });
    if (done.length === 0) return;
    await tx
      .update(campaigns)
      .set(
        outcome.status === 'sent'
          ? { sent: sql`${campaigns.sent} + 1` }
          : { failed: sql`${campaigns.failed} + 1` },
      )
      .where(eq(campaigns.id, row.campaignId));
  });
}

/** Puts claimed rows back in the queue (a provider outage, a cancelled batch's untouched rows). */
export async function requeue(db: Db, ids: readonly number[]): Promise<void> {
  if (ids.length === 0) return;
  await db
    .update(campaignRecipients)
    .set({ status: 'queued', claimedAt: null, claimJob: null, attemptedAt: null })
    .where(and(inArray(campaignRecipients.id, [...ids]), eq(campaignRecipients.status, 'sending')));
}

/** Recipients not finished yet, by status. */
export async function unfinished(db: Db, campaignId: string) {
  const rows = await db
    .select({ status: campaignRecipients.status, n: count() })
    .from(campaignRecipients)
    .where(
      and(
        eq(campaignRecipients.campaignId, campaignId),
        inArray(campaignRecipients.status, ['queued', 'sending']),
      ),
    )
    .groupBy(campaignRecipients.status);
  const of = (status: string) => rows.find((r) => r.status === status)?.n ?? 0;
  return { queued: of('queued'), sending: of('sending') };
}

/** A campaign's recipients joined to their customers (search: on the customer's names). */
function recipientsQuery(db: Db, applicationId: string, campaignId: string, search: string | undefined) {
  const c = customersSubquery(db, applicationId, { search, withDeleted: true });
  const where = and(
    eq(campaignRecipients.applicationId, applicationId),
    eq(campaignRecipients.campaignId, campaignId),
  )!;
  return {
    where,
    rows: db
      .select({
        recipient: campaignRecipients,
        userId: c.userId,
        displayName: c.displayName,
        email: c.email,
        contactNumber: c.contactNumber,
        lastLoggedInAt: c.lastLoggedInAt,
        metadata: c.metadata,
      })
      .from(campaignRecipients)
      .innerJoin(c, eq(c.id, campaignRecipients.customerId)),
    count: db
      .select({ n: count() })
      .from(campaignRecipients)
      .innerJoin(c, eq(c.id, campaignRecipients.customerId)),
  };
}

/** A campaign's recipients with their results, a page at a time. */
export async function recipientsPage(
  db: Db,
  applicationId: string,
  campaignId: string,
  search: string | undefined,
  offset: number,
  limit: number,
) {
  const q = recipientsQuery(db, applicationId, campaignId, search);
  const [rows, [total]] = await Promise.all([
    q.rows.where(q.where).orderBy(asc(campaignRecipients.id)).offset(offset).limit(limit),
    q.count.where(q.where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

/** Every recipient of a campaign after `afterId`, in order (the CSV export, by keyset pages). */
export async function recipientsAfter(
  db: Db,
  applicationId: string,
  campaignId: string,
  afterId: number,
  limit: number,
) {
  const q = recipientsQuery(db, applicationId, campaignId, undefined);
  return q.rows
    .where(and(q.where, sql`${campaignRecipients.id} > ${afterId}`))
    .orderBy(asc(campaignRecipients.id))
    .limit(limit);
}

/** A conversation whose customer's message may answer a campaign: the channel and their ids there. */
export interface ReplyCandidate {
  conversationId: number;
  channel: string;
  addresses: readonly string[];
}

export interface TakenReply {
  conversationId: number;
  groupAssignee: string | null;
  groupAssigneeTeam: string | null;
}

/**
 * The campaigns a batch's customer messages answer, taken once, in one statement: per conversation,
 * the latest recipient row sent to that customer on its channel since `since` (any spelling of
 * their id there) whose campaign assigns replies, marked replied. A conversation with none, or
 * whose row another message took first, is left out.
 */
export async function takeReplies(
  db: Db,
  applicationId: string,
  candidates: readonly ReplyCandidate[],
  since: Date,
): Promise<TakenReply[]> {
  const flat = candidates.flatMap((c) => c.addresses.map((address) => ({ ...c, address })));
  if (flat.length === 0) return [];
  const result = await db.execute(sql`
    with wanted(conversation_id, channel, address) as (
      select * from unnest(
        ${arrayLiteral(flat.map((f) => f.conversationId))}::text::int[],
        ${arrayLiteral(flat.map((f) => f.channel))}::text::text[],
        ${arrayLiteral(flat.map((f) => f.address))}::text::text[]
      )
    ),
    hits as (
      select distinct on (w.conversation_id) w.conversation_id, r.id,
        c.group_assignee, c.group_assignee_team
      from wanted w
      join campaign_recipients r on r.application_id = ${applicationId} and r.channel = w.channel
        and r.address = w.address and r.status = 'sent' and r.replied_at is null
        and r.sent_at >= ${since.toISOString()}::timestamptz
      join campaigns c on c.id = r.campaign_id
        and (c.group_assignee is not null or c.group_assignee_team is not null)
      order by w.conversation_id, r.sent_at desc, r.id desc
    )
    update campaign_recipients r set replied_at = now()
    from hits
    where r.id = hits.id and r.replied_at is null
    returning hits.conversation_id, hits.group_assignee, hits.group_assignee_team`);
  type Hit = { conversation_id: unknown; group_assignee: string | null; group_assignee_team: string | null };
  return rowsOf<Hit>(result).map((row) => ({
    conversationId: Number(row.conversation_id),
    groupAssignee: (row.group_assignee as string | null) ?? null,
    groupAssigneeTeam: (row.group_assignee_team as string | null) ?? null,
  }));
}

/**
 * A provider's status callback about a campaign's send: the receipt moves forward only (delivered,
 * then read); a failure after the provider took it turns the recipient failed, and the counts with
 * it. False when it is not a campaign's send of this channel, or changes nothing.
 */
export async function applyReceipt(
  db: Db,
  applicationId: string,
  channel: string,
  update: {
    externalMessageId: string;
    status: 'sent' | 'delivered' | 'read' | 'failed';
    error?: string | undefined;
  },
): Promise<boolean> {
  if (update.status === 'sent') return false; // Recorded when the provider took it.
  const status = update.status;
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(campaignRecipients)
      .where(
        and(
          eq(campaignRecipients.applicationId, applicationId),
          eq(campaignRecipients.externalId, update.externalMessageId),
          eq(campaignRecipients.channel, channel),
        ),
      )
      .limit(1)
      .for('update');
    if (row?.status !== 'sent') return false;
    if (update.status === 'failed') {
      await tx
        .update(campaignRecipients)
        .set({
          status: 'failed',
          error: (update.error ?? 'The provider could not deliver it.').slice(0, 1000),
        })
        .where(eq(campaignRecipients.id, row.id));
      await tx
        .update(campaigns)
        .set({ sent: sql`${campaigns.sent} - 1`, failed: sql`${campaigns.failed} + 1` })
        .where(eq(campaigns.id, row.campaignId));
      return true;
    }
    if (row.receipt === 'read' || row.receipt === status) return false;
    await tx.update(campaignRecipients).set({ receipt: status }).where(eq(campaignRecipients.id, row.id));
    return true;
  });
}

/**
 * Whether another campaign of the application that started sending before this one still has
 * recipients to send on one of these channels: campaigns on one account go one after another, so
 * the account never sends faster than its rate.
 */
export async function earlierCampaignSending(
  db: Db,
  applicationId: string,
  campaign: Pick<CampaignRow, 'id' | 'startedAt' | 'createdAt'>,
  channels: readonly string[],
): Promise<boolean> {
  if (channels.length === 0) return false;
  const since = campaign.startedAt ?? campaign.createdAt;
  const [row] = await db
    .select({ id: campaigns.id })
    .from(campaigns)
    .innerJoin(campaignRecipients, eq(campaignRecipients.campaignId, campaigns.id))
    .where(
      and(
        eq(campaigns.applicationId, applicationId),
        eq(campaigns.status, 'sending'),
        ne(campaigns.id, campaign.id),
        or(
          lt(sql`coalesce(${campaigns.startedAt}, ${campaigns.createdAt})`, since),
          and(
            eq(sql`coalesce(${campaigns.startedAt}, ${campaigns.createdAt})`, since),
            lt(campaigns.id, campaign.id),
          ),
        ),
        inArray(campaignRecipients.status, ['queued', 'sending']),
        inArray(campaignRecipients.channel, [...channels]),
      ),
    )
    .limit(1);
  return row !== undefined;
}

/**
 * A status callback that names its recipient by the tag the send carried (providers with
 * `tagsSends`): settles a send whose answer was lost with its worker. A row still in flight
 * ('sending' with an attempt) or failed by recovery with `awaitingError` becomes sent (with its
 * receipt) or failed as the provider says; the counters move with it. Any other row is left to
 * the message-id path (applyReceipt). True when the row was settled here.
 */
export async function settleTagged(
  db: Db,
  applicationId: string,
  channel: string,
  recipientId: number,
  update: {
    externalMessageId: string;
    status: 'sent' | 'delivered' | 'read' | 'failed';
    error?: string | undefined;
  },
  awaitingError: string,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(campaignRecipients)
      .where(
        and(
          eq(campaignRecipients.id, recipientId),
          eq(campaignRecipients.applicationId, applicationId),
          eq(campaignRecipients.channel, channel),
        ),
      )
      .limit(1)
      .for('update');
    if (!row) return false;
    const inFlight = row.status === 'sending' && row.attemptedAt !== null;
    const givenUp = row.status === 'failed' && row.error === awaitingError;
    if (!inFlight && !givenUp) return false;
    if (update.status === 'failed') {
      await tx
        .update(campaignRecipients)
        .set({
          status: 'failed',
          error: (update.error ?? 'The provider could not deliver it.').slice(0, 1000),
        })
        .where(eq(campaignRecipients.id, row.id));
      if (inFlight)
        await tx
          .update(campaigns)
          .set({ failed: sql`${campaigns.failed} + 1` })
          .where(eq(campaigns.id, row.campaignId));
      return true;
    }
    await tx
      .update(campaignRecipients)
      .set({
        status: 'sent',
        externalId: update.externalMessageId,
        sentAt: sql`now()`,
        error: null,
        receipt: update.status === 'sent' ? null : update.status,
      })
      .where(eq(campaignRecipients.id, row.id));
    await tx
      .update(campaigns)
      .set(
        inFlight
          ? { sent: sql`${campaigns.sent} + 1` }
          : { sent: sql`${campaigns.sent} + 1`, failed: sql`${campaigns.failed} - 1` },
      )
      .where(eq(campaigns.id, row.campaignId));
    return true;
  });
}

/** Rewrites a draft (only while it is one): its name and form. False when it is not a draft. */
export async function updateDraft(
  db: Db,
  applicationId: string,
  id: string,
  values: Pick<typeof campaigns.$inferInsert, 'name' | 'platforms'>,
): Promise<CampaignRow | undefined> {
  const [row] = await db
    .update(campaigns)
    .set(values)
    .where(
      and(eq(campaigns.applicationId, applicationId), eq(campaigns.id, id), eq(campaigns.status, 'draft')),
    )
    .returning();
  return row;
}

/**
 * Takes a draft away, to send it (in the send's transaction) or to delete it: false when it is no
 * longer a draft (sent, deleted, or another application's).
 */
export async function takeDraft(db: Db, applicationId: string, id: string): Promise<boolean> {
  const gone = await db
    .delete(campaigns)
    .where(
      and(eq(campaigns.applicationId, applicationId), eq(campaigns.id, id), eq(campaigns.status, 'draft')),
    )
    .returning({ id: campaigns.id });
  return gone.length > 0;
}
