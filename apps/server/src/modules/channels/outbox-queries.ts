import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { channelOutbox, slackOutbox } from '../../db/schema/index.js';
import type { Db } from '../../platform/db/database.js';

// The outbox queries the channel replies and the Slack mirror share: their tables have the same
// columns and the same rules (one row at a time per conversation, in order, under a lease), so
// one set of queries serves both, each repository binding its own table.

type OutboxTable = typeof channelOutbox | typeof slackOutbox;

const LEASE = sql`now() + interval '60 seconds'`;
const UNSENT = ['pending', 'sending'];

export type OutboxOutcome =
  | { status: 'sent'; externalId: string }
  | { status: 'failed' | 'pending'; error: string };

export function outboxQueries<T extends OutboxTable>(table: T) {
  // Widened once here so that drizzle sees one table type in every query below.
  const t: OutboxTable = table;
  type Row = T['$inferSelect'];

  /** Outbox rows for messages just stored (inside the send's transaction). */
  async function insertOutbox(
    db: Db,
    rows: readonly { applicationId: string; conversationId: number; messageId: number }[],
  ): Promise<void> {
    if (rows.length > 0) await db.insert(t).values([...rows]);
  }

  /**
   * Takes the conversation's oldest unsent row, unless another worker holds it (a live lease):
   * rows go out one at a time, in order.
   */
  async function claimHead(db: Db, conversationId: number): Promise<Row | undefined> {
    const head = db
      .select({ id: t.id })
      .from(t)
      .where(and(eq(t.conversationId, conversationId), inArray(t.status, UNSENT)))
      .orderBy(asc(t.id))
      .limit(1)
      .for('update');
    const [row] = await db
      .update(t)
      .set({ status: 'sending', lockedUntil: LEASE, attempts: sql`${t.attempts} + 1` })
      .where(and(inArray(t.id, head), sql`(${t.status} = 'pending' or ${t.lockedUntil} < now())`))
      .returning();
    return row;
  }

  async function hasUnsent(db: Db, conversationId: number): Promise<boolean> {
    const [row] = await db
      .select({ id: t.id })
      .from(t)
      .where(and(eq(t.conversationId, conversationId), inArray(t.status, UNSENT)))
      .limit(1);
    return row !== undefined;
  }

  async function finishOutbox(db: Db, id: number, outcome: OutboxOutcome): Promise<void> {
    await db
      .update(t)
      .set(
        outcome.status === 'sent'
          ? {
              status: 'sent',
              externalId: outcome.externalId,
              sentAt: sql`now()`,
              lockedUntil: null,
              lastError: null,
            }
          : { status: outcome.status, lastError: outcome.error.slice(0, 1000), lockedUntil: null },
      )
      .where(eq(t.id, id));
  }

  return { insertOutbox, claimHead, hasUnsent, finishOutbox };
}
