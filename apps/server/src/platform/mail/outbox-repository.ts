import { desc, eq } from 'drizzle-orm';
import { mailOutbox } from '../../db/schema/index.js';
import type { Db } from '../db/database.js';

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html?: string | undefined;
  applicationId?: string | undefined;
}

export async function insertMail(db: Db, mail: OutgoingMail, status: 'outbox' | 'sending') {
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
