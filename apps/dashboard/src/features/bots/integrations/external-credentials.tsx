// An external engine's credentials on /bots/bot-integrations (issue 36): the provider's fields,
// secrets write-only ("set" badges, typed again to change), viaKM's second engine, and for
// Dialogflow the Google authorization pop-up (/dialogflow-callback hands the code back here).

import type { Bot } from '@convo/api';
import { EXTERNAL_BOT_ENGINES, type ExternalBotEngine, isExternalEngine } from '@convo/domain';
import {
  Badge,
  Button,
  Group,
  Paper,
  PasswordInput,
  Select,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../../../app/toasts';
import { DIALOGFLOW_CALLBACK_MESSAGE, type OAuthCallback } from '../../public-pages/oauth-callback';
import {
  fetchDialogflowAuthorizeUrl,
  useCompleteDialogflowAuthorization,
  useDeleteBotCredentials,
  usePutBotCredentials,
} from '../api';
import { engineDisplayName } from '../bot-screens';
import { NS, toastBotError } from '../bots-shared';
import {
  type CredentialValues,
  credentialsBodyOf,
  credentialValuesOf,
  EXTERNAL_FIELDS,
  missingField,
} from './external-fields';

export function ExternalCredentials({
  bot,
  engine: botEngine,
  canManage,
}: {
  bot: Bot;
  engine: ExternalBotEngine | 'viaKM';
  canManage: boolean;
}) {
  const { t } = useTranslation(NS);
  const stored = bot.engine === botEngine ? bot.credentials : null;
  const storedEngine = stored && isExternalEngine(stored.engine) ? stored.engine : null;
  const [engine, setEngine] = useState<ExternalBotEngine>(
    botEngine === 'viaKM' ? (storedEngine ?? 'custom') : botEngine,
  );
  const [values, setValues] = useState<CredentialValues>(() => credentialValuesOf(engine, stored));
  const [missing, setMissing] = useState<string | null>(null);
  const save = usePutBotCredentials();
  const remove = useDeleteBotCredentials();
  const authorize = useCompleteDialogflowAuthorization();
  const { mutate: authorizeMutate } = authorize;
  const configured = new Set(stored?.engine === engine ? stored.configured : []);
  const google = engine === 'dialogflow' || engine === 'dialogflowcx';

  useEffect(() => {
    // The callback pop-up posts Google's answer here (same origin only); the server exchanges the code.
    const onMessage = (event: MessageEvent<{ type?: string } & Partial<OAuthCallback>>) => {
      if (event.origin !== window.location.origin || event.data?.type !== DIALOGFLOW_CALLBACK_MESSAGE) return;
      const data = event.data;
      if (data.kind === 'code' && typeof data.code === 'string' && typeof data.state === 'string') {
        authorizeMutate(
          { code: data.code, state: data.state },
          { onSuccess: () => toast.success(t('external.authorized')), onError: toastBotError },
        );
      } else if (data.kind === 'error') toast.error(t('external.authorizeDenied'));
    };
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, [authorizeMutate, t]);

  const chooseEngine = (next: ExternalBotEngine) => {
    setEngine(next);
    setValues(credentialValuesOf(next, stored));
    setMissing(null);
  };
  const label = (name: string) => t(`external.fields.${name}` as 'external.fields.projectId');
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const gap = missingField(engine, values);
    setMissing(gap);
    if (gap !== null) return;
    save.mutate(
      { botId: bot.id, body: credentialsBodyOf(botEngine, engine, values) },
      { onSuccess: () => toast.success(t('external.saved')), onError: toastBotError },
    );
  };
  const openGoogle = async () => {
    // Opened before the URL is known, so the browser treats it as the click's own window.
    const popup = window.open('', 'dialogflow-authorize', 'width=520,height=640');
    try {
      const url = await fetchDialogflowAuthorizeUrl(bot.id);
      if (popup) popup.location.href = url;
      else window.location.href = url;
    } catch (err) {
      popup?.close();
      toastBotError(err);
    }
  };

  return (
    <Paper
      withBorder
      p="md"
      radius="md"
      component="form"
      onSubmit={submit}
      noValidate
      data-testid="external-credentials"
    >
      <Stack gap="sm">
        <Title order={2} size="h4">
          {t('integrations.credentials', { engine: engineDisplayName(botEngine) })}
        </Title>
        <Text size="sm" c="dimmed">
          {t(`external.help.${engine}` as 'external.help.custom')}
        </Text>
        {botEngine === 'viaKM' && (
          <Select
            label={t('external.viaEngine')}
            description={t('external.viaHelp')}
            data={EXTERNAL_BOT_ENGINES.map((e) => ({ value: e, label: engineDisplayName(e) }))}
            value={engine}
            onChange={(v) => v && isExternalEngine(v) && chooseEngine(v)}
            allowDeselect={false}
            disabled={!canManage}
            data-testid="via-engine"
          />
        )}
        {EXTERNAL_FIELDS[engine].map((field) => {
          const id = `${engine}-${field.name}`;
          const common = {
            label: label(field.name),
            required: field.required,
            disabled: !canManage,
            value: values[field.name] ?? '',
            error: missing === field.name ? t('external.required') : undefined,
            'data-testid': `credential-${field.name}`,
            onChange: (e: React.ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => {
              const value = e.currentTarget.value;
              setValues((v) => ({ ...v, [field.name]: value }));
            },
          };
          const set = configured.has(field.name);
          const description = set ? t('external.secretSet') : undefined;
          if (field.kind === 'secret')
            return (
              <PasswordInput
                key={id}
                {...common}
                autoComplete="off"
                maxLength={500}
                description={description}
              />
            );
          if (field.kind === 'json')
            return (
              <Textarea
                key={id}
                {...common}
                autosize
                minRows={3}
                maxRows={8}
                maxLength={20_000}
                placeholder='{ "type": "service_account", … }'
                description={description ?? t('external.serviceAccountHelp')}
                styles={{ input: { fontFamily: 'monospace' } }}
              />
            );
          return (
            <TextInput
              key={id}
              {...common}
              type={field.kind === 'url' ? 'url' : 'text'}
              maxLength={field.kind === 'url' ? 2048 : 200}
              placeholder={field.placeholder}
            />
          );
        })}
        {stored && stored.engine === engine && (
          <Group gap="xs" data-testid="credentials-configured">
            <Badge color="green" variant="light">
              {t('external.configured')}
            </Badge>
            {stored.configured.map((name) => (
              <Badge key={name} variant="outline">
                {t(`external.fields.${name}` as 'external.fields.projectId')}
              </Badge>
            ))}
          </Group>
        )}
        {canManage && (
          <Group justify="flex-end" gap="xs">
            {google && stored?.engine === engine && (
              <Button variant="default" onClick={() => void openGoogle()} loading={authorize.isPending}>
                {t('external.authorize')}
              </Button>
            )}
            {stored && (
              <Button
                variant="subtle"
                color="red"
                loading={remove.isPending}
                onClick={() =>
                  remove.mutate(bot.id, {
                    onSuccess: () => toast.success(t('external.removed')),
                    onError: toastBotError,
                  })
                }
              >
                {t('external.remove')}
              </Button>
            )}
            <Button type="submit" loading={save.isPending} data-testid="save-credentials">
              {t('integrations.save')}
            </Button>
          </Group>
        )}
      </Stack>
    </Paper>
  );
}
