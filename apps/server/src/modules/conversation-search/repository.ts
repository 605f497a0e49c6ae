import { WHATSAPP_CHANNELS } from '@convo/domain';
import {
  and,
  asc,
  count,
  eq,
  exists,
  getTableColumns,
  gte,
  ilike,
  inArray,
  isNull,
  lte,
  not,
  type SQL,
  sql,
} from 'drizzle-orm';
import { alias, type SelectedFields } from 'drizzle-orm/pg-core';
import {
  conversationActivity,
  conversationMembers,
  conversations,
  conversationTags,
  messages,
  tags,
  teams,
  users,
} from '../../db/schema/index.js';
import { type Db, rowsOf } from '../../platform/db/database.js';
import type { ConversationRow } from '../conversations/index.js';

// Conversation lists and the SPEC §3 conversation filter, each page in one statement. Every
// condition, subqueries included, names the application.

export type ConversationSortOrder = 'newest' | 'oldest' | 'waiting';

/**
 * How a content search finds its page. `by-match`: the planner's choice, which for a full-text
 * condition collects every matching message first (right for a rare word: few matches). For a
 * common word that is every tenth message, and only the page's 20 conversations are wanted:
 * `by-conversation` walks the conversations in the page's order and asks each whether one of its
 * messages matches, stopping when the page is full. The same rows either way.
 */
export type ContentPlan = 'by-match' | 'by-conversation';

/**
 * How a tag filter finds its page. `by-tag`: the tagged conversations are read first (through
 * conversation_tags_tag_idx), then sorted: right for a tag on few conversations. `by-conversation`:
 * the conversations are walked in the page's order and each is asked whether it has the tag,
 * stopping when the page is full: right for a tag on many. Absent: the planner's choice, which can
 * be either whatever the tag's size (it cannot tell one tag from another). The same rows either way.
 */
export type TagPlan = 'by-tag' | 'by-conversation';

export interface ConversationQuery {
  statuses?: readonly number[] | undefined;
  /** Tag names: any of them (active tags only). */
  tagNames?: readonly string[] | undefined;
  /** How `tagNames` is looked for (see `TagPlan`); the planner's choice when absent. */
  tagPlan?: TagPlan | undefined;
  /** An assignee by userId, or nobody assigned. */
  assignee?: { userId: string } | 'unassigned' | undefined;
  /** A team by its clientGroupId. */
  teamClientGroupId?: string | undefined;
  /** Full-text in the messages ('simple' configuration) or a substring of the name. */
  content?: string | undefined;
  /** Conversation metadata entries that must all be equal. */
  attributes?: Record<string, string> | undefined;
  createdFrom?: Date | undefined;
  createdTo?: Date | undefined;
  /** true: the customer has an e-mail; false: the customer is anonymous (or absent). */
  knownCustomer?: boolean | undefined;
  /** The customer by userId. */
  customerUserId?: string | undefined;
  channel?: string | undefined;
  /** true: a bot is active in it; false: people only. */
  botActive?: boolean | undefined;
  /** Only conversations this user (users.id) belongs to: an end user's own list. */
  memberUserId?: string | undefined;
  /** How `content` is looked for (see `ContentPlan`); the planner's choice when absent. */
  contentPlan?: ContentPlan | undefined;
  /** The platform's group type (10: support conversation). */
  type?: number | undefined;
  sort: ConversationSortOrder;
  offset: number;
  limit: number;
}

/** `%…%` for ILIKE with the user's own % and _ taken literally. */
function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

const NOTIFY_CONTENT_TYPE = 10;
// Last activity (the last message, else the creation) is conversation_activity's, in the order of
// its indexes (descending, nulls last; read backwards for the oldest first): the columns are never
// null, and the spelled-out null order lets PostgreSQL read a page in index order.
const activity = conversationActivity;

function orderOf(sort: ConversationSortOrder): SQL[] {
  switch (sort) {
    case 'oldest':
      return [
        sql`${activity.lastActivityAt} asc nulls first`,
        sql`${activity.conversationId} asc nulls first`,
      ];
    case 'waiting':
      return [sql`${conversations.waitingSince} asc nulls last`, asc(conversations.id)];
    default:
      return [
        sql`${activity.lastActivityAt} desc nulls last`,
        sql`${activity.conversationId} desc nulls last`,
      ];
  }
}

/** The application's tags of these names (not deleted). */
function activeTagsNamed(applicationId: string, names: readonly string[]): SQL | undefined {
  return and(eq(tags.applicationId, applicationId), inArray(tags.name, [...names]), isNull(tags.deletedAt));
}

/** Conversations' tag rows with their tags, selecting `fields` (the tag filter, its plans, its count). */
function tagRows<T extends SelectedFields>(db: Db, fields: T) {
  return db.select(fields).from(conversationTags).innerJoin(tags, eq(tags.id, conversationTags.tagId));
}

function conditionsOf(db: Db, applicationId: string, q: ConversationQuery): SQL[] {
  // Both tables named by the application: the activity's, so a page is read from its index.
  const where: SQL[] = [
    eq(conversations.applicationId, applicationId),
    eq(activity.applicationId, applicationId),
  ];
  if (q.statuses && q.statuses.length > 0) {
    // The waiting queue reads conversations_app_status_waiting_idx; the other orders, the status
    // with the activity (conversation_activity_app_status_last_idx). The two statuses are one.
    const status = q.sort === 'waiting' ? conversations.status : activity.status;
    where.push(inArray(status, [...q.statuses]));
  }
  if (q.type !== undefined) where.push(eq(conversations.type, q.type));
  if (q.tagNames && q.tagNames.length > 0) {
    const named = activeTagsNamed(applicationId, q.tagNames);
    if (q.tagPlan === 'by-tag') {
      // The ids through an array, read first: the conversations are then fetched by primary key.
      const tagged = tagRows(db, { id: conversationTags.conversationId }).where(named);
      where.push(sql`${conversations.id} = any(array(${tagged}))`);
    } else {
      const hasTag = tagRows(db, { one: sql`1` }).where(
        and(eq(conversationTags.conversationId, conversations.id), named),
      );
      // OFFSET 0 keeps the check per conversation, in the page's order (as for content below).
      where.push(
        q.tagPlan === 'by-conversation' ? sql`exists (${hasTag.getSQL()} offset 0)` : exists(hasTag),
      );
    }
  }
  // The activity's copy of the assignee: its index (conversation_activity_app_assignee_last_idx)
  // gives an agent's conversations in the inbox's order. The agent's id is a scalar subquery, a
  // value fixed before the scan: joined (`in (select …)`), the planner could not use the index's
  // order and sorted every conversation the agent has (docs/performance.md, session 17).
  if (q.assignee === 'unassigned') where.push(isNull(activity.assigneeId));
  else if (q.assignee) {
    const agentId = db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.applicationId, applicationId), eq(users.userId, q.assignee.userId)));
    where.push(sql`${activity.assigneeId} = (${agentId})`);
  }
  if (q.teamClientGroupId !== undefined) {
    where.push(
      inArray(
        conversations.teamId,
        db
          .select({ id: teams.id })
          .from(teams)
          .where(and(eq(teams.applicationId, applicationId), eq(teams.clientGroupId, q.teamClientGroupId))),
      ),
    );
  }
  if (q.content !== undefined) {
    const inMessage = and(
      eq(messages.applicationId, applicationId),
      sql`${messages.contentType} <> ${NOTIFY_CONTENT_TYPE}`,
      sql`${messages.searchVector} @@ plainto_tsquery('simple', ${q.content})`,
    );
    const pattern = containsPattern(q.content);
    if (q.contentPlan === 'by-conversation') {
      // OFFSET 0 keeps PostgreSQL from turning the EXISTS into a join or a hashed set of every
      // match (it only does so for a subquery without OFFSET): the check then runs per
      // conversation, in the page's order, through messages_conversation_id_idx, and the walk
      // stops when the page is full. Written out because the query builder drops an offset of 0.
      const matching = db
        .select({ one: sql`1` })
        .from(messages)
        .where(and(eq(messages.conversationId, conversations.id), inMessage));
      where.push(sql`(exists (${matching.getSQL()} offset 0) or ${ilike(conversations.name, pattern)})`);
    } else {
      // Each half from its own index, then the page from their union: the messages through
      // messages_search_idx, the names through the trigram index conversations_name_trgm_idx. An OR of
      // the two in one condition would test the name (ILIKE '%…%') on every conversation of the
      // application, since neither half alone can say which conversations to skip. The ids go
      // through an array (= ANY), read first, so the conversations are fetched by primary key: as
      // an IN, the planner guessed far more matches than a rare word has and hashed every
      // conversation of the application against them (264 ms instead of a few at 1,000,000).
      const named = alias(conversations, 'named');
      const ids = db
        .select({ id: messages.conversationId })
        .from(messages)
        .where(inMessage)
        .union(
          db
            .select({ id: named.id })
            .from(named)
            .where(and(eq(named.applicationId, applicationId), ilike(named.name, pattern))),
        );
      where.push(sql`${conversations.id} = any(array(${ids}))`);
    }
  }
  if (q.attributes && Object.keys(q.attributes).length > 0) {
    where.push(sql`${conversations.metadata} @> ${JSON.stringify(q.attributes)}::jsonb`);
  }
  if (q.createdFrom) where.push(gte(conversations.createdAt, q.createdFrom));
  if (q.createdTo) where.push(lte(conversations.createdAt, q.createdTo));
  if (q.knownCustomer !== undefined) {
    const known = exists(
      db
        .select({ one: sql`1` })
        .from(users)
        .where(
          and(
            eq(users.id, conversations.customerId),
            eq(users.applicationId, applicationId),
            sql`coalesce(${users.email}, '') <> ''`,
          ),
        ),
    );
    where.push(q.knownCustomer ? known : not(known));
  }
  if (q.customerUserId !== undefined) {
    where.push(
      inArray(
        conversations.customerId,
        db
          .select({ id: users.id })
          .from(users)
          .where(and(eq(users.applicationId, applicationId), eq(users.userId, q.customerUserId))),
      ),
    );
  }
  if (q.channel !== undefined)
    // SPEC's 'whatsapp' is every WhatsApp provider's channel.
    where.push(
      q.channel === 'whatsapp'
        ? inArray(conversations.channel, [...WHATSAPP_CHANNELS])
        : eq(conversations.channel, q.channel),
    );
  if (q.botActive !== undefined) where.push(eq(conversations.botActive, q.botActive));
  if (q.memberUserId !== undefined) {
    where.push(
      inArray(
        conversations.id,
        db
          .select({ id: conversationMembers.conversationId })
          .from(conversationMembers)
          .where(
            and(
              eq(conversationMembers.userId, q.memberUserId),
              eq(conversationMembers.applicationId, applicationId),
            ),
          ),
      ),
    );
  }
  return where;
}

/** One page of conversations matching the query, in the query's order. */
export async function findConversationPage(
  db: Db,
  applicationId: string,
  q: ConversationQuery,
): Promise<ConversationRow[]> {
  return db
    .select(getTableColumns(conversations))
    .from(conversations)
    .innerJoin(activity, eq(activity.conversationId, conversations.id))
    .where(and(...conditionsOf(db, applicationId, q)))
    .orderBy(...orderOf(q.sort))
    .limit(q.limit)
    .offset(q.offset);
}

/** How many conversations of the application have these statuses (index on application, status). */
export async function countByStatus(db: Db, applicationId: string, statuses: readonly number[]) {
  const [row] = await db
    .select({ total: count() })
    .from(conversations)
    .where(and(eq(conversations.applicationId, applicationId), inArray(conversations.status, [...statuses])));
  return row?.total ?? 0;
}

/**
 * How many of the application's conversations carry these tags, counted up to `cap` (a conversation
 * with two of them counts twice: close enough for choosing a plan).
 */
export async function countTagged(
  db: Db,
  applicationId: string,
  tagNames: readonly string[],
  cap: number,
): Promise<number> {
  const tagged = tagRows(db, { one: sql`1` })
    .where(activeTagsNamed(applicationId, tagNames))
    .limit(cap)
    .as('tagged');
  const [row] = await db.select({ n: count() }).from(tagged);
  return row?.n ?? 0;
}

/** How many conversations the application has, counted up to `cap` (its activity index alone). */
export async function countConversations(db: Db, applicationId: string, cap: number): Promise<number> {
  const all = db
    .select({ one: sql`1` })
    .from(activity)
    .where(eq(activity.applicationId, applicationId))
    .limit(cap)
    .as('all_conversations');
  const [row] = await db.select({ n: count() }).from(all);
  return row?.n ?? 0;
}

/**
 * The share of messages holding each of the most common words, from the planner's statistics of
 * messages.search_vector (ANALYZE, run by autovacuum). Empty until the table has been analysed.
 */
export async function commonLexemeShares(db: Db): Promise<Map<string, number>> {
  const result = await db.execute(sql`
    select array_to_json(most_common_elems::text::text[]) as elems,
           array_to_json(most_common_elem_freqs) as freqs
    from pg_stats
    where schemaname = current_schema() and tablename = 'messages' and attname = 'search_vector'`);
  const shares = new Map<string, number>();
  for (const row of rowsOf<{ elems: string[] | null; freqs: number[] | null }>(result)) {
    const elems = row.elems ?? [];
    const freqs = row.freqs ?? [];
    // The frequencies end with three summary figures (min, max, null share): pair by position.
    elems.forEach((lexeme, i) => {
      const share = freqs[i];
      if (typeof share === 'number') shares.set(lexeme, share);
    });
  }
  return shares;
}
