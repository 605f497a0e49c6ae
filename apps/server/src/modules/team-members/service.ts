import type { MemberUpdateRequest, TeamMemberView } from '@convo/api';
import {
  APPLICATION,
  type MemberChange,
  type Refusal,
  refuseMemberChange,
  toRoleType,
  USER_STATUS,
} from '@convo/domain';
import type { AuthContext } from '../../http/auth.js';
import { AppError, notFound } from '../../http/errors.js';
import { authorize, memberRoleOf } from '../../http/policy.js';
import type { Db } from '../../platform/db/database.js';
import { createPort } from '../../platform/events/port.js';
import { roleNameFor } from '../accounts/index.js';
import type { Entitlements } from '../billing/index.js';
import { assertAiAgentAvailable } from '../billing/index.js';
import type { SessionRevoker } from '../realtime/index.js';
import * as repo from './repository.js';

/**
 * Creating a bot (the bots module, which imports team-members for its member rows), provided by the
 * composition root (app.ts).
 */
export type BotCreation = (
  tx: Db,
  applicationId: string,
  input: { name: string; engine: string; defaultLanguage: string; userName?: string | undefined },
) => Promise<{ userId: string }>;
export const botCreation = createPort<BotCreation>('team-members: bot creation');

// The team screen's rules: list members, change roles, disable, reactivate and delete them, add
// bots. A disabled or deleted member loses every session in the same transaction and their open
// dashboards are closed at once (SessionRevoker).

export interface TeamMemberDeps {
  db: Db;
  revokeSessions: SessionRevoker;
  /** The plan's limits (issue 19); absent: none (the operator plan). */
  entitlements?: Entitlements | undefined;
}

function toView(u: repo.MemberRow): TeamMemberView {
  return {
    userName: u.userId,
    name: u.displayName,
    email: u.email ?? u.userId,
    roleType: toRoleType(u.roleType) ?? '2',
    status: u.status,
    imageLink: u.imageLink,
    lastLoggedInAtTime: u.lastLoggedInAt?.getTime() ?? null,
    createdAtTime: u.createdAt.getTime(),
  };
}

const fromRefusal = (r: Refusal) => new AppError(r.status, r.code, r.message);

function actorOf(caller: AuthContext) {
  return {
    id: caller.userId,
    roleType: memberRoleOf(caller, 'You are not allowed to do this.'),
    status: USER_STATUS.ONLINE,
  };
}

export async function listMembers(deps: TeamMemberDeps, caller: AuthContext): Promise<TeamMemberView[]> {
  return (await repo.listMembers(deps.db, caller.applicationId)).map(toView);
}

/**
 * Applies one change to each named member, all or nothing: one refusal refuses the whole request.
 * Returns the members as they are now.
 */
async function applyChange(
  deps: TeamMemberDeps,
  caller: AuthContext,
  userNames: readonly string[],
  change: MemberChange,
): Promise<TeamMemberView[]> {
  const actor = actorOf(caller);
  const wanted = [...new Set(userNames.map((n) => n.toLowerCase()))];
  const ended: string[] = [];
  const result = await deps.db.transaction(async (tx) => {
    const superAdmins = await repo.lockActiveSuperAdmins(tx, caller.applicationId);
    let activeSuperAdmins = superAdmins.length;
    const rows = await repo.lockMembers(tx, caller.applicationId, wanted);
    const missing = wanted.filter(
      (n) => !rows.some((r) => r.userId === n && r.status !== USER_STATUS.DELETED),
    );
    if (missing.length > 0) throw notFound(`Member not found: ${missing.join(', ')}`);
    const out: repo.MemberRow[] = [];
    for (const row of rows) {
      const target = { id: row.id, roleType: toRoleType(row.roleType) ?? '2', status: row.status };
      const refusal = refuseMemberChange(actor, target, change, activeSuperAdmins);
      if (refusal) throw fromRefusal(refusal);
      const wasActiveSuperAdmin = target.roleType === '0' && row.status !== 2;
      const next = { ...row };
      if (change.kind === 'role') {
        next.roleType = change.to;
        next.roleName = roleNameFor(change.to);
        await repo.updateMember(tx, caller.applicationId, row.id, {
          roleType: next.roleType,
          roleName: next.roleName,
        });
      } else if (change.kind === 'deactivate' || change.kind === 'delete') {
        next.status = change.kind === 'delete' ? USER_STATUS.DELETED : USER_STATUS.EXPIRED;
        await repo.updateMember(tx, caller.applicationId, row.id, { status: next.status });
        await repo.deleteSessionsOf(tx, caller.applicationId, row.id);
        if (change.kind === 'delete') await repo.leaveAllTeams(tx, caller.applicationId, row.id);
        ended.push(row.id);
      } else {
        // Reactivated members come back away: they are not signed in yet.
        next.status = USER_STATUS.AWAY;
        await repo.updateMember(tx, caller.applicationId, row.id, { status: next.status });
      }
      const isActiveSuperAdmin = next.roleType === '0' && next.status !== 2 && next.status !== 3;
      if (wasActiveSuperAdmin && !isActiveSuperAdmin) activeSuperAdmins -= 1;
      if (!wasActiveSuperAdmin && isActiveSuperAdmin) activeSuperAdmins += 1;
      out.push(next);
    }
    return out;
  });
  // After the commit: their sessions are gone, now their open dashboards hear it.
  await deps.revokeSessions(ended);
  return result.filter((r) => r.status !== USER_STATUS.DELETED).map(toView);
}

export function updateMembers(deps: TeamMemberDeps, caller: AuthContext, body: MemberUpdateRequest) {
  const change: MemberChange =
    body.roleType !== undefined
      ? { kind: 'role', to: body.roleType }
      : { kind: body.deactivate ? 'deactivate' : 'reactivate' };
  return applyChange(deps, caller, body.userNames, change);
}

export async function deleteMember(deps: TeamMemberDeps, caller: AuthContext, userName: string) {
  await applyChange(deps, caller, [userName], { kind: 'delete' });
}

/** Agent/bot creation (SPEC §3): a bot has no password and signs nobody in. */
export async function createBot(
  deps: TeamMemberDeps,
  caller: AuthContext,
  input: { name: string; userName: string },
): Promise<TeamMemberView> {
  authorize(caller, 'application.administer', APPLICATION, 'Only admins can manage the team.');
  return deps.db.transaction(async (tx) => {
    if (deps.entitlements) await assertAiAgentAvailable(tx, deps.entitlements, caller.applicationId);
    // A full bot (kompose, English) so it shows on /bots/manage-bots; its member row is the one listed.
    const bot = await botCreation.get()(tx, caller.applicationId, {
      name: input.name,
      engine: 'kompose',
      defaultLanguage: 'en',
      userName: input.userName,
    });
    const [row] = await repo.lockMembers(tx, caller.applicationId, [input.userName]);
    if (row?.id !== bot.userId) throw new Error('bot member row not found after insert');
    return toView(row!);
  });
}
