// Settings → Waiting queue: whether conversations wait when no agent is free (automatic routing),
// what the customer is told meanwhile, and how many may wait before new ones stay open for
// everybody instead (docs/conversation-states.md).

import { WAITING_MESSAGE_MAX, WAITING_QUEUE_MAX_LIMIT } from '@convo/api';
import { Alert, Button, Group, NumberInput, Stack, Switch, Textarea } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../../../app/toasts';
import { PageHeader } from '../../../components/page-header';
import { useConversationSettings, useSaveConversationSettings } from '../api/conversation-settings-api';
import { SettingsLoadState } from '../components/settings-load-state';

export function WaitingQueueSettingsPage() {
  const { t } = useTranslation('conversationSettings');
  const settings = useConversationSettings();
  const save = useSaveConversationSettings();
  const [enabled, setEnabled] = useState(true);
  const [message, setMessage] = useState('');
  const [limited, setLimited] = useState(false);
  const [max, setMax] = useState<number>(20);
  useEffect(() => {
    if (!settings.data) return;
    setEnabled(settings.data.waitingQueueEnabled);
    setMessage(settings.data.waitingMessage ?? '');
    setLimited(settings.data.waitingQueueMax !== null);
    setMax(settings.data.waitingQueueMax ?? 20);
  }, [settings.data]);

  if (!settings.isSuccess) return <SettingsLoadState query={settings} />;
  const validMax = Number.isInteger(max) && max >= 1 && max <= WAITING_QUEUE_MAX_LIMIT;
  const invalid = enabled && limited && !validMax;
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        if (invalid) return;
        save.mutate(
          {
            waitingQueueEnabled: enabled,
            waitingMessage: message.trim() === '' ? null : message.trim(),
            waitingQueueMax: limited ? max : null,
          },
          { onSuccess: () => toast.success(t('saved')) },
        );
      }}
    >
      <Stack gap="md" maw={640}>
        <PageHeader title={t('waitingQueue.title')} description={t('waitingQueue.help')} />
        {settings.data.agentRouting !== 1 && (
          <Alert color="yellow" data-testid="waiting-queue-routing-note">
            {t('waitingQueue.routingOff')}
          </Alert>
        )}
        <Switch
          checked={enabled}
          onChange={(e) => setEnabled(e.currentTarget.checked)}
          label={t('waitingQueue.enable')}
          description={t('waitingQueue.enableHelp')}
        />
        <Textarea
          label={t('waitingQueue.message')}
          description={t('waitingQueue.messageHelp')}
          value={message}
          onChange={(e) => setMessage(e.currentTarget.value)}
          maxLength={WAITING_MESSAGE_MAX}
          autosize
          minRows={2}
          disabled={!enabled}
        />
        <Switch
          checked={limited}
          onChange={(e) => setLimited(e.currentTarget.checked)}
          label={t('waitingQueue.limit')}
          disabled={!enabled}
        />
        <NumberInput
          label={t('waitingQueue.max')}
          description={t('waitingQueue.maxHelp')}
          value={max}
          onChange={(v) => setMax(typeof v === 'number' ? v : Number.NaN)}
          min={1}
          max={WAITING_QUEUE_MAX_LIMIT}
          allowDecimal={false}
          disabled={!enabled || !limited}
          error={invalid ? t('waitingQueue.invalid', { max: WAITING_QUEUE_MAX_LIMIT }) : undefined}
          w={{ base: '100%', xs: 240 }}
        />
        <Group>
          <Button type="submit" loading={save.isPending} disabled={invalid}>
            {t('save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
