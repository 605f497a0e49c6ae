// Settings → Conversation rules: how new conversations reach agents (SPEC §4 routing) and whether
// bots leave a conversation an agent takes over.

import { Button, Group, Radio, Stack, Switch, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../../../app/toasts';
import { PageHeader } from '../../../components/page-header';
import { useConversationSettings, useSaveConversationSettings } from '../api/conversation-settings-api';
import { SettingsLoadState } from '../components/settings-load-state';

export function ConversationRulesPage() {
  const { t } = useTranslation('conversationSettings');
  const settings = useConversationSettings();
  const save = useSaveConversationSettings();
  const [routing, setRouting] = useState<'0' | '1'>('1');
  const [removeBot, setRemoveBot] = useState(false);
  useEffect(() => {
    if (!settings.data) return;
    setRouting(settings.data.agentRouting === 0 ? '0' : '1');
    setRemoveBot(settings.data.removeBotOnAgentHandOff);
  }, [settings.data]);

  if (!settings.isSuccess) return <SettingsLoadState query={settings} />;
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        save.mutate(
          { agentRouting: routing === '0' ? 0 : 1, removeBotOnAgentHandOff: removeBot },
          { onSuccess: () => toast.success(t('saved')) },
        );
      }}
    >
      <Stack gap="md" maw={640}>
        <PageHeader title={t('rules.title')} />
        <Radio.Group
          label={t('rules.routing')}
          value={routing}
          onChange={(v) => setRouting(v === '0' ? '0' : '1')}
        >
          <Stack gap="xs" mt="xs">
            <Radio value="1" label={t('rules.automatic')} description={t('rules.automaticHelp')} />
            <Radio
              value="0"
              label={t('rules.notifyEverybody')}
              description={t('rules.notifyEverybodyHelp')}
            />
          </Stack>
        </Radio.Group>
        <Switch
          checked={removeBot}
          onChange={(e) => setRemoveBot(e.currentTarget.checked)}
          label={t('rules.removeBot')}
          description={t('rules.removeBotHelp')}
        />
        <Text size="sm" c="dimmed">
          {t('rules.teamHelp')}
        </Text>
        <Group>
          <Button type="submit" loading={save.isPending}>
            {t('save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
