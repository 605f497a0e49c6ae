import type { Stats } from '@convo/api';
import { STATS_MAX_RANGE_DAYS } from '@convo/api';
import { MS_IN_DAY } from '@convo/domain';
import type { AuthContext } from '../../http/auth.js';
import { badRequest, notFound } from '../../http/errors.js';
import type { Db } from '../../platform/db/database.js';
import type { TtlCache } from '../../platform/ttl-cache.js';
import { assignWaiting, type MessagingDeps } from '../conversations/index.js';
import { findTeam, requireAdmin, requireMember } from '../teams/index.js';
import { businessHoursOf, findChatWidgetSettingsOrDefaults } from '../widget-settings/index.js';
import * as repo from './repository.js';

// Conversation statistics (SPEC §7 group/stats, stats/response/average, agent scoreboard) and the
// waiting-queue reassignment. Numbers come from SQL aggregates; group/stats answers are kept in
// memory for 120 s per application and query (SPEC §9).

export interface StatsDeps extends MessagingDeps {
  cache: TtlCache<Stats>;
}

/** Without a start, statistics cover the 30 days before the end (now by default). */
const DEFAULT_RANGE_DAYS = 30;

interface RangeQuery {
  startTime?: number | undefined;
  timestamp?: number | undefined;
  endTime?: number | undefined;
  toTimestamp?: number | undefined;
}

/** The range of a query: startTime (or timestamp) to endTime (or toTimestamp), checked. */
export function resolveRange(q: RangeQuery, now = Date.now()): { start: Date; end: Date } {
  const end = q.endTime ?? q.toTimestamp ?? now;
  const start = q.startTime ?? q.timestamp ?? end - DEFAULT_RANGE_DAYS * MS_IN_DAY;
  if (start >= end) throw badRequest('INVALID_PARAMETER', 'The start time must be before the end time.');
  if (end - start > STATS_MAX_RANGE_DAYS * MS_IN_DAY) {
    throw badRequest('INVALID_PARAMETER', `The time range may cover at most ${STATS_MAX_RANGE_DAYS} days.`);
  }
  return { start: new Date(start), end: new Date(end) };
}

const knownTimezones = new Set<string>(['UTC']);

/** An IANA time zone that both this process and the database understand, else a 400. */
export async function checkTimezone(db: Db, timezone: string): Promise<string> {
  if (knownTimezones.has(timezone)) return timezone;
  let valid = true;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: timezone });
  } catch {
    valid = false;
  }
  if (!valid || !(await repo.isKnownTimezone(db, timezone))) {
    throw badRequest(
      'INVALID_PARAMETER',
      `Unknown time zone: ${timezone}. Use an IANA name such as Europe/Paris.`,
    );
  }
  knownTimezones.add(timezone);
  return timezone;
}

async function teamIdOf(db: Db, applicationId: string, teamId: string | undefined) {
  if (teamId === undefined) return undefined;
  const team = await findTeam(db, applicationId, teamId);
  if (!team) throw notFound('Team not found.');
  return team.id;
}

const roundMs = (v: number | null) => (v === null ? null : Math.round(v));

/** Every calendar day (YYYY-MM-DD) in `timezone` from `start` to `end`, in order. */
export function daysBetween(start: Date, end: Date, timezone: string): string[] {
  const fmt = new Intl.DateTimeFormat('en-CA', {
    timeZone: timezone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  });
  const first = fmt.format(start);
  const last = fmt.format(new Date(end.getTime() - 1));
  const days: string[] = [];
  const [y, m, d] = first.split('-').map(Number) as [number, number, number];
  for (let t = Date.UTC(y, m - 1, d); days.length <= STATS_MAX_RANGE_DAYS + 1; t += MS_IN_DAY) {
    const day = new Date(t).toISOString().slice(0, 10);
    days.push(day);
    if (day >= last) break;
  }
  return days;
}

export interface StatsQueryInput extends RangeQuery {
  applicationId?: string | undefined;
  agentId?: string | undefined;
  teamId?: string | undefined;
  statusList?: number[] | undefined;
  groupBy?: 'day' | undefined;
  daily?: boolean | undefined;
  timezone?: string | undefined;
}

/** The cache key: the application and the query as asked (aliases merged, lists sorted). */
function cacheKey(applicationId: string, q: StatsQueryInput): string {
  return JSON.stringify([
    applicationId,
    q.startTime ?? q.timestamp ?? null,
    q.endTime ?? q.toTimestamp ?? null,
    q.agentId ?? null,
    q.teamId ?? null,
    [...new Set(q.statusList ?? [])].sort((a, b) => a - b),
    q.daily === true || q.groupBy === 'day',
    q.timezone ?? 'UTC',
  ]);
}

/** `group/stats` (v1 and v2): served from memory when asked the same within 120 s. */
export async function conversationStats(
  deps: StatsDeps,
  caller: AuthContext,
  q: StatsQueryInput,
): Promise<{ stats: Stats; cached: boolean }> {
  requireMember(caller);
  if (q.applicationId !== undefined && q.applicationId !== caller.applicationId) {
    throw notFound('Application not found.');
  }
  const { value, hit } = await deps.cache.getOrCompute(cacheKey(caller.applicationId, q), () =>
    computeStats(deps.db, caller.applicationId, q),
  );
  return { stats: value, cached: hit };
}

async function computeStats(db: Db, applicationId: string, q: StatsQueryInput): Promise<Stats> {
  const { start, end } = resolveRange(q);
  const timezone = await checkTimezone(db, q.timezone ?? 'UTC');
  const daily = q.daily === true || q.groupBy === 'day';
  let assigneeId: string | undefined;
  if (q.agentId !== undefined) {
    assigneeId = await repo.findMemberId(db, applicationId, q.agentId);
    if (!assigneeId) throw notFound('Agent not found.');
  }
  const teamId = await teamIdOf(db, applicationId, q.teamId);
  const rows = await repo.conversationStats(db, applicationId, {
    start,
    end,
    assigneeId,
    teamId,
    statuses: q.statusList,
    timezone,
    daily,
  });
  const total = rows.find((r) => r.day === null);
  const stats: Stats = {
    startTime: start.getTime(),
    endTime: end.getTime(),
    timezone,
    newConversations: total?.new_count ?? 0,
    resolved: total?.resolved_count ?? 0,
    byStatus: total?.by_status ?? {},
    avgFirstResponseTime: roundMs(total?.avg_first_response ?? null),
    avgResolutionTime: roundMs(total?.avg_resolution ?? null),
    computedAt: Date.now(),
  };
  if (daily) {
    const zero = Object.fromEntries(Object.keys(stats.byStatus).map((k) => [k, 0]));
    stats.daily = daysBetween(start, end, timezone).map((date) => {
      const r = rows.find((x) => x.day === date);
      return {
        date,
        newConversations: r?.new_count ?? 0,
        resolved: r?.resolved_count ?? 0,
        byStatus: r?.by_status ?? zero,
        avgFirstResponseTime: roundMs(r?.avg_first_response ?? null),
        avgResolutionTime: roundMs(r?.avg_resolution ?? null),
      };
    });
  }
  return stats;
}

/**
 * `stats/response/average`. With insideBusinessHours, only the turns whose first customer message
 * came inside the widget's business hours count (all of them when business hours are off).
 */
export async function responseAverage(
  deps: MessagingDeps,
  caller: AuthContext,
  input: {
    startDate: number;
    endDate: number;
    teamId?: string | undefined;
    insideBusinessHours?: boolean | undefined;
  },
) {
  requireMember(caller);
  const { start, end } = resolveRange({ startTime: input.startDate, endTime: input.endDate });
  const teamId = await teamIdOf(deps.db, caller.applicationId, input.teamId);
  const hours = input.insideBusinessHours
    ? businessHoursOf(await findChatWidgetSettingsOrDefaults(deps.db, caller.applicationId))
    : null;
  const { responses, avgMs } = await repo.responseAverage(deps.db, caller.applicationId, {
    start,
    end,
    teamId,
    askedWithin: hours?.enabled ? hours : undefined,
  });
  return {
    startDate: start.getTime(),
    endDate: end.getTime(),
    averageResponseTime: roundMs(avgMs),
    responses,
  };
}

/** `group/agent/scoreboard`: per agent, open assignments, resolved in range, first response. */
export async function agentScoreboard(
  deps: MessagingDeps,
  caller: AuthContext,
  q: RangeQuery & { teamId?: string | undefined },
) {
  requireMember(caller);
  const { start, end } = resolveRange(q);
  const teamId = await teamIdOf(deps.db, caller.applicationId, q.teamId);
  const rows = await repo.scoreboard(deps.db, caller.applicationId, { start, end, teamId });
  return {
    startTime: start.getTime(),
    endTime: end.getTime(),
    agents: rows.map((r) => ({
      userId: r.user_id,
      displayName: r.display_name,
      roleType: r.role_type,
      status: r.status,
      assignedOpen: r.assigned_open,
      resolved: r.resolved,
      avgFirstResponseTime: roundMs(r.avg_first_response),
    })),
  };
}

/** `group/reassign/waiting/queue`: admins hand out the waiting queue now; how many were assigned. */
export async function reassignWaitingQueue(deps: MessagingDeps, caller: AuthContext) {
  requireAdmin(caller, 'reassign the waiting queue');
  return { assigned: await assignWaiting(deps, caller.applicationId) };
}
