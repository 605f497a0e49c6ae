import type {
  AnalyticsCsat,
  AnalyticsFigures,
  AnalyticsOverview,
  BotsOverview,
  InsightAnswer,
  Insights,
  ReportExport,
  ReportFigures,
  ReportKind,
  ReportMetric,
  TeammateLogin,
} from '@convo/api';
import {
  type AnalyticsAudience,
  type AnalyticsGranularity,
  analyticsRangeProblem,
  bucketsBetween,
  DASHBOARD_PAGE_SIZE,
  isPublicMailDomain,
  loginSummary,
  type PresenceState,
  percentChange,
  previousPeriod,
} from '@convo/domain';
import type { AuthContext } from '../../http/auth.js';
import { badRequest, notFound } from '../../http/errors.js';
import type { Db } from '../../platform/db/database.js';
import { enqueue } from '../../platform/jobs/job-queue.js';
import { checkTimezone } from '../stats/index.js';
import { findTeam, requireMember } from '../teams/index.js';
import { businessHoursOf, findChatWidgetSettingsOrDefaults } from '../widget-settings/index.js';
import * as insightsRepo from './insights-repository.js';
import * as repo from './repository.js';

// The /dashboard figures, its tables and the report exports (SPEC §2 dashboard analytics, §3 CSAT
// and teammate login tables, §7 report download). Ranges are checked by the domain's rules and the
// caller's application fixes every query; section privileges are the routes'.

export const REPORT_QUEUE = 'analytics.report';

interface RangeInput {
  from: number;
  to: number;
  timeZone: string;
}

/** The range as dates, or a 400 saying what is wrong with it. */
export async function checkedRange(db: Db, q: RangeInput) {
  const problem = analyticsRangeProblem(q.from, q.to, q.timeZone);
  if (problem) throw badRequest('INVALID_PARAMETER', problem);
  const timeZone = await checkTimezone(db, q.timeZone);
  return { from: new Date(q.from), to: new Date(q.to), timeZone };
}

interface ScopeInput {
  audience?: AnalyticsAudience | undefined;
  teamId?: string | undefined;
  channel?: string | undefined;
  insideBusinessHours?: boolean | undefined;
}

/** The filters as a repository scope: an unknown team is a 400 (it is a filter, not a resource). */
export async function scopeOf(db: Db, applicationId: string, q: ScopeInput): Promise<repo.ConversationScope> {
  let teamId: string | undefined;
  if (q.teamId !== undefined) {
    const team = await findTeam(db, applicationId, q.teamId);
    if (!team) throw badRequest('INVALID_PARAMETER', `Unknown team: ${q.teamId}.`);
    teamId = team.id;
  }
  const hours = q.insideBusinessHours
    ? businessHoursOf(await findChatWidgetSettingsOrDefaults(db, applicationId))
    : null;
  // The company's own domains: those of its members' addresses, except public mail providers.
  const companyDomains = (await repo.memberEmailDomains(db, applicationId)).filter(
    (d) => !isPublicMailDomain(d),
  );
  return {
    applicationId,
    teamId,
    channel: q.channel,
    audience: q.audience ?? 'all',
    businessHours: hours?.enabled ? hours : undefined,
    companyDomains,
  };
}

const seconds = (ms: number | null) => (ms === null ? null : Math.round(ms / 1000));

function figuresOf(row: repo.FigureRow | undefined): AnalyticsFigures {
  return {
    newConversations: row?.new_count ?? 0,
    openConversations: row?.open_count ?? 0,
    resolvedConversations: row?.resolved_count ?? 0,
    avgFirstResponseSeconds: seconds(row?.avg_first_response_ms ?? null),
    avgResolutionSeconds: seconds(row?.avg_resolution_ms ?? null),
  };
}

export interface OverviewInput extends RangeInput, ScopeInput {
  granularity: AnalyticsGranularity;
}

/** The dashboard's figures for the range, per day or week, and the previous period's. */
export async function overview(db: Db, caller: AuthContext, q: OverviewInput): Promise<AnalyticsOverview> {
  requireMember(caller);
  const range = await checkedRange(db, q);
  const scope = await scopeOf(db, caller.applicationId, q);
  const prev = previousPeriod(q.from, q.to);
  const [rows, previousRows, channels] = await Promise.all([
    repo.conversationFigures(db, scope, { ...range, granularity: q.granularity }),
    repo.conversationFigures(db, scope, {
      from: new Date(prev.from),
      to: new Date(prev.to),
      timeZone: range.timeZone,
    }),
    repo.channelsOf(db, caller.applicationId),
  ]);
  const current = figuresOf(rows.find((r) => r.bucket === null));
  const previous = figuresOf(previousRows[0]);
  const byBucket = new Map(rows.filter((r) => r.bucket !== null).map((r) => [r.bucket, r]));
  const change = Object.fromEntries(
    (Object.keys(current) as (keyof AnalyticsFigures)[]).map((k) => [
      k,
      percentChange(current[k], previous[k]),
    ]),
  );
  return {
    from: q.from,
    to: q.to,
    timeZone: range.timeZone,
    current,
    previous,
    change,
    series: bucketsBetween(q.from, q.to, range.timeZone, q.granularity).map((bucket) => {
      const f = figuresOf(byBucket.get(bucket));
      return {
        bucket,
        newConversations: f.newConversations,
        resolvedConversations: f.resolvedConversations,
        avgFirstResponseSeconds: f.avgFirstResponseSeconds,
        avgResolutionSeconds: f.avgResolutionSeconds,
      };
    }),
    channels,
  };
}

/** The CSAT table: ratings given in range, newest first, 10 a page, with their count and average. */
export async function csat(
  db: Db,
  caller: AuthContext,
  q: RangeInput & { page: number },
): Promise<AnalyticsCsat> {
  requireMember(caller);
  const range = await checkedRange(db, q);
  const scope = await scopeOf(db, caller.applicationId, {});
  const [summary, rows] = await Promise.all([
    repo.csatSummary(db, scope, range.from, range.to),
    repo.csatRows(db, scope, range.from, range.to, {
      limit: DASHBOARD_PAGE_SIZE,
      offset: (q.page - 1) * DASHBOARD_PAGE_SIZE,
    }),
  ]);
  const round = (v: number | null) => (v === null ? null : Math.round(v * 100) / 100);
  // The headline average is the new scale's unless the range only holds old-scale ratings.
  const scale = summary.averages.new === null && summary.averages.old !== null ? 'old' : 'new';
  return {
    scale,
    total: summary.total,
    average: round(summary.averages[scale]),
    averages: { old: round(summary.averages.old), new: round(summary.averages.new) },
    levels: summary.levels,
    page: q.page,
    pageSize: DASHBOARD_PAGE_SIZE,
    rows: rows.map((r) => ({
      conversationId: r.conversation_id,
      name: r.name,
      assignee: r.assignee,
      rating: r.rating,
      scale: r.scale,
      comment: r.comment,
      date: new Date(r.rated_at).getTime(),
    })),
  };
}

/** Teammate login tables: per human member, time online and away in range, split by local day. */
export async function teammateLogins(
  db: Db,
  caller: AuthContext,
  q: RangeInput,
  now = Date.now(),
): Promise<{ timeZone: string; agents: TeammateLogin[] }> {
  requireMember(caller);
  const range = await checkedRange(db, q);
  const { members, changes } = await repo.presenceOfMembers(db, caller.applicationId, range.from, range.to);
  const byUser = new Map<string, { before: PresenceState; changes: repo.PresenceRow[] }>();
  for (const c of changes) {
    const entry = byUser.get(c.user_id) ?? { before: 'offline' as PresenceState, changes: [] };
    if (c.at < q.from) entry.before = c.state;
    else entry.changes.push(c);
    byUser.set(c.user_id, entry);
  }
  return {
    timeZone: range.timeZone,
    agents: members.map((m) => {
      const entry = byUser.get(m.id);
      const summary = loginSummary(entry?.before ?? 'offline', entry?.changes ?? [], {
        from: q.from,
        to: q.to,
        now,
        timeZone: range.timeZone,
      });
      return { userId: m.user_id, agent: m.name, ...summary };
    }),
  };
}

/** The bots overview and their answers' feedback in range. */
export async function bots(db: Db, caller: AuthContext, q: RangeInput): Promise<BotsOverview> {
  requireMember(caller);
  const range = await checkedRange(db, q);
  const rows = await repo.botsOverview(db, caller.applicationId, range.from, range.to);
  return {
    bots: rows.map((r) => ({
      botId: r.bot_id,
      name: r.name,
      conversations: r.conversations,
      handedOff: r.handed_off,
      answers: r.answers,
      fallbacks: r.fallbacks,
      helpful: r.helpful,
      notHelpful: r.not_helpful,
      secondsSaved: r.seconds_saved,
      llmCapped: r.llm_capped,
    })),
  };
}

/**
 * The five suggested questions of SPEC §2 answered from the range's data: busiest hour of the
 * week, slowest first response by team, most common tags, bot answer rate and top fallbacks, and
 * the CSAT trend by week. The company's own people are left out as in the figures.
 */
export async function insights(
  db: Db,
  caller: AuthContext,
  q: RangeInput,
  now = Date.now(),
): Promise<Insights> {
  requireMember(caller);
  const range = await checkedRange(db, q);
  const scope = await scopeOf(db, caller.applicationId, {});
  const [busiest, teams, tags, botAnswers, csatWeeks] = await Promise.all([
    insightsRepo.busiestHour(db, scope, range),
    insightsRepo.teamsBySlowestFirstResponse(db, scope, range),
    insightsRepo.topTags(db, scope, range),
    insightsRepo.botAnswerFigures(db, caller.applicationId, range),
    insightsRepo.csatByWeek(db, scope, range),
  ]);
  const first = csatWeeks[0];
  const last = csatWeeks[csatWeeks.length - 1];
  const answers: InsightAnswer[] = [
    {
      question: 'busiest-hour',
      weekday: busiest?.weekday ?? null,
      hour: busiest?.hour ?? null,
      conversations: busiest?.conversations ?? 0,
    },
    { question: 'slowest-team', teams },
    { question: 'top-tags', tags },
    {
      question: 'bot-answers',
      ...botAnswers,
      answerRate:
        botAnswers.answers === 0
          ? null
          : Math.round(((botAnswers.answers - botAnswers.fallbacks) / botAnswers.answers) * 1000) / 10,
    },
    {
      question: 'csat-trend',
      weeks: csatWeeks,
      change:
        first && last && csatWeeks.length > 1 ? Math.round((last.average - first.average) * 100) / 100 : null,
    },
  ];
  return { from: q.from, to: q.to, timeZone: range.timeZone, answeredAt: now, answers };
}

// ---- Report exports --------------------------------------------------------------------------------

function reportView(row: Omit<repo.ReportExportRow, 'csv'>): ReportExport {
  return {
    id: row.id,
    kind: row.kind as ReportKind,
    from: row.rangeFrom.getTime(),
    to: row.rangeTo.getTime(),
    timeZone: row.timeZone,
    status: row.status as ReportExport['status'],
    progress: row.progress,
    rowCount: row.rowCount,
    error: row.error,
    createdAt: row.createdAt.getTime(),
  };
}

/** Asks for a report: the row and its job are written together; the worker makes the CSV. */
export async function requestReport(
  db: Db,
  caller: AuthContext,
  input: RangeInput & { kind: ReportKind },
): Promise<ReportExport> {
  requireMember(caller);
  const range = await checkedRange(db, input);
  return db.transaction(async (tx) => {
    const row = await repo.insertReportExport(tx, {
      applicationId: caller.applicationId,
      requestedById: caller.userId,
      kind: input.kind,
      rangeFrom: range.from,
      rangeTo: range.to,
      timeZone: range.timeZone,
    });
    await enqueue(tx, {
      queue: REPORT_QUEUE,
      applicationId: caller.applicationId,
      payload: { exportId: row.id },
      maxAttempts: 3,
    });
    return reportView(row);
  });
}

export async function getReport(db: Db, caller: AuthContext, id: string): Promise<ReportExport> {
  requireMember(caller);
  const row = await repo.findReportExport(db, caller.applicationId, id);
  if (!row) throw notFound('Report not found.');
  return reportView(row);
}

export async function listReports(db: Db, caller: AuthContext): Promise<ReportExport[]> {
  requireMember(caller);
  return (await repo.listReportExports(db, caller.applicationId)).map(reportView);
}

/** The finished report's file name and CSV; 409 while it is being made. */
export async function reportFile(db: Db, caller: AuthContext, id: string) {
  requireMember(caller);
  const row = await repo.findReportExport(db, caller.applicationId, id);
  if (!row) throw notFound('Report not found.');
  if (row.status !== 'done' || row.csv === null) {
    throw badRequest('REPORT_NOT_READY', 'The report is not ready yet.');
  }
  const day = (d: Date) => d.toISOString().slice(0, 10);
  return { fileName: `${row.kind}-report-${day(row.rangeFrom)}-${day(row.rangeTo)}.csv`, csv: row.csv };
}

// ---- Report figures (/reports on screen) -----------------------------------------------------------

/** Past this many days a report's rows are weeks, so a year reads as 53 rows rather than 365. */
export const REPORT_DAY_ROWS_MAX_DAYS = 92;
const DAY_MS = 86_400_000;

type MetricValues = Partial<Record<ReportMetric, number | null>>;

const groupedRowsBy = { agents: 'agent', teams: 'team', channels: 'channel' } as const;
const GROUPED_COLUMNS: ReportMetric[] = [
  'newConversations',
  'resolvedConversations',
  'avgFirstResponseSeconds',
  'avgResolutionSeconds',
  'ratings',
  'avgRating',
];
const BOT_COLUMNS: ReportMetric[] = [
  'conversations',
  'handedOff',
  'answers',
  'fallbacks',
  'helpful',
  'notHelpful',
  'secondsSaved',
];

const totalsOf = (columns: ReportMetric[], values: MetricValues) =>
  columns.map((metric) => ({ metric, value: values[metric] ?? null }));
const sumOf = <T>(rows: T[], pick: (r: T) => number) => rows.reduce((n, r) => n + pick(r), 0);

/**
 * One report's figures for the range, from the same queries as its CSV: conversations and CSAT
 * per local day (week past 92 days) with the range's totals; agents, teams and channels per group
 * with the range's conversation totals; bots per bot with their sums.
 */
export async function reportFigures(
  db: Db,
  caller: AuthContext,
  q: RangeInput & { kind: ReportKind },
): Promise<ReportFigures> {
  requireMember(caller);
  const range = await checkedRange(db, q);
  const base = { kind: q.kind, from: q.from, to: q.to, timeZone: range.timeZone };
  const granularity: AnalyticsGranularity =
    q.to - q.from > REPORT_DAY_ROWS_MAX_DAYS * DAY_MS ? 'week' : 'day';
  const buckets = bucketsBetween(q.from, q.to, range.timeZone, granularity);
  const scope = await scopeOf(db, caller.applicationId, {});

  switch (q.kind) {
    case 'conversations': {
      const rows = await repo.conversationFigures(db, scope, { ...range, granularity });
      const total = figuresOf(rows.find((r) => r.bucket === null));
      const byBucket = new Map(rows.filter((r) => r.bucket !== null).map((r) => [r.bucket, r]));
      const columns = GROUPED_COLUMNS.slice(0, 4);
      return {
        ...base,
        rowsBy: granularity,
        columns,
        chart: { type: 'bars', series: ['newConversations', 'resolvedConversations'] },
        totals: totalsOf(columns, total),
        rows: buckets.map((key) => {
          const f = figuresOf(byBucket.get(key));
          return {
            key,
            values: {
              newConversations: f.newConversations,
              resolvedConversations: f.resolvedConversations,
              avgFirstResponseSeconds: f.avgFirstResponseSeconds,
              avgResolutionSeconds: f.avgResolutionSeconds,
            },
          };
        }),
      };
    }
    case 'csat': {
      const [summary, rows] = await Promise.all([
        repo.csatSummary(db, scope, range.from, range.to),
        repo.csatByBucket(db, scope, { ...range, granularity }),
      ]);
      const byBucket = new Map(rows.map((r) => [r.bucket, r]));
      const columns: ReportMetric[] = ['ratings', 'avgRating', 'great', 'average', 'poor'];
      const round = (v: number | null) => (v === null ? null : Math.round(v * 100) / 100);
      return {
        ...base,
        rowsBy: granularity,
        columns,
        chart: { type: 'bars', series: ['great', 'average', 'poor'] },
        totals: totalsOf(columns, {
          ratings: summary.total,
          // The new scale's average, as the dashboard's (old-scale ratings are never mixed in).
          avgRating: round(summary.averages.new),
          ...summary.levels,
        }),
        rows: buckets.map((key) => {
          const r = byBucket.get(key);
          return {
            key,
            values: {
              ratings: r?.ratings ?? 0,
              avgRating: r?.avg_rating ?? null,
              great: r?.great ?? 0,
              average: r?.average ?? 0,
              poor: r?.poor ?? 0,
            },
          };
        }),
      };
    }
    case 'agents':
    case 'teams':
    case 'channels': {
      const [groups, figures, ratings] = await Promise.all([
        repo.groupedReport(db, scope, range, q.kind),
        repo.conversationFigures(db, scope, range),
        repo.csatSummary(db, scope, range.from, range.to),
      ]);
      const total = figuresOf(figures[0]);
      return {
        ...base,
        rowsBy: groupedRowsBy[q.kind],
        columns: GROUPED_COLUMNS,
        chart: { type: 'bars', series: ['newConversations', 'resolvedConversations'] },
        totals: totalsOf(GROUPED_COLUMNS, {
          ...total,
          ratings: sumOf(groups, (g) => g.ratings),
          avgRating: ratings.averages.new === null ? null : Math.round(ratings.averages.new * 100) / 100,
        }),
        rows: groups.map((g) => ({
          key: g.key,
          values: {
            newConversations: g.new_count,
            resolvedConversations: g.resolved_count,
            avgFirstResponseSeconds: g.avg_first_response_seconds,
            avgResolutionSeconds: g.avg_resolution_seconds,
            ratings: g.ratings,
            avgRating: g.avg_rating,
          },
        })),
      };
    }
    case 'bots': {
      const rows = await repo.botsOverview(db, caller.applicationId, range.from, range.to);
      const values = rows.map((r) => ({
        conversations: r.conversations,
        handedOff: r.handed_off,
        answers: r.answers,
        fallbacks: r.fallbacks,
        helpful: r.helpful,
        notHelpful: r.not_helpful,
        secondsSaved: r.seconds_saved,
      }));
      return {
        ...base,
        rowsBy: 'bot',
        columns: BOT_COLUMNS,
        chart: { type: 'bars', series: ['conversations', 'answers', 'handedOff'] },
        totals: totalsOf(
          BOT_COLUMNS,
          Object.fromEntries(BOT_COLUMNS.map((m) => [m, sumOf(values, (v) => v[m as keyof typeof v])])),
        ),
        rows: rows.map((r, i) => ({ key: r.name, values: values[i] ?? {} })),
      };
    }
  }
}
