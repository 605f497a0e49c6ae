import { randomUUID } from 'node:crypto';
import type { Team, TeamMember, TeamSummary } from '@convo/api';
import { DEFAULT_TEAM, GROUP_ROLE, USER_STATUS } from '@convo/domain';
import type { AuthContext } from '../../http/auth.js';
import { badRequest, conflict, notFound } from '../../http/errors.js';
import { requireAdmin, requireMember } from '../../http/policy.js';
import type { Db } from '../../platform/db/database.js';
import { createPort } from '../../platform/events/port.js';
import { findAppSettings } from '../accounts/index.js';
import { AUDIENCE_MEMBERS, EVENT, type Realtime } from '../realtime/index.js';
import * as repo from './repository.js';

/** What the team rules write with (the conversations' messaging deps have this shape). */
export interface MessagingDeps {
  db: Db;
  realtime: Realtime;
}

/**
 * Assigning the waiting conversations once agents joined or left teams: conversations' rule (it
 * imports teams), provided by the composition root (app.ts). Answers how many were assigned.
 */
export type WaitingAssignment = (deps: MessagingDeps, applicationId: string) => Promise<number>;
export const waitingAssignment = createPort<WaitingAssignment>('teams: waiting assignment');
const assignWaiting: WaitingAssignment = (deps, applicationId) =>
  waitingAssignment.get()(deps, applicationId);

// Teams (SPEC §3 Team): the Default Team (clientGroupId km_default_team) always exists, is listed
// first as 'Default Team', and can be neither renamed nor deleted. On the wire a team's teamId is
// its clientGroupId.

// Team and statistics endpoints are for members of the application, never its end users; writes
// to teams and queue operations need the admin permissions. Both are the policy's (http/policy.ts),
// re-exported for the modules that already ask them here.
export { requireAdmin, requireMember };

const teamNotFound = () => notFound('Team not found.');
const isDefaultTeam = (team: repo.TeamRow) => team.clientGroupId === DEFAULT_TEAM.clientGroupId;

type MemberRow = Awaited<ReturnType<typeof repo.listMembersOfTeams>>[number];

function toMember(m: MemberRow): TeamMember {
  return { userId: m.userId, displayName: m.displayName, roleType: m.roleType, status: m.status };
}

function toTeam(team: repo.TeamRow, members: readonly MemberRow[], callerId: string): Team {
  const own = members.filter((m) => m.teamId === team.id);
  return {
    teamId: team.clientGroupId,
    teamName: isDefaultTeam(team) ? DEFAULT_TEAM.name : team.name,
    clientGroupId: team.clientGroupId,
    members: own.map(toMember),
    role: own.find((m) => m.id === callerId)?.role ?? null,
    isDefault: isDefaultTeam(team),
    createdAtTime: team.createdAt.getTime(),
  };
}

async function teamView(db: Db, caller: AuthContext, team: repo.TeamRow): Promise<Team> {
  const members = await repo.listMembersOfTeams(db, caller.applicationId, [team.id]);
  return toTeam(team, members, caller.userId);
}

async function findTeamOrThrow(db: Db, applicationId: string, teamId: string, forUpdate = false) {
  const team = forUpdate
    ? await repo.lockTeam(db, applicationId, teamId)
    : await repo.findTeam(db, applicationId, teamId);
  if (!team) throw teamNotFound();
  return team;
}

/**
 * The application's members behind these userIds. Ids the application does not know (another
 * tenant's, or nobody's) are "not found"; end users and deleted members cannot be teammates.
 */
async function resolveTeammates(db: Db, applicationId: string, userIds: readonly string[]) {
  const wanted = [...new Set(userIds)];
  const found = await repo.findUsersByUserIds(db, applicationId, wanted);
  const missing = wanted.filter((id) => !found.some((u) => u.userId === id));
  if (missing.length > 0) throw notFound(`User not found: ${missing.join(', ')}`);
  const notMembers = found.filter((u) => u.roleType === null).map((u) => u.userId);
  if (notMembers.length > 0) {
    throw badRequest(
      'INVALID_PARAMETER',
      `Only members of the application can be teammates; not a member: ${notMembers.join(', ')}`,
    );
  }
  const deleted = found.filter((u) => u.status === USER_STATUS.DELETED).map((u) => u.userId);
  if (deleted.length > 0) {
    throw badRequest('INVALID_PARAMETER', `Deleted users cannot be teammates: ${deleted.join(', ')}`);
  }
  return found;
}

async function assertNameFree(db: Db, applicationId: string, name: string, exceptTeamId?: string) {
  if (name.toLowerCase() === DEFAULT_TEAM.name.toLowerCase()) {
    throw conflict('TEAM_ALREADY_EXISTS', `"${DEFAULT_TEAM.name}" is the name of the default team.`);
  }
  const other = await repo.findTeamByName(db, applicationId, name);
  if (other && other.id !== exceptTeamId) {
    throw conflict('TEAM_ALREADY_EXISTS', `A team named "${name}" already exists.`);
  }
}

export async function getTeam(deps: MessagingDeps, caller: AuthContext, teamId: string): Promise<Team> {
  requireMember(caller);
  return teamView(deps.db, caller, await findTeamOrThrow(deps.db, caller.applicationId, teamId));
}

/** `team/list`: every team with its members, the Default Team first (two queries). */
export async function listTeams(deps: MessagingDeps, caller: AuthContext): Promise<Team[]> {
  requireMember(caller);
  const teams = await repo.listTeams(deps.db, caller.applicationId);
  const members = await repo.listMembersOfTeams(
    deps.db,
    caller.applicationId,
    teams.map((t) => t.id),
  );
  return teams.map((t) => toTeam(t, members, caller.userId));
}

/** `team/v2/list`: the teams with member counts, and the caller's role in each (two queries). */
export async function listTeamSummaries(deps: MessagingDeps, caller: AuthContext): Promise<TeamSummary[]> {
  requireMember(caller);
  const [rows, mine] = await Promise.all([
    repo.listTeamsWithCounts(deps.db, caller.applicationId),
    repo.listMembershipsOfUser(deps.db, caller.applicationId, caller.userId),
  ]);
  return rows.map(({ team, memberCount }) => ({
    teamId: team.clientGroupId,
    teamName: isDefaultTeam(team) ? DEFAULT_TEAM.name : team.name,
    clientGroupId: team.clientGroupId,
    role: mine.find((m) => m.teamId === team.id)?.role ?? null,
    isDefault: isDefaultTeam(team),
    createdAtTime: team.createdAt.getTime(),
    memberCount,
  }));
}

export async function createTeam(
  deps: MessagingDeps,
  caller: AuthContext,
  input: { teamName: string; members?: string[] | undefined },
): Promise<Team> {
  requireAdmin(caller, 'create teams');
  return deps.db.transaction(async (tx) => {
    await assertNameFree(tx, caller.applicationId, input.teamName);
    const teammates = await resolveTeammates(tx, caller.applicationId, input.members ?? []);
    const team = await repo.insertTeam(tx, {
      applicationId: caller.applicationId,
      clientGroupId: `team-${randomUUID()}`,
      name: input.teamName,
    });
    await repo.addTeamMembers(
      tx,
      caller.applicationId,
      team.id,
      teammates.map((u) => u.id),
      GROUP_ROLE.MEMBER,
    );
    return teamView(tx, caller, team);
  });
}

export async function renameTeam(
  deps: MessagingDeps,
  caller: AuthContext,
  input: { teamId: string; teamName: string },
): Promise<Team> {
  requireAdmin(caller, 'rename teams');
  return deps.db.transaction(async (tx) => {
    const team = await findTeamOrThrow(tx, caller.applicationId, input.teamId, true);
    if (isDefaultTeam(team)) {
      throw badRequest('DEFAULT_TEAM_PROTECTED', 'The Default Team cannot be renamed.');
    }
    await assertNameFree(tx, caller.applicationId, input.teamName, team.id);
    const renamed = (await repo.renameTeam(tx, caller.applicationId, team.id, input.teamName)) ?? team;
    return teamView(tx, caller, renamed);
  });
}

/**
 * `teammate/add`: the users join the team; then waiting conversations the new teammates can take
 * are handed out (they may have been waiting for a team that had nobody online).
 */
export async function addTeammates(
  deps: MessagingDeps,
  caller: AuthContext,
  input: { teamId: string; userIds: string[] },
) {
  requireAdmin(caller, 'change teams');
  const { team, changed } = await deps.db.transaction(async (tx) => {
    const team = await findTeamOrThrow(tx, caller.applicationId, input.teamId, true);
    const teammates = await resolveTeammates(tx, caller.applicationId, input.userIds);
    const changed = await repo.addTeamMembers(
      tx,
      caller.applicationId,
      team.id,
      teammates.map((u) => u.id),
      GROUP_ROLE.MEMBER,
    );
    return { team, changed };
  });
  const assigned = changed > 0 ? await assignWaiting(deps, caller.applicationId) : 0;
  return { team: await teamView(deps.db, caller, team), changed, assigned };
}

/** `teammate/remove`: the users leave the team; their current assignments stay as they are. */
export async function removeTeammates(
  deps: MessagingDeps,
  caller: AuthContext,
  input: { teamId: string; userIds: string[] },
) {
  requireAdmin(caller, 'change teams');
  return deps.db.transaction(async (tx) => {
    const team = await findTeamOrThrow(tx, caller.applicationId, input.teamId, true);
    const wanted = [...new Set(input.userIds)];
    const found = await repo.findUsersByUserIds(tx, caller.applicationId, wanted);
    const missing = wanted.filter((id) => !found.some((u) => u.userId === id));
    if (missing.length > 0) throw notFound(`User not found: ${missing.join(', ')}`);
    const changed = await repo.removeTeamMembers(
      tx,
      caller.applicationId,
      team.id,
      found.map((u) => u.id),
    );
    return { team: await teamView(tx, caller, team), changed, assigned: 0 };
  });
}

/**
 * `team/delete`: the team goes, its conversations lose their team (waiting ones may then go to
 * any online agent, so the queue is served again). The Default Team, and whichever team the
 * application settings name as default, stay.
 */
export async function deleteTeam(deps: MessagingDeps, caller: AuthContext, teamId: string) {
  requireAdmin(caller, 'delete teams');
  const detached = await deps.realtime.transaction(deps.db, caller.applicationId, async (tx, events) => {
    const team = await findTeamOrThrow(tx, caller.applicationId, teamId, true);
    if (isDefaultTeam(team)) {
      throw badRequest('DEFAULT_TEAM_PROTECTED', 'The Default Team cannot be deleted.');
    }
    const settings = await findAppSettings(tx, caller.applicationId);
    if (settings?.defaultTeamId === team.id) {
      throw badRequest(
        'DEFAULT_TEAM_PROTECTED',
        'This team is the default team of the application settings; choose another default team first.',
      );
    }
    const ids = await repo.detachConversations(tx, caller.applicationId, team.id);
    await repo.deleteTeam(tx, caller.applicationId, team.id);
    if (ids.length > 0) {
      events.emit({
        type: EVENT.CONVERSATION_UPDATED,
        audiences: [AUDIENCE_MEMBERS],
        data: { teamDeleted: team.clientGroupId, groupIds: ids, teamId: null },
      });
    }
    return ids;
  });
  if (detached.length > 0) await assignWaiting(deps, caller.applicationId);
  return { teamId, deleted: true as const, conversationsWithoutTeam: detached.length };
}

export async function listTeamMembers(
  deps: MessagingDeps,
  caller: AuthContext,
  teamId: string,
  query: {
    role?: string[] | undefined;
    status?: number[] | undefined;
    startIndex: number;
    pageSize: number;
  },
) {
  requireMember(caller);
  const team = await findTeamOrThrow(deps.db, caller.applicationId, teamId);
  const { rows, total } = await repo.pageTeamMembers(deps.db, caller.applicationId, team.id, {
    roleTypes: query.role,
    statuses: query.status,
    startIndex: query.startIndex,
    pageSize: query.pageSize,
  });
  return {
    teamId: team.clientGroupId,
    members: rows.map(toMember),
    totalCount: total,
    startIndex: query.startIndex,
    pageSize: query.pageSize,
  };
}
