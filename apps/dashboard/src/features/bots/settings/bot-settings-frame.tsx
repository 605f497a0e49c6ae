// What every builder settings page shares (SPEC §2 /settings/general … /handover): the page's
// heading, the bot it is about (chosen in a picker and kept in `?botId=`, so a link from the
// builder opens the right bot), and the loading, empty and failure states of the bot list.

import type { Bot } from '@convo/api';
import { botPlatformDisplayName } from '@convo/domain';
import { Badge, Button, Group, Paper, Select, Skeleton, Stack, Text } from '@mantine/core';
import { type ReactNode, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { PATHS } from '../../../app/routing/paths';
import type { SettingsSlug } from '../../../app/routing/settings-paths';
import { LoadFailed } from '../../../components/load-failed';
import { PageHeader } from '../../../components/page-header';
import { PageLoader } from '../../../components/page-loader';
import { useBots } from '../api';

export const NS = 'botSettings';

function FrameSkeleton() {
  const { t } = useTranslation(NS);
  return (
    <Stack gap="md" role="status" aria-label={t('loading')} data-testid="bot-settings-loading">
      <Skeleton h={36} w={280} />
      <Skeleton h={120} />
    </Stack>
  );
}

/** The bot in `?botId=`, else the first bot (written back to the URL). */
function useChosenBot(bots: readonly Bot[] | undefined) {
  const [params, setParams] = useSearchParams();
  const wanted = params.get('botId');
  const bot = bots?.find((b) => b.id === wanted) ?? bots?.[0] ?? null;
  useEffect(() => {
    if (bot && bot.id !== wanted) {
      setParams(
        (p) => {
          p.set('botId', bot.id);
          return p;
        },
        { replace: true },
      );
    }
  }, [bot, wanted, setParams]);
  const choose = (id: string) =>
    setParams((p) => {
      p.set('botId', id);
      return p;
    });
  return { bot, choose };
}

export function BotSettingsFrame({
  slug,
  description,
  children,
}: {
  slug: SettingsSlug;
  description: ReactNode;
  /** The page's content for the chosen bot; keyed by the bot so a switch starts afresh. */
  children: (bot: Bot) => ReactNode;
}) {
  const { t, ready } = useTranslation(NS);
  const { t: tShell } = useTranslation();
  const bots = useBots();
  const { bot, choose } = useChosenBot(bots.data);
  if (!ready) return <PageLoader />;
  return (
    <Stack gap="lg" maw={960}>
      <PageHeader title={tShell(`settingsNav.pages.${slug}`)} description={description} />
      {bots.isPending ? (
        <FrameSkeleton />
      ) : bots.isError ? (
        <LoadFailed
          message={t('botsLoadFailed')}
          retryLabel={t('retry')}
          onRetry={() => void bots.refetch()}
        />
      ) : bot === null ? (
        <Paper withBorder radius="md" p="lg">
          <Stack align="center" gap="sm">
            <Text fw={600}>{t('noBots.title')}</Text>
            <Text c="dimmed" ta="center">
              {t('noBots.body')}
            </Text>
            <Button component={Link} to={PATHS.manageBots}>
              {t('noBots.action')}
            </Button>
          </Stack>
        </Paper>
      ) : (
        <>
          <Group gap="sm" align="flex-end" wrap="wrap">
            <Select
              label={t('botPicker')}
              data={(bots.data ?? []).map((b) => ({ value: b.id, label: b.name }))}
              value={bot.id}
              onChange={(id) => id && choose(id)}
              allowDeselect={false}
              searchable
              w={{ base: '100%', xs: 320 }}
              data-testid="bot-settings-picker"
            />
            <Badge variant="light">{botPlatformDisplayName(bot.engine)}</Badge>
            {!bot.enabled && (
              <Badge variant="light" color="gray">
                {t('disabled')}
              </Badge>
            )}
          </Group>
          <div key={bot.id}>{children(bot)}</div>
        </>
      )}
    </Stack>
  );
}
