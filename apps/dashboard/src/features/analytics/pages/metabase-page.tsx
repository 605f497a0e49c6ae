import { Alert, Card, Code, List, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { toastError } from '../../../app/toasts';
import { PageHeader } from '../../../components/page-header';
import { SectionLoader } from '../../../components/page-loader';
import { analyticsKeys, fetchMetabaseEmbed } from '../api/analytics-api';

/** /metabase-dashboard: the configured Metabase dashboard, signed for this application, or how to set it up. */
export function MetabasePage() {
  const { t } = useTranslation('analytics');
  const embed = useQuery({
    queryKey: analyticsKeys.metabase,
    queryFn: ({ signal }) => fetchMetabaseEmbed(signal),
    // A signed URL lasts 10 minutes; a fresh one before it ends.
    refetchInterval: 9 * 60_000,
  });
  useEffect(() => {
    if (embed.error) toastError(embed.error);
  }, [embed.error]);

  return (
    <Stack gap="md" h="100%">
      <PageHeader title={t('metabase.title')} description={t('metabase.description')} />
      {embed.isPending ? (
        <SectionLoader label={t('loading')} />
      ) : !embed.data ? (
        <Text c="dimmed">{t('loadFailed')}</Text>
      ) : embed.data.configured ? (
        <iframe
          title={t('metabase.title')}
          src={embed.data.url}
          style={{ width: '100%', minHeight: '75vh', border: 0 }}
        />
      ) : (
        <Card withBorder padding="lg" data-testid="metabase-not-configured">
          <Stack gap="sm">
            <Alert color="yellow" title={t('metabase.notConfigured')}>
              {t('metabase.notConfiguredBody')}
            </Alert>
            <Text fw={600}>{t('metabase.setupTitle')}</Text>
            <List type="ordered" spacing="xs">
              <List.Item>{t('metabase.step1')}</List.Item>
              <List.Item>{t('metabase.step2')}</List.Item>
              <List.Item>
                {t('metabase.step3')} <Code>METABASE_SITE_URL</Code>, <Code>METABASE_SECRET_KEY</Code>,{' '}
                <Code>METABASE_DASHBOARD_ID</Code>
              </List.Item>
              <List.Item>{t('metabase.step4')}</List.Item>
            </List>
          </Stack>
        </Card>
      )}
    </Stack>
  );
}
