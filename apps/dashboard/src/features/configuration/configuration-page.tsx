import { scriptSnippet } from '@convo/api';
import { Anchor, Badge, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useConfig } from '../../app/config/config-store';
import { SETTINGS_PAGES } from '../../app/routing/settings-pages';
import { settingsPath } from '../../app/routing/settings-paths';
import { useRequiredSession } from '../../app/session/use-required-session';
import { LoadFailed } from '../../components/load-failed';
import { PageHeader } from '../../components/page-header';
import { PageLoader } from '../../components/page-loader';
import { useBillingState } from '../billing/hooks/use-billing-state';
import { settingsMenu } from '../settings/settings-menu';
import { SnippetBlock } from '../widget-settings/components/snippet-block';

function Fact({ label, value, testId }: { label: string; value: string; testId?: string }) {
  return (
    <Stack gap={2} style={{ minWidth: 0 }}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text fw={500} style={{ overflowWrap: 'anywhere' }} data-testid={testId}>
        {value}
      </Text>
    </Stack>
  );
}

function PlanCard() {
  const { t } = useTranslation('routes');
  const { t: tb } = useTranslation('billing');
  const billing = useBillingState();
  if (billing.isPending) return <PageLoader minHeight="80px" />;
  if (billing.isError)
    return (
      <LoadFailed
        message={t('common.loadFailed')}
        retryLabel={t('common.retry')}
        onRetry={() => void billing.refetch()}
        py="sm"
      />
    );
  const locked = Object.keys(billing.data.lockedFeatures);
  return (
    <Stack gap="xs">
      <Group gap="xs">
        <Text fw={500}>{billing.data.plan ?? t('configuration.operatorPlan')}</Text>
        <Badge variant="light">{tb(`state.${billing.data.state}`)}</Badge>
        {billing.data.trialDaysLeft !== null && (
          <Text size="sm" c="dimmed">
            {t('configuration.trialDaysLeft', { count: billing.data.trialDaysLeft })}
          </Text>
        )}
      </Group>
      <Text size="sm" data-testid="configuration-features">
        {locked.length === 0
          ? t('configuration.allFeatures')
          : t('configuration.lockedFeatures', { count: locked.length })}
      </Text>
      <Anchor component={Link} to={settingsPath('billing')} size="sm">
        {t('configuration.toBilling')}
      </Anchor>
    </Stack>
  );
}

/**
 * /configuration: the application at a glance (docs/decisions.md): its id and key, product and
 * plan, the install snippet, and every settings page the member may open, by group.
 */
export function ConfigurationPage() {
  const { t, ready } = useTranslation('routes');
  const { t: tc } = useTranslation();
  const session = useRequiredSession();
  const { variant } = useConfig();
  if (!ready) return <PageLoader />;
  const menu = settingsMenu(session, SETTINGS_PAGES);
  const snippet = scriptSnippet({ origin: window.location.origin, appId: session.applicationId, variant });
  return (
    <Stack gap="md">
      <PageHeader title={t('configuration.title')} description={t('configuration.description')} />
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        <Paper withBorder p="md" radius="md">
          <Stack gap="sm">
            <Title order={2} size="h4">
              {t('configuration.application')}
            </Title>
            <SimpleGrid cols={{ base: 1, xs: 2 }}>
              <Fact label={t('configuration.name')} value={session.application.name} />
              <Fact
                label={t('configuration.appId')}
                value={session.applicationId}
                testId="configuration-app-id"
              />
              <Fact
                label={t('configuration.product')}
                value={t(`configuration.products.${session.product}`)}
              />
              <Fact label={t('configuration.variant')} value={t(`configuration.variants.${variant}`)} />
              <Fact
                label={t('configuration.created')}
                value={new Date(session.application.createdAtTime).toLocaleDateString()}
              />
              <Fact
                label={t('configuration.pricingVersion')}
                value={String(session.application.pricingVersion)}
              />
            </SimpleGrid>
          </Stack>
        </Paper>
        <Paper withBorder p="md" radius="md">
          <Stack gap="sm">
            <Title order={2} size="h4">
              {t('configuration.plan')}
            </Title>
            <PlanCard />
          </Stack>
        </Paper>
      </SimpleGrid>
      <SnippetBlock
        id="configuration-snippet"
        title={t('configuration.snippet')}
        description={t('configuration.snippetHint')}
        code={snippet}
        copyLabel={t('configuration.copySnippet')}
      />
      <Paper withBorder p="md" radius="md">
        <Stack gap="sm">
          <Title order={2} size="h4">
            {t('configuration.settings')}
          </Title>
          {menu.length === 0 ? (
            <Text c="dimmed">{t('configuration.noSettings')}</Text>
          ) : (
            <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
              {menu.map((group) => (
                <Stack key={group.group} gap={4}>
                  <Text fw={500}>{tc(`settingsNav.groups.${group.group}`)}</Text>
                  {group.pages.map((page) => (
                    <Anchor key={page.slug} component={Link} to={settingsPath(page.slug)} size="sm">
                      {tc(`settingsNav.pages.${page.slug}`)}
                    </Anchor>
                  ))}
                </Stack>
              ))}
            </SimpleGrid>
          )}
        </Stack>
      </Paper>
    </Stack>
  );
}
