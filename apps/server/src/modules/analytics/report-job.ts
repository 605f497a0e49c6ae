import type { ReportKind } from '@convo/api';
import { csvLine } from '@convo/domain';
import type { Db } from '../../platform/db/database.js';
import { type JobHandler, PermanentJobError } from '../../platform/jobs/job-queue.js';
import * as repo from './repository.js';
import { scopeOf } from './service.js';

// The worker's side of report download (SPEC §7): makes the CSV of a requested export, page by
// page, writing its progress as it goes so the /reports page can show a bar for large exports.

/** Rows read per page of a long report (conversations, CSAT). */
export const REPORT_PAGE_ROWS = 2000;

type Progress = (done: number, total: number) => Promise<void>;

interface ReportRange {
  from: Date;
  to: Date;
  timeZone: string;
}

const CONVERSATION_HEADER = [
  'conversationId',
  'name',
  'customer',
  'assignee',
  'team',
  'channel',
  'status',
  'createdAt',
  'resolvedAt',
  'firstResponseSeconds',
  'resolutionSeconds',
  'rating',
  'ratingScale',
];

const GROUPED_HEADER = [
  'newConversations',
  'resolvedConversations',
  'avgFirstResponseSeconds',
  'avgResolutionSeconds',
  'ratings',
  'avgRating',
];

async function conversationsCsv(
  db: Db,
  scope: repo.ConversationScope,
  range: ReportRange,
  progress: Progress,
) {
  const total = await repo.countConversationsStarted(db, scope, range.from, range.to);
  const lines = [csvLine(CONVERSATION_HEADER)];
  let afterId = 0;
  for (;;) {
    const page = await repo.conversationReportPage(db, scope, range, afterId, REPORT_PAGE_ROWS);
    for (const r of page) {
      lines.push(
        csvLine([
          r.id,
          r.name,
          r.customer,
          r.assignee,
          r.team,
          r.channel,
          r.status,
          r.created,
          r.resolved,
          r.first_response_seconds,
          r.resolution_seconds,
          r.rating,
          r.rating_scale,
        ]),
      );
    }
    const last = page.at(-1);
    if (!last || page.length < REPORT_PAGE_ROWS) break;
    afterId = last.id;
    await progress(lines.length - 1, total);
  }
  return { csv: lines.join(''), rows: lines.length - 1 };
}

async function csatCsv(db: Db, scope: repo.ConversationScope, range: ReportRange, progress: Progress) {
  const { total } = await repo.csatSummary(db, scope, range.from, range.to);
  const lines = [csvLine(['conversationId', 'name', 'assignee', 'rating', 'scale', 'comment', 'date'])];
  let afterConversationId = 0;
  for (;;) {
    const page = await repo.csatRows(db, scope, range.from, range.to, {
      limit: REPORT_PAGE_ROWS,
      afterConversationId,
    });
    for (const r of page) {
      lines.push(
        csvLine([
          r.conversation_id,
          r.name,
          r.assignee,
          r.rating,
          r.scale,
          r.comment,
          new Date(r.rated_at).toISOString(),
        ]),
      );
    }
    const last = page.at(-1);
    if (!last || page.length < REPORT_PAGE_ROWS) break;
    afterConversationId = last.conversation_id;
    await progress(lines.length - 1, total);
  }
  return { csv: lines.join(''), rows: lines.length - 1 };
}

async function groupedCsv(
  db: Db,
  scope: repo.ConversationScope,
  range: ReportRange,
  by: 'agents' | 'teams' | 'channels',
) {
  const rows = await repo.groupedReport(db, scope, range, by);
  const first = by === 'agents' ? 'agent' : by === 'teams' ? 'team' : 'channel';
  const lines = [csvLine([first, ...GROUPED_HEADER])];
  for (const r of rows) {
    lines.push(
      csvLine([
        r.key,
        r.new_count,
        r.resolved_count,
        r.avg_first_response_seconds,
        r.avg_resolution_seconds,
        r.ratings,
        r.avg_rating,
      ]),
    );
  }
  return { csv: lines.join(''), rows: rows.length };
}

async function botsCsv(db: Db, applicationId: string, range: ReportRange) {
  const rows = await repo.botsOverview(db, applicationId, range.from, range.to);
  const lines = [
    csvLine([
      'bot',
      'conversations',
      'handedOff',
      'answers',
      'fallbacks',
      'helpful',
      'notHelpful',
      'secondsSaved',
      'llmCapped',
    ]),
  ];
  for (const r of rows) {
    lines.push(
      csvLine([
        r.name,
        r.conversations,
        r.handed_off,
        r.answers,
        r.fallbacks,
        r.helpful,
        r.not_helpful,
        r.seconds_saved,
        r.llm_capped,
      ]),
    );
  }
  return { csv: lines.join(''), rows: rows.length };
}

/** Builds one report's CSV (also used by the bench to time a large export). */
export async function buildReportCsv(
  db: Db,
  applicationId: string,
  kind: ReportKind,
  range: ReportRange,
  progress: Progress = async () => {},
): Promise<{ csv: string; rows: number }> {
  const scope = await scopeOf(db, applicationId, {});
  switch (kind) {
    case 'conversations':
      return conversationsCsv(db, scope, range, progress);
    case 'csat':
      return csatCsv(db, scope, range, progress);
    case 'agents':
    case 'teams':
    case 'channels':
      return groupedCsv(db, scope, range, kind);
    case 'bots':
      return botsCsv(db, applicationId, range);
  }
}

/** The `analytics.report` queue's handler. */
export function reportJobHandler(deps: { db: Db }): JobHandler {
  return async (job) => {
    const exportId = job.payload.exportId;
    if (typeof exportId !== 'string' || !job.applicationId) throw new PermanentJobError('bad report job');
    const row = await repo.findReportExport(deps.db, job.applicationId, exportId);
    if (!row) throw new PermanentJobError('report export gone');
    await repo.updateReportExport(deps.db, row.id, { status: 'running', progress: 0 });
    try {
      const { csv, rows } = await buildReportCsv(
        deps.db,
        job.applicationId,
        row.kind as ReportKind,
        { from: row.rangeFrom, to: row.rangeTo, timeZone: row.timeZone },
        (done, total) =>
          repo.updateReportExport(deps.db, row.id, {
            progress: total > 0 ? Math.min(99, Math.floor((done / total) * 100)) : 0,
          }),
      );
      await repo.updateReportExport(deps.db, row.id, {
        status: 'done',
        progress: 100,
        rowCount: rows,
        csv,
        finishedAt: new Date(),
      });
    } catch (err) {
      // The last attempt leaves the export failed, so the page stops waiting and says so.
      if (job.attempts >= job.maxAttempts) {
        await repo.updateReportExport(deps.db, row.id, {
          status: 'failed',
          error: 'The report could not be generated.',
          finishedAt: new Date(),
        });
      }
      throw err;
    }
  };
}
