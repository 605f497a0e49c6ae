import type { AnsweredTurn } from '@convo/domain';
import { and, asc, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import {
  conversationActivity,
  conversationEvents,
  conversationMembers,
  conversationResponses,
  conversations,
  conversationTags,
  messages,
  tags,
  teams,
  users,
} from '../../db/schema/index.js';
import { anyOf, arrayLiteral } from '../../platform/db/any-of.js';
import { type Db, rowsOf } from '../../platform/db/database.js';
import { isoInstants } from '../../platform/db/iso-instants.js';
import { preparedStatement } from '../../platform/db/prepared.js';
import { rawRowsOf } from '../../platform/db/raw-rows.js';

// The only place conversation rows are read or written; every query names its application.

export type ConversationRow = typeof conversations.$inferSelect;
const CONVERSATION_ROWS = rawRowsOf(conversations);

export async function insertConversation(db: Db, values: typeof conversations.$inferInsert) {
  const [row] = await db.insert(conversations).values(values).returning();
  return row!;
}

export async function findConversation(db: Db, applicationId: string, id: number) {
  const [row] = await db
    .select()
    .from(conversations)
    .where(and(eq(conversations.applicationId, applicationId), eq(conversations.id, id)))
    .limit(1);
  return row;
}

/** When each of these conversations' customer last wrote (by client group id; absent: no such conversation). */
export async function lastCustomerMessageTimes(
  db: Db,
  applicationId: string,
  clientGroupIds: readonly string[],
): Promise<Map<string, Date | null>> {
  if (clientGroupIds.length === 0) return new Map();
  const rows = await db
    .select({ clientGroupId: conversations.clientGroupId, at: conversations.lastCustomerMessageAt })
    .from(conversations)
    .where(
      and(
        eq(conversations.applicationId, applicationId),
        anyOf(conversations.clientGroupId, clientGroupIds, 'text'),
      ),
    );
  return new Map(rows.map((r) => [r.clientGroupId, r.at]));
}

export async function findConversationByClientGroupId(db: Db, applicationId: string, clientGroupId: string) {
  const [row] = await db
    .select()
    .from(conversations)
    .where(
      and(eq(conversations.applicationId, applicationId), eq(conversations.clientGroupId, clientGroupId)),
    )
    .limit(1);
  return row;
}

/** Locks the row for the rest of the transaction (status and assignee changes race otherwise). */
export async function lockConversation(db: Db, applicationId: string, id: number) {
  const [row] = await db
    .select()
    .from(conversations)
    .where(and(eq(conversations.applicationId, applicationId), eq(conversations.id, id)))
    .for('update')
    .limit(1);
  return row;
}

export async function updateConversation(
  db: Db,
  applicationId: string,
  id: number,
  values: Partial<typeof conversations.$inferInsert>,
) {
  const [row] = await db
    .update(conversations)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(conversations.applicationId, applicationId), eq(conversations.id, id)))
    .returning();
  return row;
}

export async function addMembers(db: Db, rows: (typeof conversationMembers.$inferInsert)[]) {
  if (rows.length > 0) await db.insert(conversationMembers).values(rows).onConflictDoNothing();
}

export interface MemberView {
  userId: string;
  id: string;
  role: string;
  roleType: string | null;
  displayName: string;
  unreadCount: number;
  status: number;
}

export async function listMembers(db: Db, conversationIds: readonly number[]) {
  if (conversationIds.length === 0) return [];
  return db
    .select({
      conversationId: conversationMembers.conversationId,
      id: users.id,
      userId: users.userId,
      role: conversationMembers.role,
      roleType: users.roleType,
      displayName: users.displayName,
      unreadCount: conversationMembers.unreadCount,
      status: users.status,
      createdAt: users.createdAt,
    })
    .from(conversationMembers)
    .innerJoin(users, eq(users.id, conversationMembers.userId))
    .where(inArray(conversationMembers.conversationId, [...conversationIds]))
    .orderBy(asc(conversationMembers.joinedAt));
}

export async function isMember(db: Db, conversationId: number, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ one: sql<number>`1` })
    .from(conversationMembers)
    .where(
      and(eq(conversationMembers.conversationId, conversationId), eq(conversationMembers.userId, userId)),
    )
    .limit(1);
  return row !== undefined;
}

/** One more unread message for every member but the sender. */
export async function bumpUnread(db: Db, conversationId: number, senderId: string | null) {
  await db
    .update(conversationMembers)
    .set({ unreadCount: sql`${conversationMembers.unreadCount} + 1` })
    .where(
      senderId
        ? and(
            eq(conversationMembers.conversationId, conversationId),
            sql`${conversationMembers.userId} <> ${senderId}`,
          )
        : eq(conversationMembers.conversationId, conversationId),
    );
}

export async function markRead(db: Db, conversationId: number, userId: string, messageId: number) {
  await db
    .update(conversationMembers)
    // Receipts only move forward: a late "read 2" never takes back "delivered up to 3".
    .set({
      unreadCount: 0,
      lastReadMessageId: sql`greatest(coalesce(${conversationMembers.lastReadMessageId}, 0), ${messageId})`,
      lastDeliveredMessageId: sql`greatest(coalesce(${conversationMembers.lastDeliveredMessageId}, 0), ${messageId})`,
    })
    .where(
      and(eq(conversationMembers.conversationId, conversationId), eq(conversationMembers.userId, userId)),
    );
}

/** Active tags of the application with these names (case-sensitive, as shown). */
export async function findActiveTags(db: Db, applicationId: string, names: readonly string[]) {
  if (names.length === 0) return [];
  return db
    .select({ id: tags.id, name: tags.name })
    .from(tags)
    .where(
      and(eq(tags.applicationId, applicationId), inArray(tags.name, [...names]), isNull(tags.deletedAt)),
    );
}

export async function addTags(
  db: Db,
  applicationId: string,
  conversationId: number,
  tagIds: readonly string[],
) {
  if (tagIds.length === 0) return;
  await db
    .insert(conversationTags)
    .values(tagIds.map((tagId) => ({ applicationId, conversationId, tagId })))
    .onConflictDoNothing();
}

export async function removeTags(db: Db, conversationId: number, tagIds: readonly string[]) {
  if (tagIds.length === 0) return;
  await db
    .delete(conversationTags)
    .where(
      and(eq(conversationTags.conversationId, conversationId), inArray(conversationTags.tagId, [...tagIds])),
    );
}

/** Messages by id (a list's last messages: primary-key lookups), this application's only. */
export async function listMessagesByIds(db: Db, applicationId: string, ids: readonly number[]) {
  if (ids.length === 0) return [];
  return db
    .select({
      id: messages.id,
      message: messages.message,
      contentType: messages.contentType,
      senderType: messages.senderType,
    })
    .from(messages)
    .where(and(eq(messages.applicationId, applicationId), inArray(messages.id, [...ids])));
}

export async function listTags(db: Db, conversationIds: readonly number[]) {
  if (conversationIds.length === 0) return [];
  return db
    .select({ conversationId: conversationTags.conversationId, id: tags.id, name: tags.name })
    .from(conversationTags)
    .innerJoin(tags, eq(tags.id, conversationTags.tagId))
    .where(inArray(conversationTags.conversationId, [...conversationIds]));
}

export async function insertTimelineEvent(db: Db, values: typeof conversationEvents.$inferInsert) {
  await db.insert(conversationEvents).values(values);
}

export async function findUsersByUserIds(db: Db, applicationId: string, userIds: readonly string[]) {
  if (userIds.length === 0) return [];
  return db
    .select()
    .from(users)
    .where(and(eq(users.applicationId, applicationId), inArray(users.userId, [...userIds])));
}

export async function findUsersByIds(db: Db, applicationId: string, ids: readonly string[]) {
  if (ids.length === 0) return [];
  return db
    .select()
    .from(users)
    .where(and(eq(users.applicationId, applicationId), inArray(users.id, [...ids])));
}

/** The waiting queue of an application, longest waiting first. */
export async function listWaiting(db: Db, applicationId: string, limit: number) {
  return db
    .select()
    .from(conversations)
    .where(and(eq(conversations.applicationId, applicationId), eq(conversations.status, 7)))
    .orderBy(asc(conversations.waitingSince), asc(conversations.id))
    .limit(limit);
}

/** How many conversations of the application wait in the queue. */
export async function countWaiting(db: Db, applicationId: string) {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(conversations)
    .where(and(eq(conversations.applicationId, applicationId), eq(conversations.status, 7)));
  return Number(row?.n ?? 0);
}

/** Bots leave the conversation when an agent takes over (removeBotOnAgentHandOff). */
export async function removeBotMembers(db: Db, conversationId: number) {
  await db.execute(sql`
    delete from ${conversationMembers} cm using ${users} u
    where cm.conversation_id = ${conversationId} and u.id = cm.user_id and u.role_type = '3'`);
}

/**
 * Open conversations past their application's silence limit whose last message is not the customer's.
 * Read in the order of conversation_activity (status, last activity); a conversation without
 * messages has no last message to join, so its activity (its creation) never makes it a candidate.
 */
export async function listAutoResolveCandidates(db: Db, limit: number) {
  const result = await db.execute(sql`
    select c.id, c.application_id, c.last_message_id, m.sender_type
    from app_settings s
    join conversation_activity a on a.application_id = s.application_id
    join conversations c on c.id = a.conversation_id
    join messages m on m.id = c.last_message_id
    where s.auto_resolve_after_minutes is not null
      and a.status in (0, 1)
      and a.last_activity_at < now() - make_interval(mins => s.auto_resolve_after_minutes)
      and m.sender_type in (0, 1)
      and not exists (
        select 1 from conversation_tags ct join tags t on t.id = ct.tag_id
        where ct.conversation_id = c.id and t.name = 'Do-not-auto-resolve' and t.deleted_at is null)
    order by a.last_activity_at
    limit ${limit}`);
  return rowsOf<{
    id: string | number;
    application_id: string;
    last_message_id: string | number;
    sender_type: number;
  }>(result).map((r) => ({
    id: Number(r.id),
    applicationId: r.application_id,
    lastMessageId: Number(r.last_message_id),
    lastSenderType: Number(r.sender_type),
  }));
}

export async function listTeamKeys(db: Db, teamIds: readonly string[]) {
  if (teamIds.length === 0) return [];
  return db
    .select({ id: teams.id, clientGroupId: teams.clientGroupId })
    .from(teams)
    .where(inArray(teams.id, [...teamIds]));
}

export async function findConversations(db: Db, applicationId: string, ids: readonly number[]) {
  if (ids.length === 0) return [];
  return db
    .select()
    .from(conversations)
    .where(and(eq(conversations.applicationId, applicationId), inArray(conversations.id, [...ids])));
}

/** Delivered up to a message; never moves backwards. */
export async function markDelivered(db: Db, conversationId: number, userId: string, messageId: number) {
  await db
    .update(conversationMembers)
    .set({
      lastDeliveredMessageId: sql`greatest(coalesce(${conversationMembers.lastDeliveredMessageId}, 0), ${messageId})`,
    })
    .where(
      and(eq(conversationMembers.conversationId, conversationId), eq(conversationMembers.userId, userId)),
    );
}

/** A conversation locked for a batch of sends, with what the batch needs to know beside it. */
export interface SendTarget {
  row: ConversationRow;
  /** Which of the batch's customers belong to it (members write anywhere in their application). */
  customerIds: Set<string>;
}

/**
 * The lock statement, with or without the customers' membership check. Written so that a named
 * statement's generic plan (used after five runs, whatever the batch) has one way to run: the
 * batch's ids (each client group id turned into an id first, by its unique index: an `= any` over
 * the list was read through the application's index instead, every conversation of it for each
 * batch, even one that named none), sorted,
 * each conversation looked up and locked by its primary key in that order; and each
 * conversation's members read by its key, the customer list only filtering them. Left to choose,
 * the generic plan ANDed a bitmap of every index entry of the application (live or not yet
 * vacuumed: 30,000 for a 240-conversation application under load) with the ids, and each
 * conversation's member lookup with every membership of the batch's customers: 2.2 ms and 3,900
 * buffers for a batch of 40 sends, against 0.4 ms and 290 buffers this way
 * (docs/performance.md, "Sends").
 */
function lockStatement(withCustomers: boolean) {
  return preparedStatement<{
    applicationId: string;
    ids: string;
    clientGroupIds: string;
    customerIds: string;
  }>(() => {
    const applicationId = sql.placeholder('applicationId');
    const members = withCustomers
      ? sql`coalesce((select jsonb_agg(${conversationMembers.userId}) from ${conversationMembers}
            where ${conversationMembers.conversationId} = ${conversations.id}
              and array[${conversationMembers.userId}] <@ ${sql.placeholder('customerIds')}::uuid[]), '[]'::jsonb)`
      : sql`'[]'::jsonb`;
    return sql`
        select ${CONVERSATION_ROWS.columns}, ${members} as "_members"
        from (
          select distinct target.id
          from unnest(${sql.placeholder('ids')}::bigint[] || array(
            select by_client.id
            from unnest(${sql.placeholder('clientGroupIds')}::text[]) as named(client_group_id)
            cross join lateral (
              select ${conversations.id} from ${conversations}
              where ${conversations.applicationId} = ${applicationId}
                and ${conversations.clientGroupId} = named.client_group_id
            ) as by_client)) as target(id)
          order by target.id
        ) as target
        cross join lateral (
          select * from ${conversations}
          where ${conversations.id} = target.id and ${conversations.applicationId} = ${applicationId}
          for update
        ) as ${conversations}
        order by ${conversations.id}`;
  });
}

// Hand-written and built once per shape: it runs in every batch of sends, and the query builder
// cost more than the query.
const LOCK_STATEMENTS = { withCustomers: lockStatement(true), agentsOnly: lockStatement(false) };

/**
 * Locks the conversations a batch of sends writes to (by id or client group id, in id order, so
 * concurrent batches never deadlock) and answers, in the same round trip, which of the sending
 * customers are members.
 */
export async function lockSendTargets(
  db: Db,
  applicationId: string,
  refs: { ids: readonly number[]; clientGroupIds: readonly string[]; customerIds: readonly string[] },
): Promise<SendTarget[]> {
  if (refs.ids.length === 0 && refs.clientGroupIds.length === 0) return [];
  const statement = refs.customerIds.length > 0 ? LOCK_STATEMENTS.withCustomers : LOCK_STATEMENTS.agentsOnly;
  const result = await statement(db, {
    applicationId,
    ids: arrayLiteral(refs.ids),
    clientGroupIds: arrayLiteral(refs.clientGroupIds),
    customerIds: arrayLiteral(refs.customerIds),
  });
  const rows = rowsOf<Record<string, unknown> & { _members: string[] | string }>(result);
  return rows.map((r) => ({
    row: CONVERSATION_ROWS.map(r),
    customerIds: new Set(typeof r._members === 'string' ? (JSON.parse(r._members) as string[]) : r._members),
  }));
}

/** A conversation after new messages of a batch: its members' unread counts and its own state. */
export interface AfterMessages {
  id: number;
  /** New messages in the conversation. */
  added: number;
  /** Of those, how many each sender wrote (their own do not count as unread for them). */
  addedBySender: Record<string, number>;
  status: number;
  lastMessageId: number;
  lastMessageAt: Date;
  /** Set when a customer wrote. */
  lastCustomerMessageAt: Date | null;
  /** A resolved conversation reopened by its customer. */
  reopened: boolean;
  /** The response clock after the batch (statistics). */
  firstCustomerMessageAt: Date | null;
  firstResponseAt: Date | null;
  unansweredSince: Date | null;
  /** Customer turns the batch's human agent messages answered. */
  answered: AnsweredTurn[];
}

/**
 * Unread counts, last message, status and customer activity of several conversations, in one
 * statement: each member gains the messages of others.
 */
export async function applyAfterMessages(db: Db, applicationId: string, updates: readonly AfterMessages[]) {
  if (updates.length === 0) return;
  const iso = isoInstants();
  const isoOrNull = (d: Date | null) => (d ? iso(d) : null);
  const rows = updates.map((u) => ({
    id: u.id,
    added: u.added,
    added_by_sender: u.addedBySender,
    status: u.status,
    last_message_id: u.lastMessageId,
    last_message_at: iso(u.lastMessageAt),
    last_customer_message_at: isoOrNull(u.lastCustomerMessageAt),
    reopened: u.reopened,
    first_customer_message_at: isoOrNull(u.firstCustomerMessageAt),
    first_response_at: isoOrNull(u.firstResponseAt),
    unanswered_since: isoOrNull(u.unansweredSince),
    answered: u.answered.map((a) => ({ asked_at: iso(a.askedAt), answered_at: iso(a.answeredAt) })),
  }));
  // Most batches answer nothing (customers writing): then the statement has no insert at all.
  const statement = updates.some((u) => u.answered.length > 0)
    ? AFTER_MESSAGES.answering
    : AFTER_MESSAGES.plain;
  await statement(db, { applicationId, rows: JSON.stringify(rows) });
}

/**
 * The statement of applyAfterMessages, with or without the answered turns' insert; built once each.
 * The conversations are updated first, filtered by application, and the other tables follow from
 * the rows updated, by conversation id alone. An application filter on them let a named
 * statement's generic plan (made while the tables were small) read every row of the application
 * through its index, dead entries included: 2.8 ms of a 3.5 ms update of 19 conversations, in an
 * application of 60 (docs/performance.md, session 16).
 */
function afterMessagesStatement(answering: boolean) {
  return preparedStatement<{ applicationId: string; rows: string }>(() => {
    const applicationId = sql.placeholder('applicationId');
    const responses = answering
      ? sql`, responses as (
          insert into ${conversationResponses} (application_id, conversation_id, asked_at, answered_at)
          select ${applicationId}, u.id, r.asked_at, r.answered_at
          from updated as u cross join lateral jsonb_to_recordset(u.answered) as r(asked_at timestamptz, answered_at timestamptz)
        )`
      : sql``;
    return sql`
    with v as (
      select * from jsonb_to_recordset(${sql.placeholder('rows')}::jsonb)
        as v(id bigint, added int, added_by_sender jsonb, status int, last_message_id bigint,
          last_message_at timestamptz, last_customer_message_at timestamptz, reopened boolean,
          first_customer_message_at timestamptz, first_response_at timestamptz,
          unanswered_since timestamptz, answered jsonb)
    ), updated as (
      update ${conversations} as c
      set status = v.status,
        last_message_id = v.last_message_id,
        last_message_at = v.last_message_at,
        last_customer_message_at = coalesce(v.last_customer_message_at, c.last_customer_message_at),
        resolved_at = case when v.reopened then null else c.resolved_at end,
        first_customer_message_at = coalesce(c.first_customer_message_at, v.first_customer_message_at),
        first_response_at = coalesce(c.first_response_at, v.first_response_at),
        unanswered_since = v.unanswered_since,
        updated_at = now()
      from v
      where c.application_id = ${applicationId} and c.id = v.id
      returning c.id, v.added, v.added_by_sender, v.last_message_at, v.answered
    )${responses}, activity as (
      -- The inbox's order (conversation_activity): the conversation's own update above then
      -- changes no indexed column.
      update ${conversationActivity} as a set last_activity_at = u.last_message_at
      from updated as u where a.conversation_id = u.id
    )
    update ${conversationMembers} as cm
    set unread_count = cm.unread_count + u.added - coalesce((u.added_by_sender ->> cm.user_id::text)::int, 0)
    from updated as u
    where cm.conversation_id = u.id
      -- A member who sent every message of the batch gains nothing: no new row version for them
      -- (a customer writing alone was half of these updates).
      and u.added <> coalesce((u.added_by_sender ->> cm.user_id::text)::int, 0)`;
  });
}

const AFTER_MESSAGES = { plain: afterMessagesStatement(false), answering: afterMessagesStatement(true) };

/** Each member's stored receipts (last read and delivered message ids) with their role type, read-only. */
export async function listReceiptPositions(db: Db, conversationId: number) {
  return db
    .select({
      roleType: users.roleType,
      lastReadMessageId: conversationMembers.lastReadMessageId,
      lastDeliveredMessageId: conversationMembers.lastDeliveredMessageId,
    })
    .from(conversationMembers)
    .innerJoin(users, eq(users.id, conversationMembers.userId))
    .where(eq(conversationMembers.conversationId, conversationId));
}

/**
 * The latest conversation of the application both users are members of (the messaging family's
 * one-to-one send `{"to": …}` writes there), or undefined.
 */
export async function findSharedConversation(
  db: Db,
  applicationId: string,
  userA: string,
  userB: string,
): Promise<number | undefined> {
  const other = alias(conversationMembers, 'other_member');
  const [row] = await db
    .select({ id: conversations.id })
    .from(conversations)
    .innerJoin(
      conversationMembers,
      and(eq(conversationMembers.conversationId, conversations.id), eq(conversationMembers.userId, userA)),
    )
    .innerJoin(other, and(eq(other.conversationId, conversations.id), eq(other.userId, userB)))
    .where(eq(conversations.applicationId, applicationId))
    .orderBy(desc(conversations.id))
    .limit(1);
  return row?.id;
}

/** One member of a conversation as a list shows it (listMembers' shape). */
export interface FeedMember {
  conversationId: number;
  id: string;
  userId: string;
  role: string;
  roleType: string | null;
  displayName: string;
  unreadCount: number;
  status: number;
  createdAt: Date;
}

/**
 * What a page of conversations shows besides their rows (members, tags, team keys, last
 * messages), in one statement: four reads would be four round trips and four pooled connections
 * per page (issue 39 item 4: a first page in at most three statements).
 */
export async function listFeedParts(
  db: Db,
  applicationId: string,
  conversationIds: readonly number[],
  teamIds: readonly string[],
  lastMessageIds: readonly number[],
) {
  const result = await db.execute(sql`
    select
      (select coalesce(json_agg(json_build_object(
          'conversationId', cm.conversation_id, 'id', u.id, 'userId', u.user_id, 'role', cm.role,
          'roleType', u.role_type, 'displayName', u.display_name, 'unreadCount', cm.unread_count,
          'status', u.status, 'createdAt', u.created_at) order by cm.joined_at), '[]')
        from ${conversationMembers} cm join ${users} u on u.id = cm.user_id
        where ${anyOf(sql`cm.conversation_id`, conversationIds, 'bigint')}) as members,
      (select coalesce(json_agg(json_build_object('conversationId', ct.conversation_id, 'id', t.id, 'name', t.name)), '[]')
        from ${conversationTags} ct join ${tags} t on t.id = ct.tag_id
        where ${anyOf(sql`ct.conversation_id`, conversationIds, 'bigint')}) as tags,
      (select coalesce(json_agg(json_build_object('id', tm.id, 'clientGroupId', tm.client_group_id)), '[]')
        from ${teams} tm where ${anyOf(sql`tm.id`, teamIds, 'uuid')}) as teams,
      (select coalesce(json_agg(json_build_object('id', m.id, 'message', m.message,
          'contentType', m.content_type, 'senderType', m.sender_type)), '[]')
        from ${messages} m
        where m.application_id = ${applicationId} and ${anyOf(sql`m.id`, lastMessageIds, 'bigint')}) as "lastMessages"`);
  type Row = {
    members: (Omit<FeedMember, 'createdAt'> & { createdAt: string })[] | string;
    tags: { conversationId: number; id: string; name: string }[] | string;
    teams: { id: string; clientGroupId: string }[] | string;
    lastMessages: { id: number; message: string; contentType: number; senderType: number }[] | string;
  };
  const [row] = rowsOf<Row>(result);
  // One driver hands json columns back parsed, the other as text.
  const parsed = <T>(value: T | string | undefined): T =>
    (typeof value === 'string' ? JSON.parse(value) : (value ?? [])) as T;
  return {
    members: parsed(row?.members).map((m): FeedMember => ({ ...m, createdAt: new Date(m.createdAt) })),
    tags: parsed(row?.tags),
    teams: parsed(row?.teams),
    lastMessages: parsed(row?.lastMessages),
  };
}

/**
 * The teams of the conversations an end user takes part in (their client group id and name): what
 * the Kommunicate widget looks up a conversation's business hours by (`KM_TEAM_ID`).
 */
export async function teamsOfParticipant(db: Db, applicationId: string, userId: string) {
  return db
    .selectDistinct({ clientGroupId: teams.clientGroupId, name: teams.name })
    .from(conversationMembers)
    .innerJoin(conversations, eq(conversations.id, conversationMembers.conversationId))
    .innerJoin(teams, eq(teams.id, conversations.teamId))
    .where(
      and(
        eq(conversationMembers.userId, userId),
        eq(conversations.applicationId, applicationId),
        eq(teams.applicationId, applicationId),
      ),
    );
}

/**
 * The team members (role type set: agents, admins, bots) who take part in, or are assigned to, a
 * conversation `userId` takes part in: the people an end user may read the details of.
 */
export async function teamPeersOfParticipant(db: Db, applicationId: string, userId: string) {
  const mine = db
    .select({ id: conversationMembers.conversationId })
    .from(conversationMembers)
    .where(and(eq(conversationMembers.userId, userId), eq(conversationMembers.applicationId, applicationId)));
  const inThem = db
    .select({ id: conversationMembers.userId })
    .from(conversationMembers)
    .where(inArray(conversationMembers.conversationId, mine));
  const assigned = db
    .select({ id: conversations.assigneeId })
    .from(conversations)
    .where(and(eq(conversations.applicationId, applicationId), inArray(conversations.id, mine)));
  return db
    .select()
    .from(users)
    .where(
      and(
        eq(users.applicationId, applicationId),
        sql`${users.roleType} is not null`,
        sql`(${users.id} in ${inThem} or ${users.id} in ${assigned})`,
      ),
    );
}
