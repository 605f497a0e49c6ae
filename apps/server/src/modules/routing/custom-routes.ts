import type { CustomRoute, CustomRoutingUpsertResult } from '@convo/api';
import { type CustomRouteRow, customRouteRowProblem, parseCustomRouteCsv, USER_STATUS } from '@convo/domain';
import type { AuthContext } from '../../http/auth.js';
import { badRequest } from '../../http/errors.js';
import type { Db } from '../../platform/db/database.js';
import * as repo from './custom-routes-repository.js';

// Custom routing (SPEC §7): a customer's new conversations go to a chosen agent or team. Rows are
// checked one by one (shape, duplicates in the batch, the agent or team of this application);
// the good ones are saved together in one transaction and the others reported by line.

type RowInput = { userId: string; agentId?: string | null | undefined; teamId?: string | null | undefined };
type RowError = CustomRoutingUpsertResult['errors'][number];

const isDisabled = (status: number) => status === USER_STATUS.EXPIRED || status === USER_STATUS.DELETED;

function rowsOf(input: { rows?: RowInput[] | undefined; csv?: string | undefined }): CustomRouteRow[] {
  if (input.csv !== undefined) {
    const parsed = parseCustomRouteCsv(input.csv);
    if (!parsed.ok) throw badRequest('INVALID_PARAMETER', parsed.message, { reason: parsed.code });
    if (parsed.rows.length === 0) throw badRequest('INVALID_PARAMETER', 'The file has no rows.');
    return parsed.rows;
  }
  return (input.rows ?? []).map((r, i) => ({
    line: i + 1,
    userId: r.userId.trim(),
    agentId: r.agentId?.trim() || undefined,
    teamId: r.teamId?.trim() || undefined,
  }));
}

export async function bulkUpsert(
  db: Db,
  caller: AuthContext,
  input: { rows?: RowInput[] | undefined; csv?: string | undefined },
): Promise<CustomRoutingUpsertResult> {
  const rows = rowsOf(input);
  const errors: RowError[] = [];
  const fail = (row: CustomRouteRow, message: string) =>
    errors.push({ line: row.line, userId: row.userId, code: 'INVALID_PARAMETER', message });
  const firstLine = new Map<string, number>();
  const shaped: CustomRouteRow[] = [];
  for (const row of rows) {
    const problem = customRouteRowProblem(row);
    if (problem) {
      fail(row, problem);
      continue;
    }
    const seen = firstLine.get(row.userId);
    if (seen !== undefined) {
      fail(row, `userId ${row.userId} is already routed on line ${seen}`);
      continue;
    }
    firstLine.set(row.userId, row.line);
    shaped.push(row);
  }
  const app = caller.applicationId;
  return db.transaction(async (tx) => {
    const agentIds = [...new Set(shaped.flatMap((r) => (r.agentId ? [r.agentId] : [])))];
    const teamIds = [...new Set(shaped.flatMap((r) => (r.teamId ? [r.teamId] : [])))];
    const [members, teams] = await Promise.all([
      repo.findMembersByUserIds(tx, app, agentIds),
      repo.findTeamsByClientGroupIds(tx, app, teamIds),
    ]);
    const agentByUserId = new Map(members.map((m) => [m.userId, m]));
    const teamByKey = new Map(teams.map((t) => [t.clientGroupId, t]));
    const writes: repo.RouteWrite[] = [];
    for (const row of shaped) {
      if (row.agentId) {
        const agent = agentByUserId.get(row.agentId);
        if (!agent || !repo.ROUTE_TARGET_ROLES.includes(agent.roleType ?? '')) {
          fail(row, `Unknown agent: ${row.agentId}`);
          continue;
        }
        if (isDisabled(agent.status)) {
          fail(row, `Agent ${row.agentId} is deactivated`);
          continue;
        }
        writes.push({ customerUserId: row.userId, agentId: agent.id, teamId: null });
      } else {
        const team = teamByKey.get(row.teamId ?? '');
        if (!team) {
          fail(row, `Unknown team: ${row.teamId}`);
          continue;
        }
        writes.push({ customerUserId: row.userId, agentId: null, teamId: team.id });
      }
    }
    const existing = await repo.existingRouteUserIds(
      tx,
      app,
      writes.map((w) => w.customerUserId),
    );
    await repo.upsertRoutes(tx, app, writes);
    errors.sort((a, b) => a.line - b.line);
    return { created: writes.length - existing.size, updated: existing.size, errors };
  });
}

export async function bulkDelete(db: Db, caller: AuthContext, userIds: readonly string[]) {
  return { deleted: await repo.deleteRoutes(db, caller.applicationId, [...new Set(userIds)]) };
}

export async function list(
  db: Db,
  caller: AuthContext,
  query: { startIndex: number; pageSize: number },
): Promise<{ routes: CustomRoute[]; totalCount: number }> {
  const { rows, total } = await repo.listRoutes(db, caller.applicationId, query.startIndex, query.pageSize);
  return {
    routes: rows.map((r) => ({
      userId: r.userId,
      agentId: r.agentUserId,
      teamId: r.teamClientGroupId,
      teamName: r.teamName,
      updatedAtTime: r.updatedAt.getTime(),
    })),
    totalCount: total,
  };
}

export type CustomRouteTarget = { kind: 'agent'; agentId: string } | { kind: 'team'; teamId: string };

/**
 * Where a customer's new conversation goes, or null: their team, or their agent while that agent
 * is not deactivated (away still counts: the customer has a dedicated agent, as a direct
 * assignment would). A deactivated agent's customers fall back to ordinary routing.
 */
export async function customRouteOf(
  db: Db,
  applicationId: string,
  customerUserId: string,
): Promise<CustomRouteTarget | null> {
  const route = await repo.findRoute(db, applicationId, customerUserId);
  if (!route) return null;
  if (route.teamId) return { kind: 'team', teamId: route.teamId };
  if (route.agentId && route.agentStatus !== null && !isDisabled(route.agentStatus)) {
    return { kind: 'agent', agentId: route.agentId };
  }
  return null;
}
