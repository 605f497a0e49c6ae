// Role-based privileges of SPEC §6: the role matrix per product, company overrides, and the
// route → privilege map used by the dashboard router and the server.

import type { ProductVariant } from '../shared';
import { pathAndParents } from '../shared';
import { ROLE_TYPE, type RoleType } from './roles';

export const PRIVILEGE_KEYS = [
  'conversations',
  'conversation.delete',
  'conversation-notes',
  'dashboard',
  'dashboard.insights',
  'dashboard.bots',
  'dashboard.teammate-analytics',
  'dashboard.answer-feedback-analytics',
  'bots',
  'faq',
  'helpcenter',
  'helpcenter.answer-bot',
  'helpcenter.billing',
  'helpcenter.content',
  'helpcenter.customization',
  'integrations',
  'campaign-message',
  'message-logs',
  'reports',
  'users',
  'users.delete-option',
  'tags',
  'setup-page',
  'metabase-dashboard',
  'policies',
  'components',
  'configuration',
  'insert-options',
  'third-party-scripts',
  'intent-insights',
  'facebook-save-button',
  'billing-delete-option',
  'settings.agent-app',
  'settings.agent-assignment',
  'settings.away-message',
  'settings.billing',
  'settings.helpcenter-billing',
  'settings.chat-widget-customization',
  'settings.company',
  'settings.business-hours',
  'settings.quick-links',
  'settings.conversation-auto-resolving',
  'settings.waiting-queue',
  'settings.conversation-rules',
  'settings.conversation-transcript',
  'settings.csat-ratings',
  'settings.email-fallback',
  'settings.email-notifications',
  'settings.roles-and-permissions',
  'settings.install',
  'settings.mailbox',
  'settings.profile',
  'settings.pushnotification',
  'settings.quick-replies',
  'settings.sso',
  'settings.team',
  'settings.webhooks',
  'settings.security',
  'settings.welcome-message',
  'settings.pseudonym',
  'settings.tags-management',
  'settings.greeting-message',
  'settings.prechat-lead-collection',
  'settings.chat-configuration',
  'settings.user-details',
  'settings.conversation-preferences',
  'settings.2fa',
  'settings.notification-preferences',
] as const;
export type PrivilegeKey = (typeof PRIVILEGE_KEYS)[number];

export function isPrivilegeKey(value: unknown): value is PrivilegeKey {
  return typeof value === 'string' && (PRIVILEGE_KEYS as readonly string[]).includes(value);
}

/** 'classic' is the chat-and-bots product, 'agent' the agentic AI-agent product. */
export const PRODUCTS = ['classic', 'agent'] as const;
export type Product = (typeof PRODUCTS)[number];

export const PRODUCT_VARIANT: Readonly<Record<Product, ProductVariant>> = {
  classic: 'classic',
  agent: 'agentic',
};

/** The product a new company gets under a variant (signup and the demo seed). */
export function productOfVariant(variant: ProductVariant): Product {
  return variant === 'agentic' ? 'agent' : 'classic';
}

export type CompanySetting = {
  /** Privilege key → role types allowed; a listed key overrides the role matrix. */
  rolesAndPermissions?: Partial<Record<string, readonly string[]>>;
  hideBillingFromNonAdmin?: boolean;
  featureAccess?: readonly string[];
  /** SPEC §6: the company turned the vendor's support widget off in its dashboard. */
  disableSupportWidget?: boolean;
};

function without(keys: readonly PrivilegeKey[], removed: readonly PrivilegeKey[]): PrivilegeKey[] {
  return keys.filter((k) => !removed.includes(k));
}

function union(...lists: (readonly PrivilegeKey[])[]): PrivilegeKey[] {
  return PRIVILEGE_KEYS.filter((k) => lists.some((list) => list.includes(k)));
}

// ---- Classic product -------------------------------------------------------------------------

/** Keys only super admins and admins hold. */
export const ADMIN_ONLY_PRIVILEGES: readonly PrivilegeKey[] = [
  'conversation.delete',
  'users.delete-option',
  'billing-delete-option',
  'settings.roles-and-permissions',
  'settings.sso',
];

const CLASSIC_SUPER_ADMIN: readonly PrivilegeKey[] = PRIVILEGE_KEYS;
const CLASSIC_ADMIN = without(PRIVILEGE_KEYS, ['settings.2fa']);
const CLASSIC_AGENT = without(CLASSIC_ADMIN, [
  ...ADMIN_ONLY_PRIVILEGES,
  'intent-insights',
  'facebook-save-button',
]);
// The spec only says bots lack business hours and quick links in a "narrower set". Our choice:
// a bot account also gets no account administration (billing, team, company, mailbox) and none
// of the settings about notifying a human (agent app, push, e-mail, notification preferences).
const CLASSIC_BOT = without(CLASSIC_AGENT, [
  'settings.business-hours',
  'settings.quick-links',
  'settings.billing',
  'settings.helpcenter-billing',
  'helpcenter.billing',
  'settings.team',
  'settings.company',
  'settings.mailbox',
  'settings.agent-app',
  'settings.pushnotification',
  'settings.email-notifications',
  'settings.notification-preferences',
]);
const CLASSIC_DEVELOPER = without(
  union(CLASSIC_AGENT, ['settings.webhooks', 'settings.install', 'integrations']),
  ['campaign-message', 'settings.sso'],
);
const CLASSIC_OPERATOR: readonly PrivilegeKey[] = [
  'components',
  'conversations',
  'dashboard',
  'message-logs',
  'settings.profile',
  'insert-options',
  'settings.email-notifications',
  'settings.agent-assignment',
  'conversation-notes',
  'metabase-dashboard',
  'policies',
];

// ---- Agent product ---------------------------------------------------------------------------

/** The reduced settings list of the agent product. */
export const AGENT_PRODUCT_SETTINGS: readonly PrivilegeKey[] = [
  'settings.company',
  'settings.team',
  'settings.sso',
  'settings.webhooks',
  'settings.greeting-message',
  'settings.prechat-lead-collection',
  'settings.chat-configuration',
  'settings.profile',
  'settings.conversation-rules',
  'settings.agent-assignment',
  'settings.install',
  'settings.chat-widget-customization',
];

// Notes and insert options are not in the spec's list for roles 0-3 and 11, but the operator
// has them; we grant them to every conversation-handling role so nobody gets less than operators.
const AGENT_BASE = union(
  ['bots', 'configuration', 'conversations', 'integrations', 'conversation-notes', 'insert-options'],
  without(AGENT_PRODUCT_SETTINGS, ['settings.sso']),
);
const AGENT_ADMIN = union(AGENT_BASE, [
  'settings.sso',
  'conversation.delete',
  'users.delete-option',
  'facebook-save-button',
]);
const AGENT_SUPER_ADMIN = union(AGENT_ADMIN, ['settings.2fa']);
const AGENT_OPERATOR: readonly PrivilegeKey[] = [
  'conversations',
  'settings.profile',
  'conversation-notes',
  'insert-options',
];

export const ROLE_PRIVILEGES: Readonly<Record<Product, Readonly<Record<RoleType, readonly PrivilegeKey[]>>>> =
  {
    classic: {
      [ROLE_TYPE.SUPER_ADMIN]: CLASSIC_SUPER_ADMIN,
      [ROLE_TYPE.ADMIN]: CLASSIC_ADMIN,
      [ROLE_TYPE.AGENT]: CLASSIC_AGENT,
      [ROLE_TYPE.BOT]: CLASSIC_BOT,
      [ROLE_TYPE.DEVELOPER]: CLASSIC_DEVELOPER,
      [ROLE_TYPE.OPERATOR]: CLASSIC_OPERATOR,
    },
    agent: {
      [ROLE_TYPE.SUPER_ADMIN]: AGENT_SUPER_ADMIN,
      [ROLE_TYPE.ADMIN]: AGENT_ADMIN,
      [ROLE_TYPE.AGENT]: AGENT_BASE,
      [ROLE_TYPE.BOT]: AGENT_BASE,
      [ROLE_TYPE.DEVELOPER]: AGENT_BASE,
      [ROLE_TYPE.OPERATOR]: AGENT_OPERATOR,
    },
  };

/**
 * SPEC §6: no role type means full access; hidden billing is for super admins only; a key listed
 * in the company's rolesAndPermissions is allowed exactly for the listed role types; otherwise
 * the product's role matrix decides.
 */
/**
 * Whether a role's answer to `isAllowed` can depend on the company's settings: an end user's
 * never does, so a guard need not read them for the messaging API's hottest calls (sends).
 */
export const privilegeReadsCompanySetting = (roleType: RoleType | null | undefined): roleType is RoleType =>
  roleType !== null && roleType !== undefined;

export function isAllowed(
  key: PrivilegeKey,
  roleType: RoleType | null | undefined,
  companySetting?: CompanySetting | null,
  product: Product = 'classic',
): boolean {
  if (!privilegeReadsCompanySetting(roleType)) return true;
  if (key === 'settings.billing' && companySetting?.hideBillingFromNonAdmin === true) {
    return roleType === ROLE_TYPE.SUPER_ADMIN;
  }
  const override = companySetting?.rolesAndPermissions?.[key];
  // Stored role lists sometimes hold numbers; compare as strings.
  if (override != null) return override.some((r) => String(r) === roleType);
  return ROLE_PRIVILEGES[product][roleType]?.includes(key) ?? false;
}

export function allowedPrivileges(
  roleType: RoleType | null | undefined,
  companySetting?: CompanySetting | null,
  product: Product = 'classic',
): Set<PrivilegeKey> {
  return new Set(PRIVILEGE_KEYS.filter((key) => isAllowed(key, roleType, companySetting, product)));
}

// ---- Routes ----------------------------------------------------------------------------------

// Sub-paths inherit their parent's privilege, so only the top of each area is listed unless a
// child needs a different key. /onboarding and /help are open to every signed-in user.
export const ROUTE_PRIVILEGES: Readonly<Record<string, PrivilegeKey>> = {
  '/dashboard': 'dashboard',
  '/users': 'users',
  '/conversations': 'conversations',
  '/message-logs': 'message-logs',
  '/components': 'components',
  '/reports': 'reports',
  '/waiting-queue/stats': 'settings.waiting-queue',
  '/bot': 'bots',
  /** One bot's analytics and insights (issue 36 item 5): the dashboard's bots section. */
  '/bots/analytics': 'dashboard.bots',
  '/welcome': 'setup-page',
  '/configuration': 'configuration',
  '/faq': 'faq',
  '/metabase-dashboard': 'metabase-dashboard',
  '/policies': 'policies',
  '/campaign-message': 'campaign-message',
  '/integrations': 'integrations',
  '/integration-details': 'integrations',
  '/settings/install': 'settings.install',
  '/settings/install-mobile': 'settings.install',
  '/settings/install-cms': 'settings.install',
  '/settings/team': 'settings.team',
  '/settings/profile': 'settings.profile',
  '/settings/quick-replies': 'settings.quick-replies',
  '/settings/welcome-message': 'settings.welcome-message',
  '/settings/company': 'settings.company',
  '/settings/away-message': 'settings.away-message',
  '/settings/agent-app': 'settings.agent-app',
  '/settings/conversation-rules': 'settings.conversation-rules',
  '/settings/conversation-transcript': 'settings.conversation-transcript',
  '/settings/billing': 'settings.billing',
  '/settings/pushnotification': 'settings.pushnotification',
  '/settings/email-notifications': 'settings.email-notifications',
  '/settings/notification-preferences': 'settings.notification-preferences',
  '/settings/chat-widget-customization': 'settings.chat-widget-customization',
  '/settings/chat-widget-configuration': 'settings.chat-configuration',
  '/settings/email-fallback': 'settings.email-fallback',
  '/settings/mailbox': 'settings.mailbox',
  '/settings/roles-permissions': 'settings.roles-and-permissions',
  '/settings/sso': 'settings.sso',
  '/settings/webhooks': 'settings.webhooks',
  '/settings/webhooks-security': 'settings.security',
  '/settings/security': 'settings.2fa',
  '/settings/csat-ratings': 'settings.csat-ratings',
  '/settings/waiting-queue': 'settings.waiting-queue',
  '/settings/conversation-auto-resolving': 'settings.conversation-auto-resolving',
  '/settings/user-details': 'settings.user-details',
  '/settings/conversation-preferences': 'settings.conversation-preferences',
  '/settings/manage-tags': 'settings.tags-management',
  '/settings/greeting-message': 'settings.greeting-message',
  '/settings/pre-chat-lead-collection': 'settings.prechat-lead-collection',
  '/settings/helpcenter-billing': 'settings.helpcenter-billing',
  '/settings/business-hours': 'settings.business-hours',
  '/settings/quick-links': 'settings.quick-links',
  // Bot builder settings belong to the bots area.
  '/settings/general': 'bots',
  '/settings/entities': 'bots',
  '/settings/webhook': 'bots',
  '/settings/import': 'bots',
  '/settings/export': 'bots',
  '/settings/inline-code': 'bots',
  '/settings/handover': 'bots',
  '/helpcenter': 'helpcenter',
  '/helpcenter/content': 'helpcenter.content',
  '/helpcenter/customization': 'helpcenter.customization',
  '/helpcenter/answer-bot': 'helpcenter.answer-bot',
  '/helpcenter/billing': 'helpcenter.billing',
  '/bots': 'bots',
};

/** Privilege guarding a path (trailing slash ignored, sub-paths inherit); null means unrestricted. */
export function privilegeForPath(path: string): PrivilegeKey | null {
  for (const candidate of pathAndParents(path)) {
    const key = ROUTE_PRIVILEGES[candidate];
    if (key !== undefined) return key;
  }
  return null;
}

export function canAccessPath(
  path: string,
  roleType: RoleType | null | undefined,
  companySetting?: CompanySetting | null,
  product: Product = 'classic',
): boolean {
  const key = privilegeForPath(path);
  return key === null || isAllowed(key, roleType, companySetting, product);
}
