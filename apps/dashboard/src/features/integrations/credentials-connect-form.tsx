import {
  facebookConnectRequestSchema,
  type Integration,
  type IntegrationConnectRequest,
  type IntegrationType,
  instagramConnectRequestSchema,
  telegramConnectRequestSchema,
  viberConnectRequestSchema,
  whatsAppCloudConnectRequestSchema,
  whatsAppDialog360ConnectRequestSchema,
  whatsAppGallaboxConnectRequestSchema,
  whatsAppTwilioConnectRequestSchema,
} from '@convo/api';
import { Button, Group, PasswordInput, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import type * as z from 'zod/mini';
import { toast } from '../../app/toasts';
import { useConnectIntegration } from './api';
import { NS, toastIntegrationError } from './shared';

// One connect form for every channel whose connection is a few pasted ids and secrets (ConnectForm):
// Telegram, LINE, Viber and voice give their own fields and words; Meta's three channels and
// WhatsApp through Twilio, 360dialog and Gallabox share theirs (FORMS). Checked with the provider by
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
  Record<CredentialsType, { fields: readonly Field[]; schema: z.ZodMiniType<IntegrationConnectRequest> }>
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

/** One input of a connect form, its words already translated. */
export interface ConnectField {
  name: string;
  /** Secrets are password inputs; `textarea` takes one value a line. */
  input: 'password' | 'text' | 'tel' | 'textarea';
  label: string;
  description?: string | undefined;
  placeholder?: string | undefined;
  maxLength: number;
  testId: string;
  /** Shown under the input when the contract's schema refuses what was typed. */
  invalid: string;
}

export interface ConnectFormProps {
  integration: Integration;
  type: IntegrationType;
  howTo: string;
  fields: readonly ConnectField[];
  /** The contract's connect body: it checks, trims and normalises what was typed. */
  schema: z.ZodMiniType<IntegrationConnectRequest>;
  /** The typed strings as the schema's input, where a field is not sent as typed. */
  toBody?: (values: Record<string, string>) => Record<string, unknown>;
  connectLabel: string;
  reconnectLabel: string;
}

/**
 * A channel's connect form: pasted ids and secrets checked here by the contract's schema, then with
 * the provider by the server; stored sealed, never shown again, and the inputs emptied.
 */
export function ConnectForm({
  integration,
  type,
  howTo,
  fields,
  schema,
  toBody = (values) => values,
  connectLabel,
  reconnectLabel,
}: ConnectFormProps) {
  const { t } = useTranslation(NS);
  const connect = useConnectIntegration(type);
  const form = useForm<Record<string, string>>({
    initialValues: Object.fromEntries(fields.map((f) => [f.name, ''])),
    validate: (values) => {
      const parsed = schema.safeParse(toBody(values));
      if (parsed.success) return {};
      const invalid = new Map(fields.map((f) => [f.name, f.invalid]));
      return Object.fromEntries(
        parsed.error.issues.map((i) => [String(i.path[0]), invalid.get(String(i.path[0])) ?? i.message]),
      );
    },
  });
  const submit = form.onSubmit((values) =>
    connect.mutate(schema.parse(toBody(values)), {
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
        <Text size="sm">{howTo}</Text>
        {fields.map((field) => {
          const props = {
            label: field.label,
            description: field.description,
            placeholder: field.placeholder,
            maxLength: field.maxLength,
            autoComplete: 'off',
            'data-testid': field.testId,
            ...form.getInputProps(field.name),
          };
          if (field.input === 'textarea')
            return <Textarea key={field.name} autosize minRows={2} maxRows={10} {...props} />;
          if (field.input === 'password') return <PasswordInput key={field.name} {...props} />;
          return <TextInput key={field.name} type={field.input === 'tel' ? 'tel' : undefined} {...props} />;
        })}
        <Group justify="flex-end">
          <Button type="submit" loading={connect.isPending} data-testid={`${type}-connect`}>
            {connected ? reconnectLabel : connectLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** The one token of a Telegram or Viber bot: its field in the contract, and its schema. */
const BOT_TOKEN = {
  telegram: { field: 'botToken', schema: telegramConnectRequestSchema },
  viber: { field: 'authToken', schema: viberConnectRequestSchema },
} as const;

/** A bot's one token (Telegram, Viber): the same words in each channel's own translations. */
export function BotTokenConnectForm({
  integration,
  type,
  placeholder,
  testId,
}: {
  integration: Integration;
  type: keyof typeof BOT_TOKEN;
  placeholder: string;
  testId: string;
}) {
  const { t } = useTranslation(NS);
  const connected = integration.status !== 'not_connected';
  return (
    <ConnectForm
      integration={integration}
      type={type}
      howTo={t(`${type}.howTo`)}
      fields={[
        {
          name: BOT_TOKEN[type].field,
          input: 'password',
          label: connected ? t(`${type}.newToken`) : t(`${type}.token`),
          placeholder,
          description: t(`${type}.tokenStored`),
          maxLength: 200,
          testId,
          invalid: t(`${type}.tokenInvalid`),
        },
      ]}
      schema={BOT_TOKEN[type].schema}
      connectLabel={t(`${type}.connect`)}
      reconnectLabel={t(`${type}.reconnect`)}
    />
  );
}

/** Meta's three channels and WhatsApp through Twilio, 360dialog and Gallabox: one form each from FORMS. */
function CredentialsConnectForm({ integration, type }: { integration: Integration; type: CredentialsType }) {
  const { t } = useTranslation(NS);
  const { fields, schema } = FORMS[type];
  return (
    <ConnectForm
      integration={integration}
      type={type}
      howTo={t(`credentials.howTo.${type}`)}
      fields={fields.map((field) => ({
        name: field,
        input: SECRET_FIELDS.has(field) ? 'password' : 'text',
        label: t(`credentials.fields.${field}`),
        description: SECRET_FIELDS.has(field) ? t('credentials.stored') : undefined,
        maxLength: 1000,
        testId: `credentials-${field}`,
        invalid: t(`credentials.invalid.${field}`),
      }))}
      schema={schema}
      connectLabel={t('credentials.connect', { name: t(`names.${type}`) })}
      reconnectLabel={t('credentials.reconnect')}
    />
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
