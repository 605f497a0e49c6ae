import type { Invitation } from '@convo/api';
import {
  APPLICATION,
  DEFAULT_TEAM,
  GROUP_ROLE,
  INVITATION_TTL_DAYS,
  INVITED_USER_STATUS,
  MS_IN_DAY,
  ROLE_TYPE,
  type RoleType,
  toRoleType,
  USER_STATUS,
} from '@convo/domain';
import type { AuthContext } from '../../http/auth.js';
import { AppError, badRequest, conflict, notFound } from '../../http/errors.js';
import { authorize } from '../../http/policy.js';
import type { AppConfig } from '../../platform/config.js';
import { randomToken, sha256 } from '../../platform/crypto.js';
import type { Db } from '../../platform/db/database.js';
import type { Mailer } from '../../platform/mail/mailer.js';
import {
  findUserById,
  insertTeamMembers,
  insertUser,
  roleNameFor,
  type UserRow,
  updateUser,
} from '../accounts/index.js';
import type { Entitlements } from '../billing/index.js';
import { assertSeatAvailable } from '../billing/index.js';
import { findTeam } from '../teams/index.js';
import { inviteMail } from './mails.js';
import * as repo from './repository.js';

// Invitations (SPEC §3 Invitation; §4 invited 0 / signed-up 1): an admin invites an e-mail with a
// role, the person signs up through the mailed link. Tokens are stored hashed, expire, and work
// once; a resend replaces the token, a revoke deletes the invitation.

export interface InvitationDeps {
  db: Db;
  mailer: Mailer;
  config: AppConfig;
  /** The plan's limits (issue 19); absent: none (the operator plan). */
  entitlements?: Entitlements | undefined;
}

const TTL_MS = INVITATION_TTL_DAYS * MS_IN_DAY;

export const invalidInvite = () =>
  badRequest('INVALID_INVITE', 'This invitation link is invalid or has expired.');

function requireInviter(caller: AuthContext, roleType?: RoleType) {
  authorize(caller, 'application.administer', APPLICATION, 'Only admins can invite people.');
  authorize(caller, 'member.invite', { roleType }, 'Only a super admin can invite a super admin.');
}

function toView(row: repo.InvitationRow, inviterName: string | null): Invitation {
  return {
    id: row.id,
    email: row.email,
    roleType: toRoleType(row.roleType) ?? '2',
    status: row.status,
    invitedBy: inviterName,
    expiresAtTime: row.expiresAt.getTime(),
    createdAtTime: row.createdAt.getTime(),
  };
}

async function mailInvite(deps: InvitationDeps, caller: AuthContext, row: repo.InvitationRow, token: string) {
  const inviter = await findUserById(deps.db, caller.applicationId, caller.userId);
  const { companyName } = await repo.findContext(deps.db, row);
  await deps.mailer.send(
    inviteMail({
      publicUrl: deps.config.publicUrl,
      to: row.email,
      companyName,
      inviterName: inviter?.displayName || 'Your admin',
      token,
      applicationId: row.applicationId,
      validDays: INVITATION_TTL_DAYS,
    }),
  );
}

export async function listInvitations(deps: InvitationDeps, caller: AuthContext): Promise<Invitation[]> {
  const rows = await repo.listInvitations(deps.db, caller.applicationId);
  return rows.map((r) => toView(r.invitation, r.inviterName));
}

export async function invite(
  deps: InvitationDeps,
  caller: AuthContext,
  input: { email: string; roleType: RoleType },
): Promise<Invitation> {
  requireInviter(caller, input.roleType);
  const email = input.email.toLowerCase();
  const token = randomToken();
  const row = await deps.db.transaction(async (tx) => {
    const existing = await repo.findUser(tx, caller.applicationId, email);
    if (existing && existing.roleType !== null && existing.status !== USER_STATUS.DELETED) {
      throw conflict('USER_ALREADY_EXISTS', `${email} is already a member of this team.`);
    }
    const pending = await repo.findByEmail(tx, caller.applicationId, email, true);
    if (pending && pending.status === INVITED_USER_STATUS.INVITED && pending.expiresAt > new Date()) {
      throw conflict(
        'INVITATION_ALREADY_SENT',
        `${email} is already invited. Resend the invitation instead.`,
      );
    }
    if (deps.entitlements && input.roleType !== ROLE_TYPE.BOT) {
      await assertSeatAvailable(tx, deps.entitlements, caller.applicationId, { countInvitations: true });
    }
    return repo.upsertInvitation(tx, {
      applicationId: caller.applicationId,
      email,
      roleType: input.roleType,
      tokenHash: sha256(token),
      invitedBy: caller.userId,
      expiresAt: new Date(Date.now() + TTL_MS),
    });
  });
  await mailInvite(deps, caller, row, token);
  const inviter = await findUserById(deps.db, caller.applicationId, caller.userId);
  return toView(row, inviter?.displayName ?? null);
}

export async function resend(deps: InvitationDeps, caller: AuthContext, id: string): Promise<Invitation> {
  requireInviter(caller);
  const token = randomToken();
  const row = await deps.db.transaction(async (tx) => {
    const found = await repo.findById(tx, caller.applicationId, id, true);
    if (!found) throw notFound('Invitation not found.');
    if (found.status !== INVITED_USER_STATUS.INVITED) {
      throw badRequest('INVITATION_ALREADY_USED', 'This person has already signed up.');
    }
    requireInviter(caller, toRoleType(found.roleType) ?? undefined);
    return (await repo.renewToken(
      tx,
      caller.applicationId,
      id,
      sha256(token),
      new Date(Date.now() + TTL_MS),
    ))!;
  });
  await mailInvite(deps, caller, row, token);
  const inviter = await findUserById(deps.db, caller.applicationId, caller.userId);
  return toView(row, inviter?.displayName ?? null);
}

export async function revoke(deps: InvitationDeps, caller: AuthContext, id: string): Promise<void> {
  requireInviter(caller);
  await deps.db.transaction(async (tx) => {
    const found = await repo.findById(tx, caller.applicationId, id, true);
    if (!found) throw notFound('Invitation not found.');
    if (found.status !== INVITED_USER_STATUS.INVITED) {
      throw badRequest(
        'INVITATION_ALREADY_USED',
        'This person has already signed up; manage them as a member.',
      );
    }
    await repo.deleteInvitation(tx, caller.applicationId, id);
  });
}

async function liveInvitation(db: Db, token: string, forUpdate: boolean) {
  const row = await repo.findByTokenHash(db, sha256(token), forUpdate);
  if (!row || row.status !== INVITED_USER_STATUS.INVITED || row.expiresAt <= new Date())
    throw invalidInvite();
  return row;
}

/** The sign-up page's view of an invitation link. */
export async function detail(deps: InvitationDeps, token: string) {
  const row = await liveInvitation(deps.db, token, false);
  const context = await repo.findContext(deps.db, row);
  return {
    email: row.email,
    roleType: toRoleType(row.roleType) ?? '2',
    companyName: context.companyName,
    invitedByName: context.inviterName,
  };
}

/**
 * Sign-up through an invitation, inside the caller's transaction: the member is created with the
 * invited role (or a deleted member of that address comes back), joins the Default Team, and the
 * invitation is marked signed-up so the link works only once. The mailed link proves the address.
 */
export async function acceptInvitation(
  tx: Db,
  token: string,
  person: { email: string; name: string; passwordHash: string },
  entitlements?: Entitlements,
): Promise<UserRow> {
  const invitation = await liveInvitation(tx, token, true);
  if (invitation.email !== person.email.toLowerCase()) {
    throw new AppError(400, 'INVITE_EMAIL_MISMATCH', `This invitation was sent to ${invitation.email}.`);
  }
  const roleType = toRoleType(invitation.roleType) ?? ROLE_TYPE.AGENT;
  const applicationId = invitation.applicationId;
  // The invitation held no seat of its own: the plan may have shrunk since it was sent.
  if (entitlements && roleType !== ROLE_TYPE.BOT) {
    await assertSeatAvailable(tx, entitlements, applicationId, { countInvitations: false });
  }
  const existing = await repo.findUser(tx, applicationId, invitation.email);
  let user: UserRow;
  if (existing) {
    if (existing.roleType !== null && existing.status !== USER_STATUS.DELETED) {
      throw conflict('USER_ALREADY_EXISTS', 'You are already a member of this team. Sign in instead.');
    }
    await updateUser(tx, existing.id, {
      displayName: person.name,
      passwordHash: person.passwordHash,
      roleType,
      roleName: roleNameFor(roleType),
      status: USER_STATUS.ONLINE,
      emailVerifiedAt: new Date(),
    });
    user = (await findUserById(tx, applicationId, existing.id))!;
  } else {
    user = await insertUser(tx, {
      applicationId,
      userId: invitation.email,
      email: invitation.email,
      displayName: person.name,
      passwordHash: person.passwordHash,
      roleType,
      roleName: roleNameFor(roleType),
      emailVerifiedAt: new Date(),
    });
  }
  const team = await findTeam(tx, applicationId, DEFAULT_TEAM.clientGroupId);
  if (team && roleType !== ROLE_TYPE.BOT) {
    await insertTeamMembers(tx, [
      { teamId: team.id, userId: user.id, applicationId, role: GROUP_ROLE.MEMBER },
    ]);
  }
  await repo.markSignedUp(tx, applicationId, invitation.id, user.id);
  return user;
}
