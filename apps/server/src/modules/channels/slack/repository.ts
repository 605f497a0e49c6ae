import { and, eq, inArray, notInArray, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import {
  conversations,
  messages,
  slackEvents,
  slackOutbox,
  slackThreads,
  users,
} from '../../../db/schema/index.js';
import type { Db } from '../../../platform/db/database.js';
import { outboxQueries } from '../outbox-queries.js';

// The only place the Slack mirror's rows are read or written; every query names the application
// (or the conversation, whose application the job carries).

export type SlackOutboxRow = typeof slackOutbox.$inferSelect;

// The same queries as the channel outbox (outbox-queries.ts), on the mirror's own table.
export const { insertOutbox, claimHead, hasUnsent, finishOutbox } = outboxQueries(slackOutbox);

/** The thread a conversation is mirrored into, if it has one in this channel. */
export async function findThread(db: Db, conversationId: number, channelId: string) {
  const [row] = await db
    .select()
    .from(slackThreads)
    .where(and(eq(slackThreads.conversationId, conversationId), eq(slackThreads.channelId, channelId)))
    .limit(1);
  return row;
}

/** Records (or, after a channel change, moves) the conversation's thread. */
export async function saveThread(
  db: Db,
  values: { applicationId: string; conversationId: number; channelId: string; threadTs: string },
) {
  await db
    .insert(slackThreads)
    .values(values)
    .onConflictDoUpdate({
      target: slackThreads.conversationId,
      set: { channelId: values.channelId, threadTs: values.threadTs, createdAt: sql`now()` },
    });
}

/** The conversation a Slack thread mirrors. */
export async function findConversationOfThread(
  db: Db,
  applicationId: string,
  channelId: string,
  threadTs: string,
): Promise<number | undefined> {
  const [row] = await db
    .select({ conversationId: slackThreads.conversationId })
    .from(slackThreads)
    .where(
      and(
        eq(slackThreads.applicationId, applicationId),
        eq(slackThreads.channelId, channelId),
        eq(slackThreads.threadTs, threadTs),
      ),
    )
    .limit(1);
  return row?.conversationId;
}

/**
 * Takes an Events API delivery once: false when its event_id was taken already (Slack's retry).
 * Slack retries for about an hour: the application's ids older than a day are dropped here.
 */
export async function takeEvent(db: Db, applicationId: string, eventId: string): Promise<boolean> {
  await db
    .delete(slackEvents)
    .where(
      and(
        eq(slackEvents.applicationId, applicationId),
        sql`${slackEvents.receivedAt} < now() - interval '1 day'`,
      ),
    );
  const rows = await db
    .insert(slackEvents)
    .values({ applicationId, eventId })
    .onConflictDoNothing()
    .returning({ eventId: slackEvents.eventId });
  return rows.length > 0;
}

const sender = alias(users, 'sender');
const customer = alias(users, 'customer');

/** What a mirrored post shows: the message, its sender and its conversation's customer. */
export async function findMirrorMessage(db: Db, applicationId: string, messageId: number) {
  const [row] = await db
    .select({
      message: messages.message,
      fileMeta: messages.fileMeta,
      metadata: messages.metadata,
      senderType: messages.senderType,
      contentType: messages.contentType,
      senderName: sender.displayName,
      senderUserId: sender.userId,
      conversationId: conversations.id,
      conversationName: conversations.name,
      channel: conversations.channel,
      customerName: customer.displayName,
      customerUserId: customer.userId,
    })
    .from(messages)
    .innerJoin(conversations, eq(conversations.id, messages.conversationId))
    .leftJoin(sender, eq(sender.id, messages.senderId))
    .leftJoin(customer, eq(customer.id, conversations.customerId))
    .where(and(eq(messages.applicationId, applicationId), eq(messages.id, messageId)))
    .limit(1);
  return row;
}

/** Role types of the team (SPEC §3): everyone but customers (no role) and bots ('3'). */
const TEAM_ROLES = ['0', '1', '2', '11', '12'];
/** SPEC §4 user status: expired (a disabled agent) and deleted cannot write. */
const INACTIVE = [2, 3];

/** The team member of the application with this e-mail (case-insensitive), if any. */
export async function findTeamMemberByEmail(db: Db, applicationId: string, email: string) {
  const [row] = await db
    .select({ id: users.id, userId: users.userId, roleType: users.roleType, displayName: users.displayName })
    .from(users)
    .where(
      and(
        eq(users.applicationId, applicationId),
        sql`lower(${users.email}) = ${email.toLowerCase()}`,
        inArray(users.roleType, TEAM_ROLES),
        notInArray(users.status, INACTIVE),
      ),
    )
    .limit(1);
  return row;
}
