import { type RoleType, toRoleType } from '@convo/domain';
import { useTranslation } from 'react-i18next';

const ROLE_KEYS = {
  '0': 'roles.superAdmin',
  '1': 'roles.admin',
  '2': 'roles.agent',
  '3': 'roles.bot',
  '11': 'roles.developer',
  '12': 'roles.operator',
} as const satisfies Record<RoleType, string>;

/** The translated name of a role type. */
export function useRoleLabel(roleType: string | null | undefined): string {
  const { t } = useTranslation();
  const role = toRoleType(roleType);
  return role === null ? t('roles.unknown') : t(ROLE_KEYS[role]);
}
