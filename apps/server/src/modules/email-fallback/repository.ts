import { and, asc, desc, eq, gt, lte, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import {
  applications,
  conversationMembers,
  conversations,
  emailFallbackMarks,
  emailFallbackRules,
  messages,
  users,
} from '../../db/schema/index.js';
import type { Db } from '../../platform/db/database.js';

// The only place the e-mail fallback's rules and marks are read or written, and what its job reads
// of a conversation; every query names the application.

export type FallbackRuleRow = typeof emailFallbackRules.$inferSelect;

export async function listRules(db: Db, applicationId: string): Promise<FallbackRuleRow[]> {
  return db.select().from(emailFallbackRules).where(eq(emailFallbackRules.applicationId, applicationId));
}

export async function enabledRules(db: Db, applicationId: string): Promise<FallbackRuleRow[]> {
  return db
    .select()
    .from(emailFallbackRules)
    .where(and(eq(emailFallbackRules.applicationId, applicationId), eq(emailFallbackRules.enabled, true)));
}

export async function findRule(db: Db, applicationId: string, fallbackType: number) {
  const [row] = await db
    .select()
    .from(emailFallbackRules)
    .where(
      and(
        eq(emailFallbackRules.applicationId, applicationId),
        eq(emailFallbackRules.fallbackType, fallbackType),
      ),
    )
    .limit(1);
  return row;
}

export async function upsertRules(
  db: Db,
  applicationId: string,
  rules: readonly { fallbackType: number; enabled: boolean; delayMinutes: number }[],
): Promise<void> {
  if (rules.length === 0) return;
  await db
    .insert(emailFallbackRules)
    .values(rules.map((r) => ({ applicationId, ...r })))
    .onConflictDoUpdate({
      target: [emailFallbackRules.applicationId, emailFallbackRules.fallbackType],
      set: {
        enabled: sql`excluded.enabled`,
        delayMinutes: sql`excluded.delay_minutes`,
        updatedAt: sql`now()`,
      },
    });
}

/** The conversation with its customer (address, name, how far they got) and the application's name. */
export async function conversationForFallback(db: Db, applicationId: string, conversationId: number) {
  const customer = alias(users, 'customer');
  const [row] = await db
    .select({
      id: conversations.id,
      channel: conversations.channel,
      customerId: conversations.customerId,
      customerEmail: customer.email,
      customerName: customer.displayName,
      applicationName: applications.name,
      lastDeliveredMessageId: conversationMembers.lastDeliveredMessageId,
      lastReadMessageId: conversationMembers.lastReadMessageId,
    })
    .from(conversations)
    .innerJoin(applications, eq(applications.id, conversations.applicationId))
    .leftJoin(customer, eq(customer.id, conversations.customerId))
    .leftJoin(
      conversationMembers,
      and(
        eq(conversationMembers.conversationId, conversations.id),
        eq(conversationMembers.userId, conversations.customerId),
      ),
    )
    .where(and(eq(conversations.applicationId, applicationId), eq(conversations.id, conversationId)))
    .limit(1);
  return row;
}

/** The customer's latest message in the conversation (0 when they have written none). */
export async function lastCustomerMessageId(
  db: Db,
  conversationId: number,
  customerId: string,
): Promise<number> {
  const [row] = await db
    .select({ id: messages.id })
    .from(messages)
    .where(and(eq(messages.conversationId, conversationId), eq(messages.senderId, customerId)))
    .orderBy(desc(messages.id))
    .limit(1);
  return row?.id ?? 0;
}

/** The customer's last few texts in the conversation, newest first: what their language is read from. */
export async function customerRecentTexts(
  db: Db,
  conversationId: number,
  customerId: string,
): Promise<string[]> {
  const rows = await db
    .select({ message: messages.message })
    .from(messages)
    .where(and(eq(messages.conversationId, conversationId), eq(messages.senderId, customerId)))
    .orderBy(desc(messages.id))
    .limit(5);
  return rows.map((r) => r.message);
}

/** The conversation's messages after `after` up to `upTo`, oldest first, with their senders' names. */
export async function messagesBetween(db: Db, conversationId: number, after: number, upTo: number) {
  return db
    .select({
      id: messages.id,
      senderType: messages.senderType,
      contentType: messages.contentType,
      message: messages.message,
      fileMeta: messages.fileMeta,
      createdAt: messages.createdAt,
      senderName: users.displayName,
    })
    .from(messages)
    .leftJoin(users, eq(users.id, messages.senderId))
    .where(and(eq(messages.conversationId, conversationId), gt(messages.id, after), lte(messages.id, upTo)))
    .orderBy(asc(messages.id))
    .limit(200);
}

/** How far this type was mailed in the conversation, locked until the transaction ends (0: never). */
export async function lockMark(
  tx: Db,
  applicationId: string,
  conversationId: number,
  fallbackType: number,
): Promise<number> {
  await tx
    .insert(emailFallbackMarks)
    .values({ applicationId, conversationId, fallbackType, mailedUpTo: 0 })
    .onConflictDoNothing();
  const [row] = await tx
    .select({ mailedUpTo: emailFallbackMarks.mailedUpTo })
    .from(emailFallbackMarks)
    .where(
      and(
        eq(emailFallbackMarks.conversationId, conversationId),
        eq(emailFallbackMarks.fallbackType, fallbackType),
      ),
    )
    .for('update');
  return row?.mailedUpTo ?? 0;
}

export async function setMark(tx: Db, conversationId: number, fallbackType: number, mailedUpTo: number) {
  await tx
    .update(emailFallbackMarks)
    .set({ mailedUpTo, updatedAt: sql`now()` })
    .where(
      and(
        eq(emailFallbackMarks.conversationId, conversationId),
        eq(emailFallbackMarks.fallbackType, fallbackType),
      ),
    );
}
