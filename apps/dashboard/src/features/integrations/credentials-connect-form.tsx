import {
  facebookConnectRequestSchema,
  type Integration,
  instagramConnectRequestSchema,
  whatsAppCloudConnectRequestSchema,
  whatsAppDialog360ConnectRequestSchema,
  whatsAppGallaboxConnectRequestSchema,
  whatsAppTwilioConnectRequestSchema,
} from '@convo/api';
import { Button, Group, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { toast } from '../../app/toasts';
import { useConnectIntegration } from './api';
import { NS, toastIntegrationError } from './shared';

// One connect form for every channel whose connection is a few pasted ids and secrets (Meta's
// three channels, WhatsApp through Twilio, 360dialog and Gallabox): checked with the provider by
// the server, stored sealed and never shown again. Facebook and Instagram show it as the advanced
// way, under "Connect with Facebook" (meta/meta-connect.tsx).

type CredentialsType =
  | 'whatsapp-cloud-api'
  | 'whatsapp-twilio'
  | 'whatsapp-dialog360'
  | 'whatsapp-gallabox'
  | 'facebook'
  | 'instagram';
type Field =
  | 'phoneNumberId'
  | 'businessAccountId'
  | 'accessToken'
  | 'instagramAccountId'
  | 'pageId'
  | 'pageAccessToken'
  | 'appSecret'
  | 'verifyToken'
  | 'accountSid'
  | 'authToken'
  | 'whatsAppNumber'
  | 'd360ApiKey'
  | 'apiKey'
  | 'apiSecret'
  | 'accountId'
  | 'channelId'
  | 'webhookSecret';

const SECRET_FIELDS: ReadonlySet<Field> = new Set([
  'accessToken',
  'pageAccessToken',
  'appSecret',
  'verifyToken',
  'authToken',
  'd360ApiKey',
  'apiKey',
  'apiSecret',
  'webhookSecret',
]);

const FORMS: Readonly<
  Record<CredentialsType, { fields: readonly Field[]; schema: z.ZodType<Record<string, string>> }>
> = {
  'whatsapp-cloud-api': {
    fields: ['phoneNumberId', 'businessAccountId', 'accessToken', 'appSecret', 'verifyToken'],
    schema: whatsAppCloudConnectRequestSchema,
  },
  'whatsapp-twilio': {
    fields: ['accountSid', 'authToken', 'whatsAppNumber'],
    schema: whatsAppTwilioConnectRequestSchema,
  },
  'whatsapp-dialog360': {
    fields: ['d360ApiKey'],
    schema: whatsAppDialog360ConnectRequestSchema,
  },
  'whatsapp-gallabox': {
    fields: ['apiKey', 'apiSecret', 'accountId', 'channelId', 'webhookSecret'],
    schema: whatsAppGallaboxConnectRequestSchema,
  },
  facebook: {
    fields: ['pageId', 'pageAccessToken', 'appSecret', 'verifyToken'],
    schema: facebookConnectRequestSchema,
  },
  instagram: {
    fields: ['instagramAccountId', 'pageId', 'pageAccessToken', 'appSecret', 'verifyToken'],
    schema: instagramConnectRequestSchema,
  },
};

function CredentialsConnectForm({ integration, type }: { integration: Integration; type: CredentialsType }) {
  const { t } = useTranslation(NS);
  const connect = useConnectIntegration(type);
  const { fields, schema } = FORMS[type];
  const form = useForm<Record<string, string>>({
    initialValues: Object.fromEntries(fields.map((f) => [f, ''])),
    validate: (values) => {
      const parsed = schema.safeParse(values);
      if (parsed.success) return {};
      return Object.fromEntries(
        parsed.error.issues.map((i) => [
          String(i.path[0]),
          t(`credentials.invalid.${String(i.path[0]) as Field}`),
        ]),
      );
    },
  });
  const submit = form.onSubmit((values) =>
    connect.mutate(schema.parse(values) as Parameters<typeof connect.mutate>[0], {
      onSuccess: (connected) => {
        toast.success(t('details.connected', { name: connected.displayName || t(`names.${type}`) }));
        form.reset();
      },
      onError: toastIntegrationError,
    }),
  );
  const connected = integration.status !== 'not_connected';
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <Text size="sm">{t(`credentials.howTo.${type}`)}</Text>
        {fields.map((field) => {
          const Input = SECRET_FIELDS.has(field) ? PasswordInput : TextInput;
          return (
            <Input
              key={field}
              label={t(`credentials.fields.${field}`)}
              description={SECRET_FIELDS.has(field) ? t('credentials.stored') : undefined}
              autoComplete="off"
              maxLength={1000}
              data-testid={`credentials-${field}`}
              {...form.getInputProps(field)}
            />
          );
        })}
        <Group justify="flex-end">
          <Button type="submit" loading={connect.isPending} data-testid={`${type}-connect`}>
            {connected ? t('credentials.reconnect') : t('credentials.connect', { name: t(`names.${type}`) })}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

type FormProps = { integration: Integration };
export const WhatsAppCloudConnectForm = ({ integration }: FormProps) => (
  <CredentialsConnectForm integration={integration} type="whatsapp-cloud-api" />
);
export const WhatsAppTwilioConnectForm = ({ integration }: FormProps) => (
  <CredentialsConnectForm integration={integration} type="whatsapp-twilio" />
);
export const WhatsAppDialog360ConnectForm = ({ integration }: FormProps) => (
  <CredentialsConnectForm integration={integration} type="whatsapp-dialog360" />
);
export const WhatsAppGallaboxConnectForm = ({ integration }: FormProps) => (
  <CredentialsConnectForm integration={integration} type="whatsapp-gallabox" />
);
export const FacebookConnectForm = ({ integration }: FormProps) => (
  <CredentialsConnectForm integration={integration} type="facebook" />
);
export const InstagramConnectForm = ({ integration }: FormProps) => (
  <CredentialsConnectForm integration={integration} type="instagram" />
);
