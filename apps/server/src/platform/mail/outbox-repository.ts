import { desc, eq, sql } from 'drizzle-orm';
import { mailOutbox } from '../../db/schema/index.js';
import { type Db, rowsOf } from '../db/database.js';

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html?: string | undefined;
  applicationId?: string | undefined;
}

/**
 * `outbox`: kept locally (no SMTP); `sending`: being sent now by the caller; `queued`: written inside
 * a business transaction, sent by the worker when SMTP is configured (shown in the dev mailbox
 * otherwise).
 */
export type NewMailStatus = 'outbox' | 'sending' | 'queued';

export async function insertMail(db: Db, mail: OutgoingMail, status: NewMailStatus) {
  const [row] = await db
    .insert(mailOutbox)
    .values({
      to: mail.to,
      subject: mail.subject,
      text: mail.text,
      html: mail.html ?? null,
      applicationId: mail.applicationId ?? null,
      status,
    })
    .returning({ id: mailOutbox.id });
  return row!.id;
}

export async function markMail(db: Db, id: string, status: 'sent' | 'failed', error?: string) {
  await db
    .update(mailOutbox)
    .set({ status, error: error ?? null, sentAt: status === 'sent' ? new Date() : null })
    .where(eq(mailOutbox.id, id));
}

export async function listRecentMail(db: Db, limit: number) {
  return db.select().from(mailOutbox).orderBy(desc(mailOutbox.createdAt)).limit(limit);
}

export interface QueuedMail {
  id: string;
  to: string;
  subject: string;
  text: string;
  html: string | null;
}

/** Takes up to `limit` queued mails for sending (rows another node is taking are skipped). */
export async function claimQueuedMail(db: Db, limit: number): Promise<QueuedMail[]> {
  const result = await db.execute(sql`
    update ${mailOutbox} set status = 'sending'
    where id in (
      select id from ${mailOutbox} where status = 'queued' order by created_at limit ${limit}
      for update skip locked
    )
    returning id, to_address as "to", subject, text_body as "text", html_body as "html"`);
  return rowsOf<QueuedMail>(result);
}
