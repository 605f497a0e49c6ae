// /settings/helpcenter-billing and /helpcenter/billing: the help center is billed as its own
// product; today every help center is on its free plan, and the page says so.

import { Alert, Badge, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { toastError } from '../../../app/toasts';
import { PageHeader } from '../../../components/page-header';
import { SectionLoader } from '../../../components/page-loader';
import { billingKeys, fetchHelpCenterBilling } from '../api/billing-api';
import { planName } from '../lib/billing-format';
import { GetInTouchButton } from './billing-page';

const NS = 'billing';

export function HelpCenterBillingPage() {
  const { t } = useTranslation(NS);
  const billing = useQuery({
    queryKey: billingKeys.helpCenter,
    queryFn: ({ signal }) => fetchHelpCenterBilling(signal),
  });
  useEffect(() => {
    if (billing.error) toastError(billing.error);
  }, [billing.error]);
  const data = billing.data;
  return (
    <Stack gap="md">
      <PageHeader title={t('helpCenter.title')} description={t('helpCenter.description')} />
      {billing.isPending ? (
        <SectionLoader label={t('loading')} />
      ) : !data ? (
        <Text role="alert">{t('loadFailed')}</Text>
      ) : data.mode === 'operator' ? (
        <Alert title={t('operator.title')}>{t('operator.body')}</Alert>
      ) : (
        <Paper withBorder p="md" radius="md" data-testid="helpcenter-plan">
          <Stack gap="xs" align="flex-start">
            <Group gap="sm">
              <Title order={2} size="h3">
                {planName(data.plan)}
              </Title>
              <Badge color="teal">{t('state.active')}</Badge>
            </Group>
            <Text>{t('helpCenter.free')}</Text>
            <GetInTouchButton />
          </Stack>
        </Paper>
      )}
    </Stack>
  );
}
