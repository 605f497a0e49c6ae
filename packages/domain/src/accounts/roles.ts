// Role enumerations of SPEC §3. Role types travel as strings ('0'…'12') in sessions and settings.

export const ROLE_TYPE = {
  SUPER_ADMIN: '0',
  ADMIN: '1',
  AGENT: '2',
  BOT: '3',
  DEVELOPER: '11',
  OPERATOR: '12',
} as const;

export type RoleType = (typeof ROLE_TYPE)[keyof typeof ROLE_TYPE];

export const ROLE_TYPES: readonly RoleType[] = Object.values(ROLE_TYPE);

/** User types as stored in the user table (differs from ROLE_TYPE on purpose: legacy numbering). */
export const TABLE_USER_TYPE = { SUPER_ADMIN: '3', ADMIN: '1' } as const;

/** Role numbers used by the messaging platform. */
export const MESSAGING_ROLE = {
  BOT: 3,
  APPLICATION_ADMIN: 1,
  ADMIN: 1,
  SUPPORT: 2,
  APPLICATION_WEB_ADMIN: 0,
  DEVELOPER: 11,
} as const;

export const GROUP_ROLE = { ADMIN: '1', MODERATOR: '2', MEMBER: '3' } as const;
export type GroupRole = (typeof GROUP_ROLE)[keyof typeof GROUP_ROLE];

export const USER_TYPE = { AGENT: 1, BOT: 2, ADMIN: 3 } as const;
export type UserType = (typeof USER_TYPE)[keyof typeof USER_TYPE];

export const APPLICATION_ADMIN_ROLE_NAME = 'APPLICATION_ADMIN';

/** Accepts what real payloads carry (numbers or strings) and narrows to a RoleType. */
export function toRoleType(value: unknown): RoleType | null {
  if (typeof value !== 'string' && typeof value !== 'number') return null;
  const text = String(value).trim();
  return (ROLE_TYPES as readonly string[]).includes(text) ? (text as RoleType) : null;
}

export function isRoleType(value: unknown): value is RoleType {
  return typeof value === 'string' && (ROLE_TYPES as readonly string[]).includes(value);
}

/** Super admin and admin hold admin permissions (SPEC §6). */
export function isAdminRole(roleType: string | number | null | undefined): boolean {
  const role = toRoleType(roleType);
  return role === ROLE_TYPE.SUPER_ADMIN || role === ROLE_TYPE.ADMIN;
}

export function isSuperAdminRole(roleType: string | number | null | undefined): boolean {
  return toRoleType(roleType) === ROLE_TYPE.SUPER_ADMIN;
}

/** i18n keys for role names; the dashboard translates them. */
export const ROLE_TYPE_LABEL_KEYS: Readonly<Record<RoleType, string>> = {
  '0': 'roles.superAdmin',
  '1': 'roles.admin',
  '2': 'roles.agent',
  '3': 'roles.bot',
  '11': 'roles.developer',
  '12': 'roles.operator',
};

export function roleTypeLabel(roleType: string | number | null | undefined): string {
  const role = toRoleType(roleType);
  return role === null ? 'roles.unknown' : ROLE_TYPE_LABEL_KEYS[role];
}
