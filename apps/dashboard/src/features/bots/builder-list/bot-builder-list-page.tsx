// /bots/bot-builder-list: every bot with a link to its engine's builder
// (/bots/bot-builder/<engine>?botId=<id>).

import { Badge, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageHeader } from '../../../components/page-header';
import { PageLoader, SectionLoader } from '../../../components/page-loader';
import { useBots } from '../api';
import { builderPath, engineDisplayName } from '../bot-screens';
import { BotsTabs, LoadFailed, NS, useWording } from '../bots-shared';

export function BotBuilderListPage() {
  const { t, ready } = useTranslation(NS);
  const wording = useWording();
  const bots = useBots();
  if (!ready) return <PageLoader />;
  const list = bots.data ?? [];
  return (
    <Stack gap="md" maw={1000}>
      <PageHeader
        title={t('builderList.title', wording)}
        description={t('builderList.description', wording)}
      />
      <BotsTabs />
      {bots.isPending ? (
        <SectionLoader label={t('common.loading', wording)} />
      ) : bots.isError ? (
        <LoadFailed onRetry={() => void bots.refetch()} />
      ) : list.length === 0 ? (
        <Text c="dimmed" ta="center" py="xl">
          {t('builderList.empty', wording)}
        </Text>
      ) : (
        <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
          {list.map((bot) => (
            <li key={bot.id}>
              <Paper withBorder p="sm" radius="md" data-testid="builder-list-row">
                <Group justify="space-between" wrap="wrap" gap="xs">
                  <Stack gap={4} style={{ minWidth: 0, flex: '1 1 240px' }}>
                    <Text fw={600} style={{ wordBreak: 'break-word' }}>
                      {bot.name}
                    </Text>
                    <Group gap="xs">
                      <Badge variant="outline" tt="none">
                        {engineDisplayName(bot.engine)}
                      </Badge>
                      <Badge color={bot.enabled ? 'green' : 'gray'} variant="light">
                        {bot.enabled ? t('manage.enabled') : t('manage.disabled')}
                      </Badge>
                    </Group>
                  </Stack>
                  <Button
                    component={Link}
                    to={builderPath(bot)}
                    size="xs"
                    aria-label={`${t('builderList.open')}: ${bot.name}`}
                  >
                    {t('builderList.open')}
                  </Button>
                </Group>
              </Paper>
            </li>
          ))}
        </Stack>
      )}
    </Stack>
  );
}
