import type { MemberApplication, Session } from '@convo/api';
import { APPLICATION, ROLE_TYPE, signupBlockHolds, toRoleType } from '@convo/domain';
import type { AuthContext } from '../../http/auth.js';
import { AppError, forbidden, unauthorized } from '../../http/errors.js';
import { authorize } from '../../http/policy.js';
import type { Db } from '../../platform/db/database.js';
import { checkSignIn } from '../two-factor/index.js';
import { provisionApplication } from './provision.js';
import * as repo from './repository.js';
import {
  type AccountsDeps,
  BLOCKED_STATUSES,
  endSession,
  issueSession,
  sessionFor,
  twoFactorDeps,
} from './service.js';

// Several applications per account (issue 20 item 2, SPEC §2 `/apps`). A person is one sign-in
// name (`users.user_id`, their e-mail); each application they belong to holds a member row of its
// own (role, status, second factor), as an invitation creates it. The list is those rows; a new
// application of the company is provisioned exactly as a sign-up's; a switch ends the current
// session and issues one for the other membership, in one transaction.

const notAMember = () =>
  new AppError(404, 'INVALID_APPLICATIONID', 'You are not a member of this application.');

function toView(
  row: { user: repo.UserRow; application: repo.ApplicationRow },
  currentApplicationId: string,
): MemberApplication {
  return {
    applicationId: row.application.id,
    name: row.application.name,
    roleType: toRoleType(row.user.roleType) ?? ROLE_TYPE.AGENT,
    roleName: row.user.roleName,
    createdAtTime: row.application.createdAt.getTime(),
    current: row.application.id === currentApplicationId,
  };
}

/** The applications the caller belongs to (their current one marked). */
export async function listApplications(db: Db, caller: AuthContext): Promise<MemberApplication[]> {
  const rows = await repo.findMembershipsOf(db, caller.userName);
  return rows.map((row) => toView(row, caller.applicationId));
}

/**
 * SPEC §7 "application list by role APPLICATION_WEB_ADMIN" (Applozic `user/getlist`): the caller's
 * applications whose membership carries one of the role names, as id → name. Only the caller may
 * be named (`userId`/`emailId`): nobody lists another person's applications.
 */
export async function listApplicationsByRole(
  db: Db,
  caller: AuthContext,
  query: { roleNameList: string[]; userId?: string | undefined; emailId?: string | undefined },
): Promise<Record<string, string>> {
  const named = [query.userId, query.emailId].filter((v): v is string => v !== undefined && v !== '');
  if (named.some((name) => name.toLowerCase() !== caller.userName.toLowerCase())) {
    throw forbidden('Only your own applications can be listed.');
  }
  const wanted = new Set(query.roleNameList);
  const rows = await repo.findMembershipsOf(db, caller.userName);
  const result: Record<string, string> = {};
  for (const row of rows)
    if (wanted.has(row.user.roleName)) result[row.application.id] = row.application.name;
  return result;
}

/**
 * A new application of the caller's company: provisioned as a sign-up's (its key, settings, Default
 * Team, default tags), the caller its super admin with their name, address and password.
 */
export async function createApplication(
  deps: AccountsDeps,
  caller: AuthContext,
  name: string,
): Promise<MemberApplication> {
  authorize(caller, 'application.administer', APPLICATION, 'Only admins can create an application.');
  return deps.db.transaction(async (tx) => {
    const creator = await repo.findUserById(tx, caller.applicationId, caller.userId);
    const current = await repo.findApplication(tx, caller.applicationId);
    if (!creator || !current) throw unauthorized();
    const { application, owner } = await provisionApplication(tx, {
      customerId: current.customerId,
      name: name.trim(),
      owner: {
        email: creator.userId,
        name: creator.displayName,
        passwordHash: creator.passwordHash,
        roleType: ROLE_TYPE.SUPER_ADMIN,
        emailVerified: creator.emailVerifiedAt !== null,
      },
      product: current.product === 'agent' ? 'agent' : 'classic',
      // Another application does not lift a frequent-sign-ups block: buying a plan does.
      signupBlock: signupBlockHolds(current.subscriptionPlan) ? current.signupBlock : null,
    });
    return toView({ user: owner, application }, caller.applicationId);
  });
}

/** Two-factor answers of a switch are 403: a 401 would end the session the person still holds. */
function asForbidden(err: unknown): never {
  if (err instanceof AppError && err.statusCode === 401) throw new AppError(403, err.code, err.message);
  throw err;
}

/**
 * A session for another application the caller belongs to, without signing out: the membership
 * there must be usable (not deactivated or deleted, application not disabled) and its second
 * factor, when on, must be given. The current session ends in the same transaction.
 */
export async function switchApplication(
  deps: AccountsDeps,
  caller: AuthContext,
  input: { applicationId: string; otp?: string | undefined },
): Promise<Session> {
  // Already there: nothing to switch, and the session in use must not be ended for nothing.
  if (input.applicationId === caller.applicationId)
    throw new AppError(400, 'INVALID_PARAMETER', 'You are already working in this application.');
  const memberships = await repo.findMembershipsOf(deps.db, caller.userName);
  const target = memberships.find((m) => m.application.id === input.applicationId);
  if (!target || BLOCKED_STATUSES.has(target.user.status)) throw notAMember();
  const user = target.user;
  return deps.db.transaction(async (tx) => {
    await checkSignIn(twoFactorDeps(deps, tx), tx, user.applicationId, user.id, input.otp).catch(asForbidden);
    await endSession(tx, caller.tokenHash);
    await repo.updateUser(tx, user.id, { lastLoggedInAt: new Date() });
    const issued = await issueSession(deps, tx, user, 'dashboard');
    return sessionFor(tx, user, issued.token, issued.expiresAt);
  });
}
