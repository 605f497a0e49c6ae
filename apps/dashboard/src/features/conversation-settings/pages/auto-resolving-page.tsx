// Settings → Auto-resolving: resolve conversations left silent by the customer after an agent or
// bot answered (docs/conversation-states.md), tagged Auto-resolved-human or -bot.

import { AUTO_RESOLVE_MAX_MINUTES } from '@convo/api';
import { Button, Group, NumberInput, Stack, Switch, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../../../app/toasts';
import { PageHeader } from '../../../components/page-header';
import { useConversationSettings, useSaveConversationSettings } from '../api/conversation-settings-api';
import { SettingsLoadState } from '../components/settings-load-state';

const DEFAULT_MINUTES = 60;

export function AutoResolvingPage() {
  const { t } = useTranslation('conversationSettings');
  const settings = useConversationSettings();
  const save = useSaveConversationSettings();
  const [enabled, setEnabled] = useState(false);
  const [minutes, setMinutes] = useState<number>(DEFAULT_MINUTES);
  useEffect(() => {
    if (!settings.data) return;
    setEnabled(settings.data.autoResolveAfterMinutes !== null);
    setMinutes(settings.data.autoResolveAfterMinutes ?? DEFAULT_MINUTES);
  }, [settings.data]);

  if (!settings.isSuccess) return <SettingsLoadState query={settings} />;
  const valid = Number.isInteger(minutes) && minutes >= 1 && minutes <= AUTO_RESOLVE_MAX_MINUTES;
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        if (enabled && !valid) return;
        save.mutate(
          { autoResolveAfterMinutes: enabled ? minutes : null },
          { onSuccess: () => toast.success(t('saved')) },
        );
      }}
    >
      <Stack gap="md" maw={640}>
        <PageHeader title={t('autoResolve.title')} description={t('autoResolve.help')} />
        <Switch
          checked={enabled}
          onChange={(e) => setEnabled(e.currentTarget.checked)}
          label={t('autoResolve.enable')}
        />
        <NumberInput
          label={t('autoResolve.after')}
          description={t('autoResolve.afterHelp', { max: AUTO_RESOLVE_MAX_MINUTES })}
          value={minutes}
          onChange={(v) => setMinutes(typeof v === 'number' ? v : Number.NaN)}
          min={1}
          max={AUTO_RESOLVE_MAX_MINUTES}
          allowDecimal={false}
          disabled={!enabled}
          error={enabled && !valid ? t('autoResolve.invalid', { max: AUTO_RESOLVE_MAX_MINUTES }) : undefined}
          w={240}
        />
        <Text size="sm" c="dimmed">
          {t('autoResolve.exceptions')}
        </Text>
        <Group>
          <Button type="submit" loading={save.isPending} disabled={enabled && !valid}>
            {t('save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
