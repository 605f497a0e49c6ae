// Settings → Billing (SPEC §2 /settings/billing): the plan, seats, AI agents, usage against the
// allowance, invoices, and how to change the plan. Without a billing provider it says honestly that
// the server runs the operator plan.

import type { BillingOverview } from '@convo/api';
import {
  Alert,
  Badge,
  Button,
  Group,
  Paper,
  Progress,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { mailtoLink, SUPPORT_EMAIL } from '../../../app/support';
import { toast, toastError } from '../../../app/toasts';
import { LoadFailed as LoadFailedBlock } from '../../../components/load-failed';
import { PageHeader } from '../../../components/page-header';
import { SectionLoader } from '../../../components/page-loader';
import { billingKeys, fetchBillingOverview } from '../api/billing-api';
import { AddonCard } from '../components/addon-card';
import { CheckoutForm } from '../components/checkout-form';
import { PortalButtons } from '../components/portal-buttons';
import {
  formatAmount,
  formatPeriod,
  isUnlimited,
  planName,
  usageAllowanceTotal,
  usagePercent,
  usageUsed,
} from '../lib/billing-format';

const NS = 'billing';

function LoadFailed({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation(NS);
  return <LoadFailedBlock message={t('loadFailed')} retryLabel={t('retry')} onRetry={onRetry} />;
}

export function GetInTouchButton({ variant = 'default' }: { variant?: 'default' | 'filled' | 'light' }) {
  const { t } = useTranslation(NS);
  return (
    <Button component="a" variant={variant} href={mailtoLink(SUPPORT_EMAIL, t('mailSubject'), '')}>
      {t('getInTouch')}
    </Button>
  );
}

function StatCard({ title, value, hint }: { title: string; value: string; hint?: string | undefined }) {
  return (
    <Paper withBorder p="md" radius="md">
      <Text size="sm" c="dimmed">
        {title}
      </Text>
      <Text size="xl" fw={700}>
        {value}
      </Text>
      {hint ? (
        <Text size="sm" c="dimmed">
          {hint}
        </Text>
      ) : null}
    </Paper>
  );
}

function PlanCard({ overview }: { overview: BillingOverview }) {
  const { t, i18n } = useTranslation(NS);
  if (overview.mode === 'operator') {
    return (
      <Alert title={t('operator.title')} data-testid="operator-plan">
        {t('operator.body')}
      </Alert>
    );
  }
  const date = (ms: number) => new Date(ms).toLocaleDateString(i18n.language, { dateStyle: 'long' });
  return (
    <Paper withBorder p="md" radius="md" data-testid="current-plan">
      <Group justify="space-between" wrap="wrap" gap="sm">
        <Stack gap={2}>
          <Text size="sm" c="dimmed">
            {t('plan.current')}
          </Text>
          <Title order={2} size="h3">
            {overview.plan ? planName(overview.plan) : '—'}
          </Title>
          {overview.billingPeriodUnit ? (
            <Text size="sm">{t(`plan.period.${overview.billingPeriodUnit}`)}</Text>
          ) : null}
          {overview.until !== null ? (
            <Text size="sm">
              {overview.plan === 'trial'
                ? t('plan.trialUntil', { date: date(overview.until) })
                : t('plan.until', { date: date(overview.until) })}
            </Text>
          ) : null}
        </Stack>
        <Badge size="lg" color={overview.state === 'active' || overview.state === 'trial' ? 'teal' : 'red'}>
          {t(`state.${overview.state}`)}
        </Badge>
      </Group>
    </Paper>
  );
}

function UsageCard({ overview }: { overview: BillingOverview }) {
  const { t, i18n } = useTranslation(NS);
  const { usage } = overview;
  const percent = usagePercent(usage);
  const used = usageUsed(usage);
  const label =
    usage.metric === 'channelCount'
      ? t('usage.messages', { since: formatPeriod(usage.since, i18n.language) })
      : t('usage.mtu', { since: formatPeriod(usage.since, i18n.language) });
  return (
    <Paper withBorder p="md" radius="md">
      <Stack gap="xs">
        <Title order={2} size="h4">
          {t('usage.title')}
        </Title>
        <Text size="sm">{label}</Text>
        {percent === null ? (
          <Text fw={700}>{t('usage.unmetered', { used })}</Text>
        ) : (
          <>
            <Progress
              value={percent}
              color={percent >= 100 ? 'red' : percent >= 80 ? 'yellow' : 'teal'}
              aria-label={t('usage.title')}
              data-testid="usage-bar"
            />
            <Text fw={700}>{t('usage.ofAllowance', { used, allowance: usageAllowanceTotal(usage) })}</Text>
            {percent >= 100 ? <Text size="sm">{t('usage.over')}</Text> : null}
          </>
        )}
      </Stack>
    </Paper>
  );
}

function Invoices({ overview }: { overview: BillingOverview }) {
  const { t, i18n } = useTranslation(NS);
  return (
    <Paper withBorder p="md" radius="md">
      <Stack gap="xs">
        <Title order={2} size="h4">
          {t('invoices.title')}
        </Title>
        {overview.invoices.length === 0 ? (
          <Text c="dimmed">
            {overview.provider === 'manual' ? t('invoices.manual') : t('invoices.empty')}
          </Text>
        ) : (
          <Table.ScrollContainer minWidth={480}>
            <Table>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('invoices.number')}</Table.Th>
                  <Table.Th>{t('invoices.date')}</Table.Th>
                  <Table.Th>{t('invoices.amount')}</Table.Th>
                  <Table.Th>{t('invoices.status')}</Table.Th>
                  <Table.Th />
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {overview.invoices.map((invoice) => (
                  <Table.Tr key={invoice.id}>
                    <Table.Td>{invoice.number}</Table.Td>
                    <Table.Td>{new Date(invoice.issuedAt).toLocaleDateString(i18n.language)}</Table.Td>
                    <Table.Td>{formatAmount(invoice.amount, invoice.currency, i18n.language)}</Table.Td>
                    <Table.Td>{invoice.status}</Table.Td>
                    <Table.Td>
                      {invoice.url ? (
                        <Button
                          component="a"
                          href={invoice.url}
                          target="_blank"
                          rel="noreferrer"
                          variant="subtle"
                          size="xs"
                        >
                          {t('invoices.download')}
                        </Button>
                      ) : null}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Stack>
    </Paper>
  );
}

export function BillingPage() {
  const { t } = useTranslation(NS);
  const [params, setParams] = useSearchParams();
  const queryClient = useQueryClient();
  // Back from Stripe Checkout: say so once, and read the plan again.
  useEffect(() => {
    if (params.get('checkout') !== 'done') return;
    toast.success(t('checkout.done'));
    void queryClient.invalidateQueries({ queryKey: ['billing'] });
    setParams({}, { replace: true });
  }, [params, setParams, queryClient, t]);
  const overview = useQuery({
    queryKey: billingKeys.overview,
    queryFn: ({ signal }) => fetchBillingOverview(signal),
  });
  useEffect(() => {
    if (overview.error) toastError(overview.error);
  }, [overview.error]);
  const data = overview.data;
  // A Stripe subscription past its trial (not churned) is managed in the customer portal.
  const subscribed =
    data?.provider === 'stripe' && !['trial', 'trial-expired', 'churned'].includes(data.state);
  const limitText = (used: number, limit: number | null) =>
    isUnlimited(limit) ? t('limits.unlimited', { used }) : t('limits.of', { used, limit });
  return (
    <Stack gap="md">
      <PageHeader title={t('title')} description={t('description')} />
      {overview.isPending ? (
        <SectionLoader label={t('loading')} />
      ) : !data ? (
        <LoadFailed onRetry={() => void overview.refetch()} />
      ) : (
        <>
          <PlanCard overview={data} />
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <StatCard
              title={t('seats.title')}
              value={limitText(data.seats.used, data.seats.limit)}
              hint={data.seats.bought !== null ? t('seats.bought', { count: data.seats.bought }) : undefined}
            />
            <StatCard
              title={t('aiAgents.title')}
              value={limitText(data.aiAgents.used, data.aiAgents.limit)}
            />
          </SimpleGrid>
          <UsageCard overview={data} />
          {data.mode === 'billed' ? <AddonCard overview={data} /> : null}
          {data.mode === 'billed' ? <Invoices overview={data} /> : null}
          {data.mode === 'billed' ? (
            <Paper withBorder p="md" radius="md">
              <Stack gap="xs" align="flex-start">
                <Title order={2} size="h4">
                  {t('change.title')}
                </Title>
                {subscribed ? <PortalButtons /> : null}
                {data.offers.length > 0 ? (
                  <CheckoutForm overview={data} subscribed={subscribed} />
                ) : (
                  <Text>{t('change.manual')}</Text>
                )}
                <GetInTouchButton variant={data.offers.length > 0 ? 'default' : 'filled'} />
              </Stack>
            </Paper>
          ) : null}
        </>
      )}
    </Stack>
  );
}
