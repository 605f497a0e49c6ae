import { type Integration, lineConnectRequestSchema } from '@convo/api';
import { Button, Group, PasswordInput, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { toast } from '../../../app/toasts';
import { useConnectIntegration } from '../api';
import { NS, toastIntegrationError } from '../shared';

const shape = lineConnectRequestSchema.shape;

/**
 * The LINE channel's access token and secret (LINE Developers console): checked with LINE by the
 * server, stored sealed, never shown again.
 */
export function LineConnectForm({ integration }: { integration: Integration }) {
  const { t } = useTranslation(NS);
  const connect = useConnectIntegration('line');
  const form = useForm({
    initialValues: { channelAccessToken: '', channelSecret: '' },
    validate: {
      channelAccessToken: (v) =>
        shape.channelAccessToken.safeParse(v).success ? null : t('line.accessTokenInvalid'),
      channelSecret: (v) => (shape.channelSecret.safeParse(v).success ? null : t('line.secretInvalid')),
    },
  });
  const submit = form.onSubmit((values) =>
    connect.mutate(
      { channelAccessToken: values.channelAccessToken.trim(), channelSecret: values.channelSecret.trim() },
      {
        onSuccess: (connected) => {
          toast.success(t('details.connected', { name: connected.displayName || t('names.line') }));
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
        <Text size="sm">{t('line.howTo')}</Text>
        <PasswordInput
          label={t('line.accessToken')}
          description={t('line.stored')}
          autoComplete="off"
          maxLength={500}
          data-testid="line-access-token"
          {...form.getInputProps('channelAccessToken')}
        />
        <PasswordInput
          label={t('line.secret')}
          placeholder="0123456789abcdef…"
          autoComplete="off"
          maxLength={64}
          data-testid="line-channel-secret"
          {...form.getInputProps('channelSecret')}
        />
        <Group justify="flex-end">
          <Button type="submit" loading={connect.isPending} data-testid="line-connect">
            {connected ? t('line.reconnect') : t('line.connect')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
