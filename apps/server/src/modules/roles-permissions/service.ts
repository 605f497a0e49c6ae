import type { RolesPermissions } from '@convo/api';
import { isPrivilegeKey, PRIVILEGE_KEYS, ROLE_TYPE, type RoleType } from '@convo/domain';
import type { AuthContext } from '../../http/auth.js';
import { badRequest, notFound } from '../../http/errors.js';
import type { Db } from '../../platform/db/database.js';
import { findAppSettings } from '../accounts/index.js';
import * as repo from './repository.js';

// /settings/roles-permissions: the company setting rolesAndPermissions (privilege key → role types
// allowed) and hideBillingFromNonAdmin. A listed key overrides the product's role matrix (SPEC §6);
// the same `isAllowed` then guards every route (http/auth.ts privilegeChecker).

const ROLE_ORDER: readonly RoleType[] = ['0', '1', '2', '3', '11', '12'];
const LOCK_KEY = 'settings.roles-and-permissions';

function clean(map: Record<string, readonly string[]> | undefined): Record<string, RoleType[]> {
  const out: Record<string, RoleType[]> = {};
  for (const key of PRIVILEGE_KEYS) {
    const roles = map?.[key];
    if (roles) out[key] = ROLE_ORDER.filter((r) => roles.some((x) => String(x) === r));
  }
  return out;
}

export async function read(db: Db, caller: AuthContext): Promise<RolesPermissions> {
  const settings = await findAppSettings(db, caller.applicationId);
  if (!settings) throw notFound('Application settings not found.');
  return {
    rolesAndPermissions: clean(settings.companySetting.rolesAndPermissions),
    hideBillingFromNonAdmin: settings.companySetting.hideBillingFromNonAdmin === true,
  };
}

/**
 * Replaces the overrides. Unknown keys are refused (a typo would silently grant nothing), and the
 * super admin always keeps this page, so no company can lock itself out of its own permissions.
 */
export async function save(db: Db, caller: AuthContext, input: RolesPermissions): Promise<RolesPermissions> {
  const unknown = Object.keys(input.rolesAndPermissions).filter((k) => !isPrivilegeKey(k));
  if (unknown.length > 0) {
    throw badRequest(
      'INVALID_PARAMETER',
      `Unknown permission key: ${unknown.join(', ')}`,
      unknown.map((k) => ({ path: `rolesAndPermissions.${k}`, message: 'is not a permission key' })),
    );
  }
  const lock = input.rolesAndPermissions[LOCK_KEY];
  if (lock && !lock.includes(ROLE_TYPE.SUPER_ADMIN)) {
    throw badRequest(
      'CAN_NOT_CHANGE_ROLE',
      'The super admin always keeps roles and permissions, so nobody is locked out.',
      [{ path: `rolesAndPermissions.${LOCK_KEY}`, message: 'must include the super admin (0)' }],
    );
  }
  const rolesAndPermissions = clean(input.rolesAndPermissions);
  await db.transaction(async (tx) => {
    const current = await repo.lockCompanySetting(tx, caller.applicationId);
    if (!current) throw notFound('Application settings not found.');
    await repo.saveCompanySetting(tx, caller.applicationId, {
      ...current,
      rolesAndPermissions,
      hideBillingFromNonAdmin: input.hideBillingFromNonAdmin,
    });
  });
  return { rolesAndPermissions, hideBillingFromNonAdmin: input.hideBillingFromNonAdmin };
}
