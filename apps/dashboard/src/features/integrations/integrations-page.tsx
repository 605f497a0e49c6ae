// /integrations, /integrations/all, /messaging and /manage (SPEC §2): every integration this
// server runs with its category and status; the category filter (default 'all') lives in the URL.

import { Button, Group, Paper, Select, SimpleGrid, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { PageHeader } from '../../components/page-header';
import { PageLoader, SectionLoader } from '../../components/page-loader';
import { AiModelsSection } from './ai-models/ai-models-section';
import { useIntegrations } from './api';
import { ChannelIcon } from './channel-icon';
import { IntegrationHubTabs } from './hub-tabs';
import {
  type CategoryFilter,
  categoriesOf,
  categoryFilterOf,
  detailsPath,
  type IntegrationView,
  visibleIntegrations,
} from './integration-views';
import { IntegrationStatusBadge, LoadFailed, NS } from './shared';
import { StoresSection } from './stores/stores-section';

export function IntegrationsPage({ view }: { view: IntegrationView }) {
  const { t, ready } = useTranslation(NS);
  const integrations = useIntegrations();
  const [params, setParams] = useSearchParams();
  const category = categoryFilterOf(params.get('category'));
  if (!ready) return <PageLoader />;
  const items = integrations.data ?? [];
  const shown = visibleIntegrations(items, view, category);
  const setCategory = (value: string | null) => {
    const next = categoryFilterOf(value);
    setParams(next === 'all' ? {} : { category: next }, { replace: true });
  };
  return (
    <Stack gap="md" maw={1100}>
      <PageHeader title={t('title')} description={t('description')} />
      <IntegrationHubTabs />
      {view === 'all' && (
        <Select
          label={t('category')}
          data={[
            { value: 'all', label: t('categories.all') },
            ...categoriesOf(items).map((c) => ({ value: c, label: t(`categories.${c}`) })),
          ]}
          value={category satisfies CategoryFilter}
          onChange={setCategory}
          allowDeselect={false}
          maw={280}
          data-testid="integration-category"
        />
      )}
      {integrations.isPending ? (
        <SectionLoader label={t('loading')} />
      ) : integrations.isError ? (
        <LoadFailed onRetry={() => void integrations.refetch()} />
      ) : shown.length === 0 ? (
        <Text c="dimmed" ta="center" py="xl">
          {view === 'manage' ? t('emptyManage') : t('empty')}
        </Text>
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="sm">
          {shown.map((item) => (
            <Paper
              key={item.type}
              withBorder
              p="md"
              radius="md"
              data-testid={`integration-card-${item.type}`}
            >
              <Stack gap="xs" h="100%" justify="space-between">
                <Stack gap={6}>
                  <Group justify="space-between" wrap="nowrap">
                    <Group gap="xs" wrap="nowrap">
                      <ChannelIcon channel={item.type} size={24} />
                      <Text fw={600}>{t(`names.${item.type}`)}</Text>
                    </Group>
                    <IntegrationStatusBadge status={item.status} />
                  </Group>
                  <Text size="xs" c="dimmed">
                    {t(`categories.${item.category}`)}
                  </Text>
                  <Text size="sm">{t(`summaries.${item.type}`)}</Text>
                  {item.displayName !== '' && (
                    <Text size="sm" c="dimmed">
                      {item.displayName}
                    </Text>
                  )}
                  {item.status === 'error' && item.lastError && (
                    <Text size="sm" c="red" style={{ wordBreak: 'break-word' }}>
                      {item.lastError}
                    </Text>
                  )}
                </Stack>
                <Group justify="flex-end">
                  <Button component={Link} to={detailsPath(item.type)} size="xs" variant="light">
                    {item.status === 'not_connected'
                      ? t('open', { name: t(`names.${item.type}`) })
                      : t('manageOne', { name: t(`names.${item.type}`) })}
                  </Button>
                </Group>
              </Stack>
            </Paper>
          ))}
        </SimpleGrid>
      )}
      {/* Online stores (issue 38 items 1–2): Shopify and BigCommerce. */}
      {view === 'all' && (category === 'all' || category === 'ecommerce') && <StoresSection />}
      {/* One place for credentials: the AI agents' provider keys beside the channels' (issue 38 item 6). */}
      {view === 'all' && (category === 'all' || category === 'ai') && <AiModelsSection />}
    </Stack>
  );
}
