import {
  facebookConnectRequestSchema,
  type Integration,
  instagramConnectRequestSchema,
  whatsAppCloudConnectRequestSchema,
} from '@convo/api';
import { Button, Group, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { toast } from '../../../app/toasts';
import { useConnectIntegration } from '../api';
import { NS, toastIntegrationError } from '../shared';

// One connect form for Meta's three channels (WhatsApp Cloud API, Messenger, Instagram): the ids
// and tokens copied from Meta's dashboard, checked with Meta by the server, stored sealed and
// never shown again. The OAuth page picker of SPEC §7 is not built: credentials are pasted.

type MetaType = 'whatsapp-cloud-api' | 'facebook' | 'instagram';
type Field =
  | 'phoneNumberId'
  | 'businessAccountId'
  | 'accessToken'
  | 'instagramAccountId'
  | 'pageId'
  | 'pageAccessToken'
  | 'appSecret'
  | 'verifyToken';

const SECRET_FIELDS: ReadonlySet<Field> = new Set([
  'accessToken',
  'pageAccessToken',
  'appSecret',
  'verifyToken',
]);

const FORMS: Readonly<
  Record<MetaType, { fields: readonly Field[]; schema: z.ZodType<Record<string, string>> }>
> = {
  'whatsapp-cloud-api': {
    fields: ['phoneNumberId', 'businessAccountId', 'accessToken', 'appSecret', 'verifyToken'],
    schema: whatsAppCloudConnectRequestSchema,
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

function MetaConnectForm({ integration, type }: { integration: Integration; type: MetaType }) {
  const { t } = useTranslation(NS);
  const connect = useConnectIntegration(type);
  const { fields, schema } = FORMS[type];
  const form = useForm<Record<string, string>>({
    initialValues: Object.fromEntries(fields.map((f) => [f, ''])),
    validate: (values) => {
      const parsed = schema.safeParse(values);
      if (parsed.success) return {};
      return Object.fromEntries(
        parsed.error.issues.map((i) => [String(i.path[0]), t(`meta.invalid.${String(i.path[0]) as Field}`)]),
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
        <Text size="sm">{t(`meta.howTo.${type}`)}</Text>
        {fields.map((field) => {
          const Input = SECRET_FIELDS.has(field) ? PasswordInput : TextInput;
          return (
            <Input
              key={field}
              label={t(`meta.fields.${field}`)}
              description={SECRET_FIELDS.has(field) ? t('meta.stored') : undefined}
              autoComplete="off"
              maxLength={1000}
              data-testid={`meta-${field}`}
              {...form.getInputProps(field)}
            />
          );
        })}
        <Group justify="flex-end">
          <Button type="submit" loading={connect.isPending} data-testid={`${type}-connect`}>
            {connected ? t('meta.reconnect') : t('meta.connect', { name: t(`names.${type}`) })}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

export const WhatsAppCloudConnectForm = ({ integration }: { integration: Integration }) => (
  <MetaConnectForm integration={integration} type="whatsapp-cloud-api" />
);
export const FacebookConnectForm = ({ integration }: { integration: Integration }) => (
  <MetaConnectForm integration={integration} type="facebook" />
);
export const InstagramConnectForm = ({ integration }: { integration: Integration }) => (
  <MetaConnectForm integration={integration} type="instagram" />
);
