// /settings/export: the bot as a versioned JSON file (answers, small talk, welcome and fallback,
// entities, languages and settings; never the provider key or the webhook secret).

import type { Bot, BotExportFile } from '@convo/api';
import { Button, List, Paper, Stack, Text } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { toast } from '../../../app/toasts';
import { toastBotError } from '../bots-shared';
import { downloadBotExport } from './bot-settings-api';
import { BotSettingsFrame, NS } from './bot-settings-frame';

function ExportSection({ bot }: { bot: Bot }) {
  const { t } = useTranslation(NS);
  const download = useMutation({
    mutationFn: () => downloadBotExport(bot.id),
    onSuccess: (file: BotExportFile) =>
      toast.success(t('export.done', { intents: file.intents.length, entities: file.entities.length })),
    onError: toastBotError,
  });
  return (
    <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }}>
      <Stack gap="sm" align="flex-start">
        <Text>{t('export.includes')}</Text>
        <List size="sm" spacing={4}>
          <List.Item>{t('export.itemIntents')}</List.Item>
          <List.Item>{t('export.itemEntities')}</List.Item>
          <List.Item>{t('export.itemSettings')}</List.Item>
        </List>
        <Text size="sm" c="dimmed">
          {t('export.noSecrets')}
        </Text>
        <Button onClick={() => download.mutate()} loading={download.isPending} data-testid="bot-export">
          {t('export.download')}
        </Button>
      </Stack>
    </Paper>
  );
}

export function ExportPage() {
  const { t } = useTranslation(NS);
  return (
    <BotSettingsFrame slug="export" description={t('export.description')}>
      {(bot) => <ExportSection bot={bot} />}
    </BotSettingsFrame>
  );
}
