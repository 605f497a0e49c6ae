import type { Integration } from '@convo/api';
import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../app/api/api-error';
import { toast, toastError } from '../../app/toasts';
import { LoadFailed as LoadFailedBlock } from '../../components/load-failed';
import { i18next } from '../../i18n/i18n';
import { STATUS_COLOR } from './integration-views';

export const NS = 'integrations';

export function IntegrationStatusBadge({ status }: { status: Integration['status'] }) {
  const { t } = useTranslation(NS);
  return (
    <Badge color={STATUS_COLOR[status]} variant="light" data-testid="integration-status">
      {t(`status.${status}`)}
    </Badge>
  );
}

export function LoadFailed({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation(NS);
  return <LoadFailedBlock message={t('loadFailed')} retryLabel={t('retry')} onRetry={onRetry} />;
}

/** The provider's refusal is shown as the server words it (it names what was wrong). */
export function toastIntegrationError(error: unknown): void {
  if (isApiError(error) && (error.code === 'INTEGRATION_REJECTED' || error.code === 'PROVIDER_UNAVAILABLE'))
    toast.error(error.message);
  else toastError(error, i18next.t('somethingWrong', { ns: NS }));
}
