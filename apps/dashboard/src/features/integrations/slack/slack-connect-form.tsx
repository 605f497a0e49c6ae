import {
  type Integration,
  SLACK_PATHS,
  type SlackChannel,
  slackBotTokenSchema,
  slackChannelsResponseSchema,
  slackConnectRequestSchema,
} from '@convo/api';
import { Button, Code, Group, List, PasswordInput, Select, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { apiRequest } from '../../../app/api/api-client';
import { toast } from '../../../app/toasts';
import { useConnectIntegration } from '../api';
import { NS, toastIntegrationError } from '../shared';

// Slack mirrors every conversation into a thread of one Slack channel; the team may answer from
// the thread. The admin pastes the bot token and signing secret of their Slack app, loads the
// channels the token sees (the server asks Slack), picks one and connects; the token and secret
// are stored sealed and never shown again.

const SCOPES =
  'chat:write, channels:read, groups:read, channels:join, channels:history, groups:history, users:read, users:read.email';
const EVENTS = 'message.channels, message.groups';

function useSlackChannels() {
  return useMutation({
    mutationFn: async (botToken: string) =>
      (
        await apiRequest(SLACK_PATHS.channels, {
          method: 'POST',
          body: { botToken },
          schema: slackChannelsResponseSchema,
        })
      ).data,
  });
}

export function SlackConnectForm({ integration }: { integration: Integration }) {
  const { t } = useTranslation(NS);
  const connect = useConnectIntegration('slack');
  const channels = useSlackChannels();
  const form = useForm({
    initialValues: { botToken: '', signingSecret: '', channelId: '' },
    validate: {
      botToken: (v) => (slackBotTokenSchema.safeParse(v.trim()).success ? null : t('slack.tokenInvalid')),
      signingSecret: (v) =>
        slackConnectRequestSchema.shape.signingSecret.safeParse(v).success ? null : t('slack.secretInvalid'),
      channelId: (v) => (v ? null : t('slack.channelRequired')),
    },
  });
  const loadChannels = () => {
    if (form.validateField('botToken').hasError) return;
    form.setFieldValue('channelId', '');
    channels.mutate(form.values.botToken.trim(), {
      onSuccess: (found) => {
        if (found.channels.length === 0) toast.error(t('slack.noChannels'));
      },
      onError: toastIntegrationError,
    });
  };
  const submit = form.onSubmit((values) =>
    connect.mutate(
      {
        botToken: values.botToken.trim(),
        signingSecret: values.signingSecret.trim(),
        channelId: values.channelId,
      },
      {
        onSuccess: (connected) => {
          toast.success(t('details.connected', { name: connected.displayName || t('names.slack') }));
          form.reset();
          channels.reset();
        },
        onError: toastIntegrationError,
      },
    ),
  );
  const label = (c: SlackChannel) =>
    `${c.isPrivate ? '🔒' : '#'} ${c.name}${c.isPrivate && !c.isMember ? ` — ${t('slack.inviteFirst')}` : ''}`;
  const connected = integration.status !== 'not_connected';
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <Text size="sm">{t('slack.howTo')}</Text>
        <List size="sm" spacing={4}>
          <List.Item>
            {t('slack.scopes')} <Code>{SCOPES}</Code>
          </List.Item>
          <List.Item>
            {t('slack.events')} <Code>{EVENTS}</Code>
          </List.Item>
        </List>
        <PasswordInput
          label={connected ? t('slack.newToken') : t('slack.token')}
          placeholder="xoxb-…"
          autoComplete="off"
          maxLength={260}
          data-testid="slack-bot-token"
          {...form.getInputProps('botToken')}
        />
        <PasswordInput
          label={t('slack.secret')}
          description={t('slack.stored')}
          autoComplete="off"
          maxLength={64}
          data-testid="slack-signing-secret"
          {...form.getInputProps('signingSecret')}
        />
        <Group align="flex-end" gap="xs" wrap="wrap">
          <Button
            variant="default"
            onClick={loadChannels}
            loading={channels.isPending}
            data-testid="slack-load-channels"
          >
            {t('slack.loadChannels')}
          </Button>
          {channels.data && (
            <Text size="sm" c="dimmed" data-testid="slack-team">
              {t('slack.workspace', { team: channels.data.team })}
            </Text>
          )}
        </Group>
        {channels.data && channels.data.channels.length > 0 && (
          <Select
            label={t('slack.channel')}
            placeholder={t('slack.channelPlaceholder')}
            searchable
            data={channels.data.channels.map((c) => ({ value: c.id, label: label(c) }))}
            data-testid="slack-channel"
            {...form.getInputProps('channelId')}
          />
        )}
        <Group justify="flex-end">
          <Button
            type="submit"
            loading={connect.isPending}
            disabled={!channels.data}
            data-testid="slack-connect"
          >
            {connected ? t('slack.reconnect') : t('slack.connect')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
