import { and, desc, eq, isNull } from 'drizzle-orm';
import { errorReports, users } from '../../db/schema/index.js';
import type { Db } from '../../platform/db/database.js';

// The only place error reports are read or written; every query names the application.

export type ErrorReportInsert = Omit<typeof errorReports.$inferInsert, 'id' | 'createdAt'>;

/** Stores the report once per event (a retried send changes nothing); true when it was new. */
export async function insertReport(db: Db, row: ErrorReportInsert): Promise<boolean> {
  const rows = await db
    .insert(errorReports)
    .values(row)
    .onConflictDoNothing()
    .returning({ id: errorReports.id });
  return rows.length > 0;
}

/** The feedback is written once, to the caller's own event; false when there is no such event. */
export async function setFeedback(
  db: Db,
  where: { applicationId: string; userId: string; eventId: string },
  feedback: { comments: string; email: string | null },
): Promise<boolean> {
  const rows = await db
    .update(errorReports)
    .set({ feedbackComments: feedback.comments, feedbackEmail: feedback.email, feedbackAt: new Date() })
    .where(
      and(
        eq(errorReports.applicationId, where.applicationId),
        eq(errorReports.userId, where.userId),
        eq(errorReports.eventId, where.eventId),
        isNull(errorReports.feedbackAt),
      ),
    )
    .returning({ id: errorReports.id });
  return rows.length > 0;
}

export async function listReports(db: Db, applicationId: string, limit: number) {
  return db
    .select({ report: errorReports, userName: users.userId })
    .from(errorReports)
    .leftJoin(users, eq(users.id, errorReports.userId))
    .where(eq(errorReports.applicationId, applicationId))
    .orderBy(desc(errorReports.createdAt))
    .limit(limit);
}

export async function findReport(db: Db, applicationId: string, eventId: string) {
  const [row] = await db
    .select()
    .from(errorReports)
    .where(and(eq(errorReports.applicationId, applicationId), eq(errorReports.eventId, eventId)));
  return row;
}
