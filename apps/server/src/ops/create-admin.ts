import {
  type ProductVariant,
  productOfVariant,
  ROLE_TYPE,
  USER_STATUS,
  validatePassword,
} from '@convo/domain';
import * as accounts from '../modules/accounts/index.js';
import { addMember, provisionWorkspace, roleNameFor } from '../modules/accounts/index.js';
import { hashPassword } from '../platform/crypto.js';
import type { Db } from '../platform/db/database.js';
import { OpsError } from './errors.js';

export interface CreateAdminInput {
  email: string;
  password: string;
  name?: string | undefined;
  /** Which application, when the install has several. */
  applicationId?: string | undefined;
  /** The company of a new install's first workspace. */
  company?: string | undefined;
  variant: ProductVariant;
}

export interface CreateAdminResult {
  action: 'reset' | 'added' | 'provisioned';
  applicationId: string;
  email: string;
}

/**
 * A super admin who can sign in: an existing member gets the password, the role and an active
 * status back (locked out); otherwise a new member of the install's application, or on an install
 * without one, a whole workspace provisioned the way sign-up does. One transaction.
 */
export async function createAdmin(db: Db, input: CreateAdminInput): Promise<CreateAdminResult> {
  const email = input.email.trim().toLowerCase();
  const rule = validatePassword(input.password);
  if (!rule.ok) throw new OpsError(`the password is too weak: ${rule.message}`);
  const passwordHash = await hashPassword(input.password);
  const name = input.name?.trim() || email.split('@')[0] || email;
  return db.transaction(async (tx) => {
    await accounts.lockForSeeding(tx);
    const members = await accounts.findMembersByUserName(tx, email);
    const member = input.applicationId
      ? members.find((m) => m.applicationId === input.applicationId)
      : members[0];
    if (member) {
      await accounts.updateUser(tx, member.id, {
        passwordHash,
        roleType: ROLE_TYPE.SUPER_ADMIN,
        roleName: roleNameFor(ROLE_TYPE.SUPER_ADMIN),
        status: USER_STATUS.ONLINE,
        emailVerifiedAt: member.emailVerifiedAt ?? new Date(),
      });
      return { action: 'reset', applicationId: member.applicationId, email };
    }
    const owner = { email, name, passwordHash, roleType: ROLE_TYPE.SUPER_ADMIN, emailVerified: true };
    if (input.applicationId) {
      if (!(await accounts.findApplication(tx, input.applicationId)))
        throw new OpsError(`no application with id ${input.applicationId}`);
      await addMember(tx, input.applicationId, owner);
      return { action: 'added', applicationId: input.applicationId, email };
    }
    const applications = await accounts.countApplications(tx);
    if (applications === 0) {
      const ws = await provisionWorkspace(tx, {
        companyName: input.company?.trim() || `${name}'s company`,
        owner,
        product: productOfVariant(input.variant),
      });
      return { action: 'provisioned', applicationId: ws.application.id, email };
    }
    const only = await accounts.onlyApplicationId(tx);
    if (!only)
      throw new OpsError(`this install has ${applications} applications: say which with --application <id>`);
    await addMember(tx, only, owner);
    return { action: 'added', applicationId: only, email };
  });
}
