import type { ErrorReport, ErrorReportFeedbackRequest, ErrorReportRequest } from '@convo/api';
import { APPLICATION } from '@convo/domain';
import type { AuthContext } from '../../http/auth.js';
import { notFound } from '../../http/errors.js';
import { authorize } from '../../http/policy.js';
import type { Db } from '../../platform/db/database.js';
import { enqueue } from '../../platform/jobs/job-queue.js';
import { ERROR_REPORT_FORWARD_QUEUE } from './forward.js';
import * as repo from './repository.js';

// Error reports of the dashboard (SPEC §8): stored per application with the member who hit them;
// the feedback of the error screen joins its event; the workspace's admins read the list.

/** How many reports the list shows (newest first). */
export const ERROR_REPORT_LIST_LIMIT = 200;

/**
 * Stores the report; with `forward` (SENTRY_DSN set) a job forwards it, in the same transaction, so
 * a stored report is always forwarded and a retried send is forwarded once.
 */
export async function report(
  db: Db,
  caller: AuthContext,
  body: ErrorReportRequest,
  forward: boolean,
): Promise<{ eventId: string }> {
  await db.transaction(async (tx) => {
    const isNew = await repo.insertReport(tx, {
      eventId: body.eventId,
      applicationId: caller.applicationId,
      userId: caller.userId,
      release: body.release,
      kind: body.kind,
      name: body.name,
      message: body.message,
      stack: body.stack ?? null,
      url: body.url,
    });
    if (isNew && forward) {
      await enqueue(tx, {
        queue: ERROR_REPORT_FORWARD_QUEUE,
        applicationId: caller.applicationId,
        payload: { eventId: body.eventId },
      });
    }
  });
  return { eventId: body.eventId };
}

export async function addFeedback(
  db: Db,
  caller: AuthContext,
  eventId: string,
  body: ErrorReportFeedbackRequest,
): Promise<{ eventId: string }> {
  const saved = await repo.setFeedback(
    db,
    { applicationId: caller.applicationId, userId: caller.userId, eventId },
    { comments: body.comments, email: body.email ?? null },
  );
  if (!saved) throw notFound('No such error report, or its feedback was already sent.');
  return { eventId };
}

export async function list(db: Db, caller: AuthContext): Promise<ErrorReport[]> {
  authorize(caller, 'application.administer', APPLICATION);
  const rows = await repo.listReports(db, caller.applicationId, ERROR_REPORT_LIST_LIMIT);
  return rows.map(({ report: r, userName }) => ({
    eventId: r.eventId,
    release: r.release,
    kind: r.kind,
    name: r.name,
    message: r.message,
    stack: r.stack,
    url: r.url,
    userName,
    feedback:
      r.feedbackComments !== null && r.feedbackAt !== null
        ? { comments: r.feedbackComments, email: r.feedbackEmail, at: r.feedbackAt.getTime() }
        : null,
    createdAt: r.createdAt.getTime(),
  }));
}
