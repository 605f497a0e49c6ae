import { PLAN } from '@convo/domain';
import { ActionIcon, Badge, Card, CopyButton, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useRoleLabel } from '../../app/layout/use-role-label';
import { useRequiredSession } from '../../app/session/use-required-session';
import { CheckIcon, CopyIcon } from '../../components/icons';
import { LazyTooltip } from '../../components/overlays/lazy-tooltip';
import { PageHeader } from '../../components/page-header';
import { AnalyticsSection } from '../analytics/components/analytics-section';
import { useBillingState } from '../billing/hooks/use-billing-state';
import { dayPart, firstName, planView } from './workspace';

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap={2}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <div>{children}</div>
    </Stack>
  );
}

function usePlanLabel(plan: string): string {
  const { t } = useTranslation();
  if (plan === PLAN.TRIAL) return t('plans.trial');
  if (plan === PLAN.FREE) return t('plans.free');
  if (plan === '') return t('plans.none');
  // Paid plan names are product names (Starter, Professional…): shown as they are.
  return plan
    .split(/[_\s]+/)
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join(' ');
}

/** /dashboard: the signed-in user's home: who they are, which workspace they are in, and its analytics. */
export function DashboardPage() {
  const { t } = useTranslation();
  const session = useRequiredSession();
  const { application } = session;
  const roleLabel = useRoleLabel(session.roleType);
  const sessionPlanLabel = usePlanLabel(application.subscriptionPlan);
  // The billing state decides: without a billing provider there is no trial (issue 40).
  const billing = useBillingState();
  const plan = planView(billing.data?.mode, application, Date.now());
  const planLabel = plan.kind === 'operator' ? t('plans.operator') : sessionPlanLabel;
  const trial = plan.kind === 'plan' ? plan.trial : null;
  const part = dayPart(new Date().getHours());
  const name = firstName(session.name);
  const greeting =
    part === 'morning'
      ? t('home.greeting.morning', { name })
      : part === 'afternoon'
        ? t('home.greeting.afternoon', { name })
        : t('home.greeting.evening', { name });

  return (
    <Stack gap="lg" maw={1280}>
      <PageHeader title={greeting} description={t('home.subtitle')} />
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="workspace-heading">
          <Stack>
            <Title order={2} fz="h4" id="workspace-heading">
              {t('home.workspace.title')}
            </Title>
            <Field label={t('home.workspace.company')}>
              <Text fw={600}>{application.name}</Text>
            </Field>
            <Field label={t('home.workspace.applicationId')}>
              <Group gap={6} wrap="nowrap">
                <Text ff="monospace" data-testid="application-id">
                  {application.applicationId}
                </Text>
                <CopyButton value={application.applicationId} timeout={2000}>
                  {({ copied, copy }) => (
                    <LazyTooltip label={copied ? t('common.copied') : t('home.workspace.copyId')} withArrow>
                      <ActionIcon
                        variant="subtle"
                        onClick={copy}
                        aria-label={copied ? t('common.copied') : t('home.workspace.copyId')}
                      >
                        {copied ? <CheckIcon size={16} /> : <CopyIcon size={16} />}
                      </ActionIcon>
                    </LazyTooltip>
                  )}
                </CopyButton>
              </Group>
            </Field>
            <Field label={t('home.workspace.plan')}>
              <Group gap="xs">
                <Badge variant="light" size="lg" data-testid="plan-badge">
                  {planLabel}
                </Badge>
                {trial?.status === 'active' && (
                  <Text size="sm" data-testid="trial-days-left">
                    {t('home.workspace.trialDaysLeft', { count: trial.daysLeft })}
                  </Text>
                )}
                {trial?.status === 'expired' && (
                  <Text size="sm" c="red">
                    {t('home.workspace.trialEnded')}
                  </Text>
                )}
              </Group>
            </Field>
          </Stack>
        </Card>
        <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="account-heading">
          <Stack>
            <Title order={2} fz="h4" id="account-heading">
              {t('home.account.title')}
            </Title>
            <Field label={t('home.account.name')}>
              <Text fw={600}>{session.name}</Text>
            </Field>
            <Field label={t('home.account.email')}>
              <Group gap="xs">
                <Text>{session.email}</Text>
                <Badge variant="light" color={session.emailVerified ? 'green' : 'yellow'}>
                  {session.emailVerified ? t('home.account.verified') : t('home.account.notVerified')}
                </Badge>
              </Group>
            </Field>
            <Field label={t('home.account.role')}>
              <Text>{roleLabel}</Text>
            </Field>
          </Stack>
        </Card>
      </SimpleGrid>
      <AnalyticsSection />
    </Stack>
  );
}
