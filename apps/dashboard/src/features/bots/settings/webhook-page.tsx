// /settings/webhook: the bot's fulfillment webhook. Answers flagged here get their reply from the
// URL (signed POST of the customer's message, intent and entities); the secret is write-only.

import type { Bot, BotWebhook } from '@convo/api';
import { isBotLanguage } from '@convo/domain';
import {
  Alert,
  Button,
  Code,
  MultiSelect,
  Paper,
  PasswordInput,
  Skeleton,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { modals } from '@mantine/modals';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../../../app/toasts';
import { LoadFailed } from '../../../components/load-failed';
import { invalidateBots } from '../api';
import { toastBotError, useCanManageBots } from '../bots-shared';
import { fetchIntents } from '../builder/builder-api';
import { botSettingsKeys, fetchBotWebhook, saveBotWebhook } from './bot-settings-api';
import { BotSettingsFrame, NS } from './bot-settings-frame';
import { SettingsForm } from './settings-form';

/** Long lines wrap on phones rather than widen the page. */
const WRAP = { whiteSpace: 'pre-wrap', wordBreak: 'break-word' } as const;

const SECTIONS_WITH_ANSWERS = new Set(['answers', 'small-talk', 'welcome-message']);

/** Names of the bot's answers in every enabled language, for the "call webhook" choice. */
function useAnswerNames(bot: Bot) {
  return useQuery({
    queryKey: ['bots', bot.id, 'answer-names', bot.languages.join(',')],
    queryFn: async ({ signal }) => {
      const lists = await Promise.all(
        bot.languages.filter(isBotLanguage).map((l) => fetchIntents(bot.id, l, signal)),
      );
      const names = lists.flat().flatMap((i) => (SECTIONS_WITH_ANSWERS.has(i.section) ? [i.name] : []));
      return [...new Set(names)].sort((a, b) => a.localeCompare(b));
    },
  });
}

function WebhookForm({ bot, webhook }: { bot: Bot; webhook: BotWebhook }) {
  const { t } = useTranslation(NS);
  const canManage = useCanManageBots();
  const queryClient = useQueryClient();
  const answers = useAnswerNames(bot);
  const [url, setUrl] = useState(webhook.url ?? '');
  const [secret, setSecret] = useState('');
  const [intents, setIntents] = useState<string[]>(webhook.intents);
  const [submitted, setSubmitted] = useState(false);
  const urlError =
    url.trim() !== '' && !/^https?:\/\/\S+$/i.test(url.trim()) ? t('webhook.urlInvalid') : null;
  const secretError =
    url.trim() !== '' && !webhook.hasSecret && secret.trim() === '' ? t('webhook.secretRequired') : null;
  const save = useMutation({
    mutationFn: (body: Parameters<typeof saveBotWebhook>[1]) => saveBotWebhook(bot.id, body),
    onSuccess: (data) => {
      queryClient.setQueryData(botSettingsKeys.webhook(bot.id), data);
      setSecret('');
      setUrl(data.url ?? '');
      setIntents(data.intents);
      void invalidateBots(queryClient);
      toast.success(t('webhook.saved'));
    },
    onError: toastBotError,
  });
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (urlError !== null || secretError !== null) return;
    save.mutate({ url: url.trim(), intents, ...(secret.trim() !== '' ? { secret: secret.trim() } : {}) });
  };
  const remove = () =>
    modals.openConfirmModal({
      title: t('webhook.removeTitle'),
      children: <Text size="sm">{t('webhook.removeBody')}</Text>,
      labels: { confirm: t('webhook.remove'), cancel: t('cancel') },
      confirmProps: { color: 'red' },
      onConfirm: () => save.mutate({ url: '', intents: [], secret: '' }),
    });
  const options = [...new Set([...(answers.data ?? []), ...intents])];

  return (
    <Stack gap="md">
      {bot.lastError?.startsWith('WEBHOOK_ERROR') && (
        <Alert
          color="red"
          variant="light"
          title={t('webhook.lastErrorTitle')}
          data-testid="webhook-last-error"
        >
          {bot.lastError}
        </Alert>
      )}
      <SettingsForm
        onSubmit={onSubmit}
        canManage={canManage}
        saving={save.isPending}
        actions={
          webhook.url !== null && (
            <Button variant="subtle" color="red" onClick={remove} disabled={save.isPending}>
              {t('webhook.remove')}
            </Button>
          )
        }
      >
        <TextInput
          label={t('webhook.url')}
          description={t('webhook.urlHelp')}
          placeholder="https://example.com/bot-fulfillment"
          value={url}
          onChange={(e) => setUrl(e.currentTarget.value)}
          error={submitted ? urlError : undefined}
          disabled={!canManage}
          inputMode="url"
        />
        <PasswordInput
          label={t('webhook.secret')}
          description={webhook.hasSecret ? t('webhook.secretStored') : t('webhook.secretHelp')}
          placeholder={webhook.hasSecret ? '••••••••' : ''}
          value={secret}
          onChange={(e) => setSecret(e.currentTarget.value)}
          error={submitted ? secretError : undefined}
          disabled={!canManage}
          autoComplete="new-password"
        />
        {answers.isError ? (
          <LoadFailed
            py="xs"
            message={t('webhook.answersFailed')}
            retryLabel={t('retry')}
            onRetry={() => void answers.refetch()}
          />
        ) : (
          <MultiSelect
            label={t('webhook.intents')}
            description={t('webhook.intentsHelp')}
            placeholder={answers.isPending ? t('loading') : t('webhook.intentsPlaceholder')}
            data={options}
            value={intents}
            onChange={setIntents}
            searchable
            clearable
            nothingFoundMessage={t('webhook.noAnswers')}
            disabled={!canManage || answers.isPending}
          />
        )}
      </SettingsForm>
      <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }}>
        <Stack gap="xs">
          <Text fw={600}>{t('webhook.contractTitle')}</Text>
          <Text size="sm">{t('webhook.contractRequest', { seconds: webhook.timeoutMs / 1000 })}</Text>
          <Code block style={WRAP}>{`POST ${webhook.url ?? 'https://…'}
X-Convo-Signature: sha256=<HMAC-SHA256 of the body with your secret>

{ "botId": "…", "groupId": 123, "messageId": 456, "message": "…",
  "intent": "…", "confidence": 0.92, "language": "en", "entities": { "city": "Paris" } }`}</Code>
          <Text size="sm">{t('webhook.contractResponse')}</Text>
          <Code block style={WRAP}>
            {'{ "messages": [{ "text": "…" }] }'}
          </Code>
        </Stack>
      </Paper>
    </Stack>
  );
}

function BotWebhookSection({ bot }: { bot: Bot }) {
  const { t } = useTranslation(NS);
  const webhook = useQuery({
    queryKey: botSettingsKeys.webhook(bot.id),
    queryFn: ({ signal }) => fetchBotWebhook(bot.id, signal),
  });
  if (webhook.isPending) return <Skeleton h={200} />;
  if (webhook.isError)
    return (
      <LoadFailed
        message={t('webhook.loadFailed')}
        retryLabel={t('retry')}
        onRetry={() => void webhook.refetch()}
      />
    );
  return <WebhookForm bot={bot} webhook={webhook.data} />;
}

export function WebhookPage() {
  const { t } = useTranslation(NS);
  return (
    <BotSettingsFrame slug="webhook" description={t('webhook.description')}>
      {(bot) => <BotWebhookSection bot={bot} />}
    </BotSettingsFrame>
  );
}
