import { emailConnectRequestSchema, type Integration } from '@convo/api';
import {
  Button,
  Checkbox,
  Fieldset,
  Group,
  NumberInput,
  PasswordInput,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { toast } from '../../../app/toasts';
import { useConnectIntegration } from '../api';
import { NS, toastIntegrationError } from '../shared';

// The mailbox's address and its IMAP and SMTP logins: the server logs in to both before it stores
// them (sealed); passwords are never shown again, so a reconnect asks for them anew.

interface ServerValues {
  host: string;
  port: number | string;
  secure: boolean;
  user: string;
  password: string;
}

const emptyServer = (port: number, secure: boolean): ServerValues => ({
  host: '',
  port,
  secure,
  user: '',
  password: '',
});

function ServerFields({ side, form }: { side: 'imap' | 'smtp'; form: ReturnType<typeof useMailboxForm> }) {
  const { t } = useTranslation(NS);
  return (
    <Fieldset legend={t(`email.${side}`)}>
      <Stack gap="xs">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs">
          <TextInput
            label={t('email.host')}
            placeholder={side === 'imap' ? 'imap.example.com' : 'smtp.example.com'}
            autoComplete="off"
            maxLength={253}
            data-testid={`email-${side}-host`}
            {...form.getInputProps(`${side}.host`)}
          />
          <NumberInput
            label={t('email.port')}
            min={1}
            max={65535}
            allowDecimal={false}
            data-testid={`email-${side}-port`}
            {...form.getInputProps(`${side}.port`)}
          />
          <TextInput
            label={t('email.user')}
            autoComplete="off"
            maxLength={320}
            data-testid={`email-${side}-user`}
            {...form.getInputProps(`${side}.user`)}
          />
          <PasswordInput
            label={t('email.password')}
            autoComplete="new-password"
            maxLength={1000}
            data-testid={`email-${side}-password`}
            {...form.getInputProps(`${side}.password`)}
          />
        </SimpleGrid>
        <Checkbox
          label={t('email.secure')}
          data-testid={`email-${side}-secure`}
          {...form.getInputProps(`${side}.secure`, { type: 'checkbox' })}
        />
      </Stack>
    </Fieldset>
  );
}

function useMailboxForm() {
  const { t } = useTranslation(NS);
  const server = {
    host: (v: string) => (v.trim() === '' ? t('email.required') : null),
    port: (v: number | string) =>
      Number.isInteger(Number(v)) && Number(v) >= 1 && Number(v) <= 65535 ? null : t('email.portInvalid'),
    user: (v: string) => (v.trim() === '' ? t('email.required') : null),
    password: (v: string) => (v === '' ? t('email.required') : null),
  };
  // IMAP's fields count only when the mailbox is read by IMAP (not only forwarded to us).
  const imapOnly =
    <V,>(check: (v: V) => string | null) =>
    (v: V, values: { readByImap: boolean }) =>
      values.readByImap ? check(v) : null;
  return useForm({
    initialValues: {
      address: '',
      senderName: '',
      readByImap: true,
      imap: emptyServer(993, true),
      smtp: emptyServer(465, true),
    },
    validate: {
      address: (v) =>
        emailConnectRequestSchema.shape.address.safeParse(v).success ? null : t('email.addressInvalid'),
      imap: {
        host: imapOnly(server.host),
        port: imapOnly(server.port),
        user: imapOnly(server.user),
        password: imapOnly(server.password),
      },
      smtp: server,
    },
  });
}

export function EmailConnectForm({ integration }: { integration: Integration }) {
  const { t } = useTranslation(NS);
  const connect = useConnectIntegration('email');
  const form = useMailboxForm();
  const submit = form.onSubmit((values) => {
    const side = (s: ServerValues) => ({
      ...s,
      host: s.host.trim(),
      user: s.user.trim(),
      port: Number(s.port),
    });
    connect.mutate(
      {
        address: values.address.trim(),
        senderName: values.senderName.trim(),
        ...(values.readByImap ? { imap: side(values.imap) } : {}),
        smtp: side(values.smtp),
      },
      {
        onSuccess: (connected) => {
          toast.success(t('details.connected', { name: connected.displayName || t('names.email') }));
          form.setFieldValue('imap.password', '');
          form.setFieldValue('smtp.password', '');
        },
        onError: toastIntegrationError,
      },
    );
  });
  const connected = integration.status !== 'not_connected';
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <Text size="sm">{t('email.howTo')}</Text>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs">
          <TextInput
            label={t('email.address')}
            placeholder="support@example.com"
            type="email"
            autoComplete="off"
            maxLength={320}
            data-testid="email-address"
            {...form.getInputProps('address')}
          />
          <TextInput
            label={t('email.senderName')}
            description={t('email.senderNameHint')}
            maxLength={100}
            data-testid="email-sender-name"
            {...form.getInputProps('senderName')}
          />
        </SimpleGrid>
        <Checkbox
          label={t('email.readByImap')}
          description={t('email.readByImapHint')}
          data-testid="email-read-by-imap"
          {...form.getInputProps('readByImap', { type: 'checkbox' })}
        />
        {form.values.readByImap && <ServerFields side="imap" form={form} />}
        <ServerFields side="smtp" form={form} />
        <Text size="xs" c="dimmed">
          {t('email.passwordStored')}
        </Text>
        <Group justify="flex-end">
          <Button type="submit" loading={connect.isPending} data-testid="email-connect">
            {connected ? t('email.reconnect') : t('email.connect')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
