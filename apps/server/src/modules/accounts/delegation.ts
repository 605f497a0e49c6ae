import { APPLICATION, can, toRoleType } from '@convo/domain';
import type { AuthContext } from '../../http/auth.js';
import { AppError, forbidden } from '../../http/errors.js';
import type { Db } from '../../platform/db/database.js';
import { findUserInApplication } from './repository.js';

/**
 * Delegated calls of the messaging family (`Of-User-Id`, and `fromUserName` on message sends,
 * shared/reference/applozic-api.md §1, §3): an admin (role 0 or 1) acts as another user of the
 * same application. Nobody else may, and an admin never acts as a super admin unless they are one
 * (a delegation must not lend more rights than the caller holds).
 */
export async function actingAs(db: Db, caller: AuthContext, userId: string): Promise<AuthContext> {
  if (userId === caller.userName) return caller;
  if (!can(caller, 'application.administer', APPLICATION))
    throw forbidden('Only admins can act for another user (Of-User-Id, fromUserName).');
  const user = await findUserInApplication(db, caller.applicationId, userId);
  // Expired (2) and deleted (3) users are nobody to act for; another application's user is not found.
  if (!user || user.status === 2 || user.status === 3)
    throw new AppError(404, 'USER_NOT_FOUND', `No user "${userId}" in this application.`);
  const roleType = toRoleType(user.roleType);
  if (roleType === '0' && caller.roleType !== '0')
    throw forbidden('Only a super admin can act for a super admin.');
  return { ...caller, userId: user.id, userName: user.userId, roleType };
}
