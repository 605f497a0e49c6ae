import { USER_STATUS } from '@convo/domain';
import { Badge, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { LoadFailed } from '../../../components/load-failed';
import { SectionLoader } from '../../../components/page-loader';

export const NS = 'team';

/** Role types a person can hold (bots are added, not invited). */
export const HUMAN_ROLES = ['0', '1', '2', '11', '12'] as const;

const ROLE_KEYS = {
  '0': 'roles.superAdmin',
  '1': 'roles.admin',
  '2': 'roles.agent',
  '3': 'roles.bot',
  '11': 'roles.developer',
  '12': 'roles.operator',
} as const;

/** The translated name of each role type, from the shell's namespace. */
export function useRoleNames(): (roleType: string) => string {
  const { t } = useTranslation();
  return (roleType) =>
    roleType in ROLE_KEYS ? t(ROLE_KEYS[roleType as keyof typeof ROLE_KEYS]) : t('roles.unknown');
}

export function StatusBadge({ status }: { status: number }) {
  const { t } = useTranslation(NS);
  if (status === USER_STATUS.ONLINE)
    return (
      <Badge color="green" variant="light">
        {t('status.online')}
      </Badge>
    );
  if (status === USER_STATUS.EXPIRED)
    return (
      <Badge color="red" variant="light">
        {t('status.disabled')}
      </Badge>
    );
  if (status === USER_STATUS.DELETED) return <Badge color="gray">{t('status.deleted')}</Badge>;
  return (
    <Badge color="yellow" variant="light">
      {t('status.away')}
    </Badge>
  );
}

/** Loading, failure (with retry) and empty states shared by the panels. */
export function PanelState({
  loading,
  error,
  empty,
  emptyText,
  onRetry,
}: {
  loading: boolean;
  error: boolean;
  empty: boolean;
  emptyText: string;
  onRetry: () => void;
}) {
  const { t } = useTranslation(NS);
  if (loading) return <SectionLoader />;
  if (error)
    return <LoadFailed message={t('common.loadFailed')} retryLabel={t('common.retry')} onRetry={onRetry} />;
  if (empty)
    return (
      <Text c="dimmed" ta="center" py="xl">
        {emptyText}
      </Text>
    );
  return null;
}

export const formatDate = (ms: number | null, language: string) =>
  ms === null ? null : new Date(ms).toLocaleString(language, { dateStyle: 'medium', timeStyle: 'short' });
