import { digestWeekAt, isKnownTimeZone, isSupportedLanguage } from '@convo/domain';
import type { Db } from '../../platform/db/database.js';
import { enqueue, type JobHandler } from '../../platform/jobs/job-queue.js';
import { insertMail } from '../../platform/mail/outbox-repository.js';
import { digestPlanned, digestRecipients } from './digest-repository.js';
import { digestMail } from './digest-text.js';
import * as repo from './repository.js';
import { scopeOf } from './service.js';

// The weekly e-mail digest (issue 18): each administrator who chose it in their notification
// preferences gets, on Monday at 08:00 in their own time zone (profile; UTC when none), the
// figures of their local week before (Monday to Sunday), in their dashboard language, through the
// mail outbox. One job an hour checks who is due; it writes their mails and plans the next hour's
// check in one transaction.

export const DIGEST_QUEUE = 'analytics.weekly-digest';
const HOUR = 3_600_000;

/** The start of the hour after `at` (when the next check runs). */
export function nextHourAfter(at: number): number {
  return Math.floor(at / HOUR) * HOUR + HOUR;
}

function checkJob(at: number) {
  return {
    queue: DIGEST_QUEUE,
    applicationId: null,
    payload: { at },
    runAt: new Date(at),
    maxAttempts: 3,
  };
}

/** Plans the next hourly check unless one is planned already (called when the worker starts). */
export async function planWeeklyDigest(db: Db, now = Date.now()): Promise<void> {
  if (await digestPlanned(db, DIGEST_QUEUE)) return;
  await enqueue(db, checkJob(nextHourAfter(now)));
}

export function digestJobHandler(deps: { db: Db; now?: () => number }): JobHandler {
  return async (job) => {
    const at = Number(job.payload.at);
    // A job planned by an older version (payload weekStart) hands over to the hourly checks.
    if (!Number.isFinite(at)) {
      await enqueue(deps.db, checkJob(nextHourAfter(deps.now?.() ?? Date.now())));
      return;
    }
    const mails: { to: string; subject: string; text: string; applicationId: string }[] = [];
    // One application's figures per local week asked (recipients may share a zone).
    const figures = new Map<string, Promise<Omit<Parameters<typeof digestMail>[0], 'language'>>>();
    for (const r of await digestRecipients(deps.db)) {
      const timeZone = r.time_zone && isKnownTimeZone(r.time_zone) ? r.time_zone : 'UTC';
      const week = digestWeekAt(at, timeZone);
      if (!week) continue;
      const key = `${r.application_id} ${timeZone}`;
      let content = figures.get(key);
      if (!content) {
        content = (async () => {
          const scope = await scopeOf(deps.db, r.application_id, {});
          const range = { from: new Date(week.from), to: new Date(week.to), timeZone };
          const [[row], csat] = await Promise.all([
            repo.conversationFigures(deps.db, scope, range),
            repo.csatSummary(deps.db, scope, range.from, range.to),
          ]);
          return { timeZone, firstDay: week.firstDay, lastDay: week.lastDay, figures: row!, csat };
        })();
        figures.set(key, content);
      }
      const language = isSupportedLanguage(r.language) ? r.language : 'en';
      const mail = digestMail({ ...(await content), language });
      mails.push({ to: r.email, ...mail, applicationId: r.application_id });
    }
    await deps.db.transaction(async (tx) => {
      for (const mail of mails) await insertMail(tx, mail, 'queued');
      await enqueue(tx, checkJob(at + HOUR));
    });
  };
}
