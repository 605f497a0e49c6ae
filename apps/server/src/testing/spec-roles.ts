import type { CompanySetting, PrivilegeKey, Product, RoleType } from '@convo/domain';
import { PRIVILEGE_KEYS } from '@convo/domain';

// SPEC §6 transcribed from the spec's text (role by role, product by product) for the tests, and
// never computed by the domain's permission table or policy: the tests compare the server's answers
// with this, so a slip in the implementation cannot hide behind itself.

type Role = RoleType;
const ALL: readonly PrivilegeKey[] = PRIVILEGE_KEYS;
const minus = (keys: readonly PrivilegeKey[], removed: readonly PrivilegeKey[]) =>
  keys.filter((k) => !removed.includes(k));

/** "Deleting conversations and users, roles-and-permissions, SSO and billing-delete options: roles 0 and 1 only." */
const ROLES_0_1_ONLY: readonly PrivilegeKey[] = [
  'conversation.delete',
  'users.delete-option',
  'settings.roles-and-permissions',
  'settings.sso',
  'billing-delete-option',
];
/** "Admin lacks 2fa." */
const SPEC_CLASSIC_ADMIN = minus(ALL, ['settings.2fa']);
/** "Agents (2) lack conversation.delete, roles-and-permissions, sso, users.delete-option, intent insights, facebook save button." */
const SPEC_CLASSIC_AGENT = minus(SPEC_CLASSIC_ADMIN, [
  ...ROLES_0_1_ONLY,
  'intent-insights',
  'facebook-save-button',
]);

/**
 * Recorded deviations (docs/decisions.md, "Messaging API: … privileges"): where the spec is vague
 * we chose, and the choice is written here, not hidden in the matrix.
 */
export const DEVIATIONS = {
  /** Bot (3), "a narrower set": besides business hours and quick links, no account administration and no human notification settings. */
  classicBotAlsoLacks: [
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
  ],
  /** Agent product, roles 0-3 and 11: notes and insert options, which the operator has. */
  agentProductConversationRolesAlsoGet: ['conversation-notes', 'insert-options'],
  /** Agent product: SSO stays with roles 0 and 1, as the general rule says for both products. */
  agentProductSsoOnlyFor: ['0', '1'],
} satisfies Record<string, readonly string[]>;

/** Agent product: "bots, configuration, conversations, integrations and a reduced settings list". */
const SPEC_AGENT_PRODUCT_SETTINGS: readonly PrivilegeKey[] = [
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
const agentProductRole = (role: Role): PrivilegeKey[] => [
  'bots',
  'configuration',
  'conversations',
  'integrations',
  ...(DEVIATIONS.agentProductConversationRolesAlsoGet as PrivilegeKey[]),
  ...SPEC_AGENT_PRODUCT_SETTINGS.filter(
    (k) => k !== 'settings.sso' || (DEVIATIONS.agentProductSsoOnlyFor as string[]).includes(role),
  ),
  // "2fa only super admin; delete and facebook save only roles 0 and 1".
  ...(role === '0' ? (['settings.2fa'] as const) : []),
  ...(role === '0' || role === '1'
    ? (['conversation.delete', 'users.delete-option', 'facebook-save-button'] as const)
    : []),
];

export const SPEC_TABLE: Readonly<Record<Product, Readonly<Record<Role, ReadonlySet<PrivilegeKey>>>>> = {
  classic: {
    '0': new Set(ALL),
    '1': new Set(SPEC_CLASSIC_ADMIN),
    '2': new Set(SPEC_CLASSIC_AGENT),
    '3': new Set(
      minus(SPEC_CLASSIC_AGENT, [
        'settings.business-hours',
        'settings.quick-links',
        ...(DEVIATIONS.classicBotAlsoLacks as PrivilegeKey[]),
      ]),
    ),
    // "Close to agent plus integrations settings, without campaign and sso."
    '11': new Set(
      minus(
        [...SPEC_CLASSIC_AGENT, 'integrations', 'settings.webhooks'],
        ['campaign-message', 'settings.sso'],
      ),
    ),
    '12': new Set<PrivilegeKey>([
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
    ]),
  },
  agent: {
    '0': new Set(agentProductRole('0')),
    '1': new Set(agentProductRole('1')),
    '2': new Set(agentProductRole('2')),
    '3': new Set(agentProductRole('3')),
    '11': new Set(agentProductRole('11')),
    // "Operator only conversations, profile, notes, insert-options."
    '12': new Set<PrivilegeKey>([
      'conversations',
      'settings.profile',
      'conversation-notes',
      'insert-options',
    ]),
  },
};

/**
 * SPEC §6: "allowed if the company setting does not list it or lists the user's role type";
 * hidden billing is for the super admin only. Otherwise the table above.
 */
export function specAllows(key: PrivilegeKey, role: Role, setting: CompanySetting | null, product: Product) {
  if (key === 'settings.billing' && setting?.hideBillingFromNonAdmin === true) return role === '0';
  const listed = setting?.rolesAndPermissions?.[key];
  if (listed != null) return listed.includes(role);
  return SPEC_TABLE[product][role].has(key);
}

/** "Super admin and admin have admin permissions; super admin alone has super-admin permissions." */
export const SPEC_ADMIN_PERMISSION_ROLES: readonly RoleType[] = ['0', '1'];
