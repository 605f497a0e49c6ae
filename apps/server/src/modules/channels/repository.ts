import { and, desc, eq, inArray, isNotNull, lte, sql } from 'drizzle-orm';
import {
  applications,
  channelAccounts,
  channelOutbox,
  conversationMembers,
  conversations,
  messages,
  users,
} from '../../db/schema/index.js';
import { arrayLiteral } from '../../platform/db/any-of.js';
import { type Db, rowsOf } from '../../platform/db/database.js';
import { outboxQueries } from './outbox-queries.js';

// The only place channel accounts and the channel outbox are read or written; every query names
// the application (or the conversation, whose application the job carries).

export type ChannelAccountRow = typeof channelAccounts.$inferSelect;
export type OutboxRow = typeof channelOutbox.$inferSelect;

export async function listAccounts(db: Db, applicationId: string): Promise<ChannelAccountRow[]> {
  return db.select().from(channelAccounts).where(eq(channelAccounts.applicationId, applicationId));
}

export async function findAccount(db: Db, applicationId: string, kind: string) {
  const [row] = await db
    .select()
    .from(channelAccounts)
    .where(and(eq(channelAccounts.applicationId, applicationId), eq(channelAccounts.kind, kind)))
    .limit(1);
  return row;
}

/** Connects (or reconnects with new credentials): one account per application and kind. */
export async function upsertAccount(
  db: Db,
  values: {
    applicationId: string;
    kind: string;
    sealedConfig: string;
    displayName: string;
    externalId?: string | null | undefined;
  },
): Promise<ChannelAccountRow> {
  const [row] = await db
    .insert(channelAccounts)
    .values({ ...values, externalId: values.externalId ?? null, status: 'connected' })
    .onConflictDoUpdate({
      target: [channelAccounts.applicationId, channelAccounts.kind],
      set: {
        sealedConfig: values.sealedConfig,
        displayName: values.displayName,
        externalId: values.externalId ?? null,
        status: 'connected',
        lastError: null,
        lastErrorAt: null,
        updatedAt: sql`now()`,
      },
    })
    .returning();
  return row!;
}

/** The applications whose account of this kind is one of these provider ids (the Meta app's webhook). */
export async function applicationsWithExternalIds(
  db: Db,
  kind: string,
  externalIds: readonly string[],
): Promise<string[]> {
  if (externalIds.length === 0) return [];
  const rows = await db
    .select({ applicationId: channelAccounts.applicationId })
    .from(channelAccounts)
    .where(and(eq(channelAccounts.kind, kind), inArray(channelAccounts.externalId, [...externalIds])));
  return [...new Set(rows.map((r) => r.applicationId))];
}

export async function deleteAccount(db: Db, applicationId: string, kind: string): Promise<boolean> {
  const rows = await db
    .delete(channelAccounts)
    .where(and(eq(channelAccounts.applicationId, applicationId), eq(channelAccounts.kind, kind)))
    .returning({ id: channelAccounts.id });
  return rows.length > 0;
}

/** An admin's enable/disable. */
export async function setAccountEnabled(db: Db, applicationId: string, kind: string, enabled: boolean) {
  const [row] = await db
    .update(channelAccounts)
    .set({ status: enabled ? 'connected' : 'disabled', updatedAt: sql`now()` })
    .where(and(eq(channelAccounts.applicationId, applicationId), eq(channelAccounts.kind, kind)))
    .returning();
  return row;
}

/**
 * The provider's last answer: an error puts a connected account in `error` with its message; a
 * success clears it. A disabled account stays disabled.
 */
export async function recordProviderOutcome(db: Db, accountId: string, error: string | null) {
  await db
    .update(channelAccounts)
    .set(
      error === null
        ? { status: 'connected', lastError: null, lastErrorAt: null }
        : { status: 'error', lastError: error.slice(0, 1000), lastErrorAt: sql`now()` },
    )
    .where(
      and(
        eq(channelAccounts.id, accountId),
        inArray(channelAccounts.status, error === null ? ['error'] : ['connected', 'error']),
      ),
    );
}

// Claimed one at a time per conversation, in order, under a lease (outbox-queries.ts).
export const { insertOutbox, claimHead, hasUnsent, finishOutbox } = outboxQueries(channelOutbox);

/** What a reply needs to go out: its text and file, and its conversation's channel and customer key. */
export async function findOutboundMessage(db: Db, applicationId: string, messageId: number) {
  const [row] = await db
    .select({
      message: messages.message,
      fileMeta: messages.fileMeta,
      metadata: messages.metadata,
      conversationId: conversations.id,
      channel: conversations.channel,
      clientGroupId: conversations.clientGroupId,
    })
    .from(messages)
    .innerJoin(conversations, eq(conversations.id, messages.conversationId))
    .where(and(eq(messages.applicationId, applicationId), eq(messages.id, messageId)))
    .limit(1);
  return row;
}

/**
 * The channel's account with its application's state, in one round trip (every webhook delivery
 * starts here).
 */
export async function findAccountForDelivery(db: Db, applicationId: string, kind: string) {
  const [row] = await db
    .select({ account: channelAccounts, application: applications })
    .from(channelAccounts)
    .innerJoin(applications, eq(applications.id, channelAccounts.applicationId))
    .where(and(eq(channelAccounts.applicationId, applicationId), eq(channelAccounts.kind, kind)))
    .limit(1);
  return row;
}

export interface InboundKeys {
  clientKey: string;
  userId: string;
  clientGroupId: string;
}

export interface InboundKnown {
  duplicate: boolean;
  customerId: string | null;
  conversationId: number | null;
}

/**
 * What inbound messages of one application need to know before they are stored, in one round trip
 * for all of them: whether each client key is stored already (a retried delivery), its customer's
 * row id and its conversation's id. Answers in the order of `keys`.
 */
export async function lookupInbound(
  db: Db,
  applicationId: string,
  keys: readonly InboundKeys[],
): Promise<InboundKnown[]> {
  // The three lists as one text parameter each (arrayLiteral): no placeholder per value.
  const result = await db.execute(sql`
    select k.ord,
      exists (select 1 from ${messages} where ${messages.applicationId} = ${applicationId} and ${messages.clientKey} = k.client_key) as duplicate,
      (select ${users.id} from ${users} where ${users.applicationId} = ${applicationId} and ${users.userId} = k.user_id) as customer_id,
      (select ${conversations.id} from ${conversations} where ${conversations.applicationId} = ${applicationId} and ${conversations.clientGroupId} = k.client_group_id) as conversation_id
    from unnest(
      ${arrayLiteral(keys.map((k) => k.clientKey))}::text::text[],
      ${arrayLiteral(keys.map((k) => k.userId))}::text::text[],
      ${arrayLiteral(keys.map((k) => k.clientGroupId))}::text::text[]
    ) with ordinality as k(client_key, user_id, client_group_id, ord)`);
  const known: InboundKnown[] = keys.map(() => ({
    duplicate: false,
    customerId: null,
    conversationId: null,
  }));
  for (const row of rowsOf<{
    ord: string | number;
    duplicate: boolean;
    customer_id: string | null;
    conversation_id: string | number | null;
  }>(result)) {
    known[Number(row.ord) - 1] = {
      duplicate: row.duplicate === true,
      customerId: row.customer_id ?? null,
      conversationId: row.conversation_id == null ? null : Number(row.conversation_id),
    };
  }
  return known;
}

/** A reply we sent, by the id the provider gave it (its status callbacks name it). */
export async function findOutboxByExternalId(db: Db, applicationId: string, externalId: string) {
  const [row] = await db
    .select()
    .from(channelOutbox)
    .where(and(eq(channelOutbox.applicationId, applicationId), eq(channelOutbox.externalId, externalId)))
    .orderBy(desc(channelOutbox.id))
    .limit(1);
  return row;
}

/** The last reply sent in a conversation until `upTo` (a provider's "read up to" watermark). */
export async function findLastSentUpTo(db: Db, applicationId: string, clientGroupId: string, upTo: Date) {
  const [row] = await db
    .select({ outbox: channelOutbox })
    .from(channelOutbox)
    .innerJoin(conversations, eq(conversations.id, channelOutbox.conversationId))
    .where(
      and(
        eq(conversations.applicationId, applicationId),
        eq(conversations.clientGroupId, clientGroupId),
        eq(channelOutbox.status, 'sent'),
        isNotNull(channelOutbox.sentAt),
        lte(channelOutbox.sentAt, upTo),
      ),
    )
    .orderBy(desc(channelOutbox.id))
    .limit(1);
  return row?.outbox;
}

/**
 * Moves the customer's receipt forward to a message (read implies delivered); answers whether it
 * moved, so a repeated or late callback (delivered after read) changes and announces nothing.
 */
export async function advanceReceipt(
  db: Db,
  conversationId: number,
  customerId: string,
  messageId: number,
  kind: 'delivered' | 'read',
): Promise<boolean> {
  const column =
    kind === 'read' ? conversationMembers.lastReadMessageId : conversationMembers.lastDeliveredMessageId;
  const rows = await db
    .update(conversationMembers)
    .set({
      lastDeliveredMessageId: sql`greatest(coalesce(${conversationMembers.lastDeliveredMessageId}, 0), ${messageId})`,
      ...(kind === 'read'
        ? {
            lastReadMessageId: sql`greatest(coalesce(${conversationMembers.lastReadMessageId}, 0), ${messageId})`,
          }
        : {}),
    })
    .where(
      and(
        eq(conversationMembers.conversationId, conversationId),
        eq(conversationMembers.userId, customerId),
        sql`coalesce(${column}, 0) < ${messageId}`,
      ),
    )
    .returning({ conversationId: conversationMembers.conversationId });
  return rows.length > 0;
}
