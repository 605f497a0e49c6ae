// /settings/inline-code: the builder's "generate code" (SPEC §2): the widget snippet that brings
// this bot into every new conversation, and the messaging API calls that talk to it, with copy
// buttons (snippets from packages/api/src/widget/widget-snippets.ts).

import { type Bot, botApiSnippet, botWidgetSnippet } from '@convo/api';
import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { toast } from '../../../app/toasts';
import { useSnippetInput } from '../../widget-settings/install-page';
import { SnippetBlock } from '../../widget-settings/snippet-block';
import { useSetFirstResponder } from '../api';
import { toastBotError, useCanManageBots } from '../bots-shared';
import { BotSettingsFrame, NS } from './bot-settings-frame';

function BotSnippets({ bot }: { bot: Bot }) {
  const { t } = useTranslation(NS);
  const canManage = useCanManageBots();
  const setResponder = useSetFirstResponder();
  const input = { ...useSnippetInput(), botUserName: bot.userName };
  const makeFirst = () =>
    setResponder.mutate(
      { botId: bot.id },
      { onSuccess: () => toast.success(t('general.firstResponderSaved')), onError: toastBotError },
    );
  return (
    <Stack gap="md">
      {bot.firstResponder ? (
        <Alert color="teal" variant="light">
          {t('inlineCode.isFirstResponder', { name: bot.name })}
        </Alert>
      ) : (
        <Alert color="yellow" variant="light">
          <Group justify="space-between" gap="sm">
            <Text size="sm" style={{ flex: '1 1 260px' }}>
              {t('inlineCode.notFirstResponder', { name: bot.name })}
            </Text>
            {canManage && (
              <Button size="xs" onClick={makeFirst} loading={setResponder.isPending} disabled={!bot.enabled}>
                {t('inlineCode.makeFirstResponder')}
              </Button>
            )}
          </Group>
        </Alert>
      )}
      <SnippetBlock
        id="bot-widget"
        title={t('inlineCode.widgetTitle')}
        description={t('inlineCode.widgetBody')}
        code={botWidgetSnippet(input)}
        copyLabel={t('inlineCode.copy', { name: t('inlineCode.widgetTitle') })}
      />
      <SnippetBlock
        id="bot-api"
        title={t('inlineCode.apiTitle')}
        description={t('inlineCode.apiBody')}
        code={botApiSnippet(input)}
        copyLabel={t('inlineCode.copy', { name: t('inlineCode.apiTitle') })}
      />
    </Stack>
  );
}

export function InlineCodePage() {
  const { t } = useTranslation(NS);
  return (
    <BotSettingsFrame slug="inline-code" description={t('inlineCode.description')}>
      {(bot) => <BotSnippets bot={bot} />}
    </BotSettingsFrame>
  );
}
