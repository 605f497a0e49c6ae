import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import {
  channelAccounts,
  emailMessageIds,
  emailPollState,
  emailSources,
  emailThreads,
  messages,
} from '../../../db/schema/index.js';
import type { Db } from '../../../platform/db/database.js';

// The only place e-mail threads, their Message-IDs, the originals of received mails and the
// mailboxes' polling cursors are read or written; every query names the application (or the channel account, which belongs to one).

export type EmailThreadRow = typeof emailThreads.$inferSelect;
export type PollStateRow = typeof emailPollState.$inferSelect;

/** The thread the first of these ids belongs to (ids in the order to try them). */
export async function findThreadByMessageIds(
  db: Db,
  applicationId: string,
  messageIds: readonly string[],
): Promise<string | null> {
  if (messageIds.length === 0) return null;
  const rows = await db
    .select({ messageId: emailMessageIds.messageId, threadKey: emailMessageIds.threadKey })
    .from(emailMessageIds)
    .where(
      and(
        eq(emailMessageIds.applicationId, applicationId),
        inArray(emailMessageIds.messageId, [...messageIds]),
      ),
    );
  for (const id of messageIds) {
    const hit = rows.find((r) => r.messageId === id);
    if (hit) return hit.threadKey;
  }
  return null;
}

export async function findThread(db: Db, applicationId: string, threadKey: string) {
  const [row] = await db
    .select()
    .from(emailThreads)
    .where(and(eq(emailThreads.applicationId, applicationId), eq(emailThreads.threadKey, threadKey)))
    .limit(1);
  return row;
}

/**
 * Records a mail of a thread (the customer's or our reply) in one transaction: its Message-ID
 * belongs to the thread, and the thread's last mail becomes it. A mail read again changes nothing.
 */
export async function recordThreadMail(
  db: Db,
  mail: {
    applicationId: string;
    threadKey: string;
    messageId: string;
    subject: string;
    customerAddress: string;
    references: readonly string[];
  },
): Promise<void> {
  await db.transaction(async (tx) => {
    const inserted = await tx
      .insert(emailMessageIds)
      .values({ applicationId: mail.applicationId, messageId: mail.messageId, threadKey: mail.threadKey })
      .onConflictDoNothing()
      .returning({ messageId: emailMessageIds.messageId });
    if (inserted.length === 0) return;
    await tx
      .insert(emailThreads)
      .values({
        applicationId: mail.applicationId,
        threadKey: mail.threadKey,
        subject: mail.subject,
        customerAddress: mail.customerAddress,
        lastMessageId: mail.messageId,
        references: mail.references.join(' '),
      })
      .onConflictDoUpdate({
        target: [emailThreads.applicationId, emailThreads.threadKey],
        set: { lastMessageId: mail.messageId, references: mail.references.join(' '), updatedAt: sql`now()` },
      });
  });
}

/** The e-mail accounts to poll: connected, or in error (a poll that works clears it); not disabled. */
export async function listPolledAccounts(db: Db, kind: string) {
  return db
    .select()
    .from(channelAccounts)
    .where(and(eq(channelAccounts.kind, kind), ne(channelAccounts.status, 'disabled')));
}

export async function findPollState(db: Db, accountId: string): Promise<PollStateRow | undefined> {
  const [row] = await db
    .select()
    .from(emailPollState)
    .where(eq(emailPollState.accountId, accountId))
    .limit(1);
  return row;
}

/**
 * Takes the mailbox for one poll unless another node holds it (a live lease); the state is
 * created empty (nothing read yet) on the first poll.
 */
export async function claimPoll(
  db: Db,
  accountId: string,
  leaseSeconds: number,
): Promise<PollStateRow | undefined> {
  const until = sql`now() + make_interval(secs => ${leaseSeconds})`;
  const [row] = await db
    .insert(emailPollState)
    .values({ accountId, mailbox: '', uidValidity: 0, lastUid: 0, lockedUntil: until })
    .onConflictDoUpdate({
      target: emailPollState.accountId,
      set: { lockedUntil: until },
      setWhere: sql`${emailPollState.lockedUntil} is null or ${emailPollState.lockedUntil} < now()`,
    })
    .returning();
  return row;
}

export async function releasePoll(db: Db, accountId: string): Promise<void> {
  await db.update(emailPollState).set({ lockedUntil: null }).where(eq(emailPollState.accountId, accountId));
}

/** Forgets how far the mailbox was read: the next poll reads it all again (stored mails are skipped). */
export async function resetPollState(db: Db, accountId: string): Promise<void> {
  await db
    .update(emailPollState)
    .set({ mailbox: '', uidValidity: 0, lastUid: 0 })
    .where(eq(emailPollState.accountId, accountId));
}

/** Moves the cursor past a stored mail (or to a new mailbox / UIDVALIDITY). */
export async function savePollState(
  db: Db,
  state: { accountId: string; mailbox: string; uidValidity: number; lastUid: number },
): Promise<void> {
  await db
    .insert(emailPollState)
    .values(state)
    .onConflictDoUpdate({
      target: emailPollState.accountId,
      set: {
        mailbox: state.mailbox,
        uidValidity: state.uidValidity,
        lastUid: state.lastUid,
        polledAt: sql`now()`,
      },
    });
}

export type EmailSourceRow = typeof emailSources.$inferSelect;

export async function findSource(
  db: Db,
  applicationId: string,
  messageId: string,
): Promise<EmailSourceRow | undefined> {
  const [row] = await db
    .select()
    .from(emailSources)
    .where(and(eq(emailSources.applicationId, applicationId), eq(emailSources.messageId, messageId)))
    .limit(1);
  return row;
}

/** Records a mail's original; false when one was recorded already (the caller's copy is spare). */
export async function insertSource(
  db: Db,
  source: { applicationId: string; messageId: string; storageKey: string; size: number },
): Promise<boolean> {
  const inserted = await db
    .insert(emailSources)
    .values(source)
    .onConflictDoNothing()
    .returning({ messageId: emailSources.messageId });
  return inserted.length > 0;
}

/** A message of the conversation, with what says which mail it came from. */
export async function findConversationMessage(
  db: Db,
  applicationId: string,
  conversationId: number,
  messageId: number,
) {
  const [row] = await db
    .select({ clientKey: messages.clientKey, metadata: messages.metadata })
    .from(messages)
    .where(
      and(
        eq(messages.applicationId, applicationId),
        eq(messages.conversationId, conversationId),
        eq(messages.id, messageId),
      ),
    )
    .limit(1);
  return row;
}
