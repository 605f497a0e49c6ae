import type { BillingChangePreviewQuery } from '@convo/api';
import { Alert, Loader, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { billingKeys, fetchChangePreview } from '../api/billing-api';
import { formatAmount } from '../lib/billing-format';

const NS = 'billing';

/**
 * The price of a plan change, shown before the member confirms it: computed by the server from its
 * price list (remaining days × difference); a refusal (seats in use, custom plan) is shown as is.
 */
export function ChangePreview({ query }: { query: BillingChangePreviewQuery }) {
  const { t, i18n } = useTranslation(NS);
  const preview = useQuery({
    queryKey: billingKeys.changePreview(query),
    queryFn: ({ signal }) => fetchChangePreview(query, signal),
    retry: false,
  });
  if (preview.isPending) return <Loader size="xs" aria-label={t('preview.loading')} />;
  if (preview.error) {
    return (
      <Alert color="orange" role="alert" title={t('preview.refused')}>
        {preview.error.message}
      </Alert>
    );
  }
  const p = preview.data;
  const money = (amount: number) => formatAmount(amount, p.currency, i18n.language);
  return (
    <Alert color="blue" title={t('preview.title')} aria-live="polite">
      <Text size="sm">
        {t('preview.newPrice', { price: money(p.newPrice), period: t(`plan.period.${query.period}`) })}
      </Text>
      {p.credit > 0 ? (
        <Text size="sm">
          {t('preview.credit', { amount: money(p.credit), days: p.remainingDays, total: p.periodDays })}
        </Text>
      ) : null}
      <Text size="sm" fw={700}>
        {p.amountDue >= 0
          ? t('preview.due', { amount: money(p.amountDue) })
          : t('preview.leftAsCredit', { amount: money(-p.amountDue) })}
      </Text>
    </Alert>
  );
}
