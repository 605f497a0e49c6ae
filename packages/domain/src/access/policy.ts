// One authorization policy (SPEC §6): every "may this caller do that?" of the server is answered
// here, by `can(actor, action, resource)`, from the role matrix, the company's overrides, the plan's
// features and ownership. Route guards and services both ask it; neither compares roles itself.

import {
  type CompanySetting,
  isAllowed,
  type PrivilegeKey,
  type Product,
  ROLE_TYPE,
  type RoleType,
} from '../accounts';
import type { FeatureAccess, FeatureKey } from '../billing';

/**
 * Who asks. `roleType` null is an end user of the application (a widget visitor or a messaging
 * API user): it holds a token but is no member of the team.
 */
export interface Actor {
  /** The user's internal id (owners, authors). */
  userId: string;
  /** The user's id on the messaging API (the one callers name in requests). */
  userName: string;
  roleType: RoleType | null;
  product: Product;
}

/** The caller's own application, for actions that concern the application as a whole. */
export const APPLICATION = { type: 'application' } as const;
export type ApplicationResource = typeof APPLICATION;

/** Each action and the resource it is asked about. */
export interface PolicyResources {
  /** A SPEC §6 privilege key (a screen and the API serving it), under the company's overrides. */
  'privilege.use': { key: PrivilegeKey; companySetting: CompanySetting | null };
  /** A plan feature (SPEC §6 feature access); `access` is the entitlement's entry, absent when open. */
  'feature.use': { feature: FeatureKey; access: FeatureAccess | undefined };
  /** Admin permissions (SPEC §6: super admin and admin): the team, bots, company, applications. */
  'application.administer': ApplicationResource;
  /** Work as a member of the team (any role type); end users are refused. */
  'application.work': ApplicationResource;
  /** What only the end user of the widget does (register, rate their conversation). */
  'widget.visit': ApplicationResource;
  /** Invite someone with this role: admins only, and a super admin only by a super admin. */
  'member.invite': { roleType: RoleType | undefined };
  /** Every conversation of the application: members; an end user only those they take part in. */
  'conversation.see': { participant: boolean };
  /** A user's details: members see anyone; an end user only themself. */
  'user.read': { userName: string };
  /** Another user's profile (Of-User-Id): an admin, and only for an end user. */
  'user.update-profile': { userId: string; roleType: RoleType | null };
  /** Change or delete a note: its author, or an admin. */
  'note.change': { authorId: string };
  /** Write a quick reply: a personal one by its owner, a shared one (no owner) by an admin. */
  'quick-reply.write': { ownerId: string | null };
}

export type Action = keyof PolicyResources;

const isAdmin = (role: RoleType | null) => role === ROLE_TYPE.SUPER_ADMIN || role === ROLE_TYPE.ADMIN;
const isMember = (role: RoleType | null) => role !== null;

type Rules = { [A in Action]: (actor: Actor, resource: PolicyResources[A]) => boolean };

const RULES: Rules = {
  // End users pass here ("a session with no role type has full access", SPEC §6): the messaging
  // API serves them, and the ownership rules below keep them to their own conversations.
  'privilege.use': (actor, r) => isAllowed(r.key, actor.roleType, r.companySetting, actor.product),
  'feature.use': (_actor, r) => r.access === undefined || r.access.allowed,
  'application.administer': (actor) => isAdmin(actor.roleType),
  'application.work': (actor) => isMember(actor.roleType),
  'widget.visit': (actor) => !isMember(actor.roleType),
  'member.invite': (actor, r) =>
    isAdmin(actor.roleType) &&
    (r.roleType !== ROLE_TYPE.SUPER_ADMIN || actor.roleType === ROLE_TYPE.SUPER_ADMIN),
  'conversation.see': (actor, r) => isMember(actor.roleType) || r.participant,
  'user.read': (actor, r) => isMember(actor.roleType) || r.userName === actor.userName,
  'user.update-profile': (actor, r) =>
    r.userId === actor.userId || (isAdmin(actor.roleType) && !isMember(r.roleType)),
  'note.change': (actor, r) => r.authorId === actor.userId || isAdmin(actor.roleType),
  'quick-reply.write': (actor, r) =>
    r.ownerId === null ? isAdmin(actor.roleType) : r.ownerId === actor.userId,
};

/** The policy's answer: may `actor` do `action` on `resource`? Pure; no I/O. */
export function can<A extends Action>(actor: Actor, action: A, resource: PolicyResources[A]): boolean {
  return RULES[action](actor, resource);
}
