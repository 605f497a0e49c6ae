import { type Integration, telegramBotTokenSchema } from '@convo/api';
import { Button, Group, PasswordInput, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { toast } from '../../../app/toasts';
import { useConnectIntegration } from '../api';
import { NS, toastIntegrationError } from '../shared';

/** The bot token from @BotFather: checked with Telegram by the server, stored sealed, never shown again. */
export function TelegramConnectForm({ integration }: { integration: Integration }) {
  const { t } = useTranslation(NS);
  const connect = useConnectIntegration('telegram');
  const form = useForm({
    initialValues: { botToken: '' },
    validate: {
      botToken: (v) => (telegramBotTokenSchema.safeParse(v).success ? null : t('telegram.tokenInvalid')),
    },
  });
  const submit = form.onSubmit(({ botToken }) =>
    connect.mutate(
      { botToken: botToken.trim() },
      {
        onSuccess: (connected) => {
          toast.success(t('details.connected', { name: connected.displayName || t('names.telegram') }));
          form.reset();
        },
        onError: toastIntegrationError,
      },
    ),
  );
  const connected = integration.status !== 'not_connected';
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <Text size="sm">{t('telegram.howTo')}</Text>
        <PasswordInput
          label={connected ? t('telegram.newToken') : t('telegram.token')}
          placeholder={t('telegram.tokenPlaceholder')}
          description={t('telegram.tokenStored')}
          autoComplete="off"
          maxLength={200}
          data-testid="telegram-bot-token"
          {...form.getInputProps('botToken')}
        />
        <Group justify="flex-end">
          <Button type="submit" loading={connect.isPending} data-testid="telegram-connect">
            {connected ? t('telegram.reconnect') : t('telegram.connect')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
