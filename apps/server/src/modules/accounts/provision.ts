import {
  companyDomainOf,
  DEFAULT_TAGS,
  DEFAULT_TEAM,
  GROUP_ROLE,
  ROLE_TYPE,
  type RoleType,
  type SignupBlock,
} from '@convo/domain';
import { randomHex } from '../../platform/crypto.js';
import type { Db } from '../../platform/db/database.js';
import * as repo from './repository.js';

export interface NewMember {
  email: string;
  name: string;
  passwordHash: string | null;
  roleType: RoleType;
  emailVerified?: boolean;
}

export interface WorkspaceInput {
  companyName: string;
  owner: NewMember;
  product: 'classic' | 'agent';
  pricingVersion?: number | undefined;
  signupSource?: string | undefined;
  dealCode?: string | undefined;
  shopUrl?: string | undefined;
  billingPlatform?: 'shopify' | undefined;
  /** Blocked by its e-mail domain from the start (frequent sign-ups); none by default. */
  signupBlock?: SignupBlock | null | undefined;
}

const ROLE_NAMES: Record<RoleType, string> = {
  '0': 'APPLICATION_WEB_ADMIN',
  '1': 'APPLICATION_WEB_ADMIN',
  '2': 'APPLICATION_WEB_ADMIN',
  '3': 'BOT',
  '11': 'DEVELOPER',
  '12': 'APPLICATION_WEB_ADMIN',
};

export function roleNameFor(roleType: RoleType): string {
  return ROLE_NAMES[roleType];
}

export async function addMember(db: Db, applicationId: string, m: NewMember) {
  return repo.insertUser(db, {
    applicationId,
    userId: m.email,
    email: m.email,
    displayName: m.name,
    passwordHash: m.passwordHash,
    roleType: m.roleType,
    roleName: roleNameFor(m.roleType),
    emailVerifiedAt: m.emailVerified ? new Date() : null,
  });
}

export interface ApplicationInput {
  customerId: string;
  name: string;
  owner: NewMember;
  product: 'classic' | 'agent';
  pricingVersion?: number | undefined;
  /** The company's domain block, which its every application carries (a new one included). */
  signupBlock?: SignupBlock | string | null | undefined;
}

/**
 * A new application of a company, with what every application starts with: its key, the owner as
 * super admin, the Default Team with the owner in it, the default tags and the application
 * settings. Sign-up and "create another application" both come here. Call inside one transaction.
 */
export async function provisionApplication(db: Db, input: ApplicationInput) {
  const application = await repo.insertApplication(db, {
    id: randomHex(12),
    key: randomHex(16),
    customerId: input.customerId,
    name: input.name,
    product: input.product,
    pricingVersion: input.pricingVersion ?? 9,
    signupBlock: input.signupBlock ?? null,
  });
  const owner = await addMember(db, application.id, { ...input.owner, roleType: ROLE_TYPE.SUPER_ADMIN });
  const team = await repo.insertTeam(db, {
    applicationId: application.id,
    clientGroupId: DEFAULT_TEAM.clientGroupId,
    name: DEFAULT_TEAM.name,
  });
  await repo.insertTeamMembers(db, [
    { teamId: team.id, userId: owner.id, applicationId: application.id, role: GROUP_ROLE.ADMIN },
  ]);
  await repo.insertTags(db, application.id, DEFAULT_TAGS);
  await repo.insertAppSettings(db, { applicationId: application.id, defaultTeamId: team.id });
  return { application, owner, defaultTeam: team };
}

/** A new company (customer) and its first application. Call inside one transaction. */
export async function provisionWorkspace(db: Db, input: WorkspaceInput) {
  const customer = await repo.insertCustomer(db, {
    companyName: input.companyName,
    email: input.owner.email,
    signupSource: input.signupSource ?? null,
    dealCode: input.dealCode ?? null,
    shopUrl: input.shopUrl ?? null,
    billingPlatform: input.billingPlatform ?? null,
    emailDomain: companyDomainOf(input.owner.email),
  });
  const created = await provisionApplication(db, {
    customerId: customer.id,
    name: input.companyName,
    owner: input.owner,
    product: input.product,
    pricingVersion: input.pricingVersion,
    signupBlock: input.signupBlock ?? null,
  });
  return { customer, ...created };
}
