import { formatDuration } from '@convo/domain';
import type { Db } from '../../platform/db/database.js';
import { enqueue, type JobHandler } from '../../platform/jobs/job-queue.js';
import { insertMail } from '../../platform/mail/outbox-repository.js';
import { digestPlanned, digestRecipients } from './digest-repository.js';
import * as repo from './repository.js';
import { scopeOf } from './service.js';

// The weekly e-mail digest (issue 18): every Monday at 08:00 UTC, each administrator who chose it
// in their notification preferences gets last week's figures through the mail outbox. One job per
// week: it writes the week's mails and plans the next week's job in one transaction.

export const DIGEST_QUEUE = 'analytics.weekly-digest';
const DAY = 86_400_000;
const WEEK = 7 * DAY;
/** Sent at 08:00 UTC the Monday after the week it reports. */
const SEND_DELAY = WEEK + 8 * 3_600_000;

/** Monday 00:00 UTC of the week holding `at`. */
export function weekStartOf(at: number): number {
  const day = Math.floor(at / DAY) * DAY;
  const isoWeekday = ((new Date(day).getUTCDay() + 6) % 7) + 1;
  return day - (isoWeekday - 1) * DAY;
}

function nextJob(weekStart: number) {
  return {
    queue: DIGEST_QUEUE,
    applicationId: null,
    payload: { weekStart },
    runAt: new Date(weekStart + SEND_DELAY),
    maxAttempts: 3,
  };
}

/** Plans this week's digest unless one is planned already (called when the worker starts). */
export async function planWeeklyDigest(db: Db, now = Date.now()): Promise<void> {
  if (await digestPlanned(db, DIGEST_QUEUE)) return;
  await enqueue(db, nextJob(weekStartOf(now)));
}

/** The mail's text: the week's conversation figures and CSAT, as on /dashboard. */
export function digestText(
  day: (ms: number) => string,
  weekStart: number,
  f: repo.FigureRow,
  csat: { total: number; average: number | null },
): string {
  const time = (ms: number | null) => (ms === null ? '—' : formatDuration(Math.round(ms / 1000)));
  return [
    `Your support week from ${day(weekStart)} to ${day(weekStart + WEEK - DAY)} (UTC):`,
    '',
    `New conversations: ${f.new_count}`,
    `Still open: ${f.open_count}`,
    `Resolved: ${f.resolved_count}`,
    `Average first response: ${time(f.avg_first_response_ms)}`,
    `Average resolution: ${time(f.avg_resolution_ms)}`,
    `CSAT ratings: ${csat.total}${csat.average === null ? '' : `, average ${Math.round(csat.average * 100) / 100} / 5`}`,
    '',
    'You receive this because you chose the weekly digest in your notification preferences.',
  ].join('\n');
}

export function digestJobHandler(deps: { db: Db }): JobHandler {
  return async (job) => {
    const weekStart = Number(job.payload.weekStart);
    if (!Number.isFinite(weekStart)) return;
    const from = new Date(weekStart);
    const to = new Date(weekStart + WEEK);
    const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);
    const recipients = await digestRecipients(deps.db);
    const byApplication = new Map<string, string[]>();
    for (const r of recipients)
      byApplication.set(r.application_id, [...(byApplication.get(r.application_id) ?? []), r.email]);
    const mails: { to: string; subject: string; text: string; applicationId: string }[] = [];
    for (const [applicationId, emails] of byApplication) {
      const scope = await scopeOf(deps.db, applicationId, {});
      const [figures] = await repo.conversationFigures(deps.db, scope, { from, to, timeZone: 'UTC' });
      const csat = await repo.csatSummary(deps.db, scope, from, to);
      if (!figures) continue;
      const text = digestText(day, weekStart, figures, csat);
      for (const to of emails) {
        mails.push({ to, subject: `Weekly digest: week of ${day(weekStart)}`, text, applicationId });
      }
    }
    await deps.db.transaction(async (tx) => {
      for (const mail of mails) await insertMail(tx, mail, 'queued');
      await enqueue(tx, nextJob(weekStart + WEEK));
    });
  };
}
