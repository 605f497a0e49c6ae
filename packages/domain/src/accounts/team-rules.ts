// Who may change which member (SPEC §6 "Role change can be refused with CAN_NOT_CHANGE_ROLE"),
// as a pure rule the server applies and the dashboard uses to disable what would be refused.

import { USER_STATUS } from '../shared';
import { isAdminRole, ROLE_TYPE, type RoleType } from './roles';

export type MemberChange =
  | { kind: 'role'; to: RoleType }
  | { kind: 'deactivate' }
  | { kind: 'reactivate' }
  | { kind: 'delete' };

export interface MemberRef {
  id: string;
  roleType: RoleType;
  status: number;
}

export interface Refusal {
  status: 400 | 403 | 404;
  code: 'CAN_NOT_CHANGE_ROLE' | 'FORBIDDEN' | 'NOT_FOUND';
  message: string;
}

const refuse = (status: Refusal['status'], code: Refusal['code'], message: string): Refusal => ({
  status,
  code,
  message,
});

export const isDisabledStatus = (status: number) =>
  status === USER_STATUS.EXPIRED || status === USER_STATUS.DELETED;

/**
 * Null when `actor` may make `change` to `target`. `activeSuperAdmins` counts the application's
 * super admins who are not disabled or deleted (the target included).
 *
 * - Only super admins and admins manage members; nobody changes, disables or deletes themself.
 * - Only a super admin makes someone a super admin or touches a super admin.
 * - A bot stays a bot, a person never becomes one.
 * - The last active super admin cannot be demoted, disabled or deleted.
 */
export function refuseMemberChange(
  actor: MemberRef,
  target: MemberRef,
  change: MemberChange,
  activeSuperAdmins: number,
): Refusal | null {
  if (!isAdminRole(actor.roleType)) return refuse(403, 'FORBIDDEN', 'Only admins can manage the team.');
  if (target.status === USER_STATUS.DELETED) return refuse(404, 'NOT_FOUND', 'Member not found.');
  if (actor.id === target.id) {
    return refuse(
      400,
      'CAN_NOT_CHANGE_ROLE',
      change.kind === 'role' ? 'You cannot change your own role.' : 'You cannot disable or delete yourself.',
    );
  }
  const touchesSuperAdmin =
    target.roleType === ROLE_TYPE.SUPER_ADMIN ||
    (change.kind === 'role' && change.to === ROLE_TYPE.SUPER_ADMIN);
  if (touchesSuperAdmin && actor.roleType !== ROLE_TYPE.SUPER_ADMIN) {
    return refuse(403, 'FORBIDDEN', 'Only a super admin can change a super admin.');
  }
  if (change.kind === 'role') {
    if (target.roleType === ROLE_TYPE.BOT || change.to === ROLE_TYPE.BOT) {
      return refuse(400, 'CAN_NOT_CHANGE_ROLE', 'A bot stays a bot and a person cannot become one.');
    }
    if (change.to === target.roleType) return null;
  }
  if (change.kind === 'reactivate') {
    return target.status === USER_STATUS.EXPIRED
      ? null
      : refuse(400, 'CAN_NOT_CHANGE_ROLE', 'This member is not disabled.');
  }
  const removesSuperAdmin =
    target.roleType === ROLE_TYPE.SUPER_ADMIN &&
    !isDisabledStatus(target.status) &&
    (change.kind !== 'role' || change.to !== ROLE_TYPE.SUPER_ADMIN);
  if (removesSuperAdmin && activeSuperAdmins <= 1) {
    return refuse(400, 'CAN_NOT_CHANGE_ROLE', 'The last super admin must stay a super admin.');
  }
  return null;
}

/** Days an invitation link stays valid. */
export const INVITATION_TTL_DAYS = 7;
