import { type Integration, viberConnectRequestSchema } from '@convo/api';
import { Button, Group, PasswordInput, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { toast } from '../../../app/toasts';
import { useConnectIntegration } from '../api';
import { NS, toastIntegrationError } from '../shared';

/** The Viber bot's token (Viber Admin Panel): checked with Viber by the server, stored sealed, never shown again. */
export function ViberConnectForm({ integration }: { integration: Integration }) {
  const { t } = useTranslation(NS);
  const connect = useConnectIntegration('viber');
  const form = useForm({
    initialValues: { authToken: '' },
    validate: {
      authToken: (v) =>
        viberConnectRequestSchema.shape.authToken.safeParse(v).success ? null : t('viber.tokenInvalid'),
    },
  });
  const submit = form.onSubmit(({ authToken }) =>
    connect.mutate(
      { authToken: authToken.trim() },
      {
        onSuccess: (connected) => {
          toast.success(t('details.connected', { name: connected.displayName || t('names.viber') }));
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
        <Text size="sm">{t('viber.howTo')}</Text>
        <PasswordInput
          label={connected ? t('viber.newToken') : t('viber.token')}
          placeholder="4453b6ac12345678-e02603a1…"
          description={t('viber.tokenStored')}
          autoComplete="off"
          maxLength={200}
          data-testid="viber-auth-token"
          {...form.getInputProps('authToken')}
        />
        <Group justify="flex-end">
          <Button type="submit" loading={connect.isPending} data-testid="viber-connect">
            {connected ? t('viber.reconnect') : t('viber.connect')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
