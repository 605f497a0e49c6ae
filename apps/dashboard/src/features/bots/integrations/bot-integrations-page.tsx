// /bots/bot-integrations: the engine picker (the five engines this release runs) and, for the LLM
// engines, the credentials: a write-only API key ("Key stored" once saved), the model, and for
// OpenAI an optional OpenAI-compatible base URL (Ollama, vLLM, LM Studio).

import type { Bot } from '@convo/api';
import { isExternalEngine } from '@convo/domain';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Checkbox,
  Group,
  Paper,
  PasswordInput,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { toast } from '../../../app/toasts';
import { PageHeader } from '../../../components/page-header';
import { PageLoader, SectionLoader } from '../../../components/page-loader';
import { UpgradeNotice, useLockedFeature } from '../../billing/components/feature-gate';
import { useBots, useUpdateBotEngine } from '../api';
import {
  BOT_SCREEN_PATHS,
  baseUrlError,
  type CredentialsValues,
  credentialsBody,
  credentialsInitial,
  ENGINE_CARDS,
  engineCard,
  engineDisplayName,
} from '../bot-screens';
import { BotsTabs, LoadFailed, NS, toastBotError, useCanManageBots, useWording } from '../bots-shared';
import { ExternalCredentials } from './external-credentials';

const MODEL_EXAMPLES: Readonly<Record<string, string>> = {
  openai: 'gpt-4o-mini',
  gemini: 'gemini-2.5-flash',
  anthropic: 'claude-sonnet-4-5',
};

function EngineForm({ bot, canManage }: { bot: Bot; canManage: boolean }) {
  const { t } = useTranslation(NS);
  const save = useUpdateBotEngine();
  const form = useForm<CredentialsValues>({
    initialValues: credentialsInitial(bot),
    validate: {
      baseUrl: (v) => {
        const error = baseUrlError(v);
        return error === null ? null : t(error);
      },
    },
  });
  const chosen = engineCard(form.values.engine);
  const choose = (engine: string) => form.setValues(credentialsInitial(bot, engine));
  const submit = form.onSubmit((values) =>
    save.mutate(
      { botId: bot.id, body: credentialsBody(values) },
      {
        onSuccess: (updated) => {
          toast.success(t('integrations.saved'));
          form.setValues(credentialsInitial(updated));
          form.resetDirty(credentialsInitial(updated));
        },
        onError: toastBotError,
      },
    ),
  );
  const switching = form.values.engine !== bot.engine;
  // SPEC §6 llmBots: a plan without it cannot switch a bot to an LLM engine (the server refuses too).
  const llmLocked = useLockedFeature('llmBots') !== null;
  const keyStored = bot.hasApiKey && !switching;
  const externalEngine =
    chosen?.external && (isExternalEngine(chosen.engine) || chosen.engine === 'viaKM') ? chosen.engine : null;
  return (
    <Stack gap="md">
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <Title order={2} size="h4">
            {t('integrations.engines')}
          </Title>
          <SimpleGrid
            cols={{ base: 1, sm: 2, lg: 3 }}
            spacing="sm"
            role="radiogroup"
            aria-label={t('integrations.engines')}
          >
            {ENGINE_CARDS.map((card) => {
              const selected = form.values.engine === card.engine;
              return (
                <Paper
                  key={card.engine}
                  withBorder
                  p="sm"
                  radius="md"
                  data-testid={`engine-card-${card.engine}`}
                  style={
                    selected
                      ? { borderColor: 'var(--mantine-primary-color-filled)', borderWidth: 2 }
                      : undefined
                  }
                >
                  <Stack gap="xs" h="100%" justify="space-between">
                    <Stack gap={4}>
                      <Group gap="xs" justify="space-between" wrap="nowrap">
                        <Text fw={600}>{card.displayName}</Text>
                        {card.engine === bot.engine && (
                          <Badge size="sm" variant="light">
                            {t('integrations.current')}
                          </Badge>
                        )}
                      </Group>
                      <Text size="sm" c="dimmed">
                        {t(`engines.${card.engine}` as 'engines.kompose')}
                      </Text>
                    </Stack>
                    <Button
                      size="xs"
                      variant={selected ? 'filled' : 'default'}
                      role="radio"
                      aria-checked={selected}
                      disabled={
                        !canManage || (llmLocked && card.needsCredentials && card.engine !== bot.engine)
                      }
                      onClick={() => choose(card.engine)}
                    >
                      {selected
                        ? t('integrations.chosen')
                        : t('integrations.choose', { engine: card.displayName })}
                    </Button>
                  </Stack>
                </Paper>
              );
            })}
          </SimpleGrid>
          <UpgradeNotice feature="llmBots" />
          {switching && bot.hasApiKey && (
            <Alert color="yellow" variant="light">
              {t('integrations.switchWarning', { from: engineDisplayName(bot.engine) })}
            </Alert>
          )}
          {externalEngine === null && (
            <Paper withBorder p="md" radius="md">
              <Stack gap="sm">
                <Title order={2} size="h4">
                  {t('integrations.credentials', { engine: chosen?.displayName ?? form.values.engine })}
                </Title>
                {chosen?.needsCredentials ? (
                  <>
                    <Group gap="xs">
                      {keyStored ? (
                        <Badge color="green" variant="light" data-testid="key-stored">
                          {t('integrations.keyStored')}
                        </Badge>
                      ) : (
                        <Text size="sm" c="dimmed">
                          {t('integrations.noKey')}
                        </Text>
                      )}
                    </Group>
                    <PasswordInput
                      label={t('integrations.apiKey')}
                      placeholder={t('integrations.apiKeyPlaceholder')}
                      description={keyStored ? t('integrations.keyStoredHelp') : undefined}
                      autoComplete="off"
                      maxLength={500}
                      disabled={!canManage}
                      data-testid="engine-api-key"
                      {...form.getInputProps('apiKey')}
                    />
                    {keyStored && (
                      <Checkbox
                        label={t('integrations.removeKey')}
                        disabled={!canManage || form.values.apiKey.trim() !== ''}
                        {...form.getInputProps('removeKey', { type: 'checkbox' })}
                      />
                    )}
                    <TextInput
                      label={t('integrations.model')}
                      placeholder={t('integrations.modelPlaceholder', {
                        example: MODEL_EXAMPLES[form.values.engine] ?? '',
                      })}
                      maxLength={200}
                      disabled={!canManage}
                      data-testid="engine-model"
                      {...form.getInputProps('model')}
                    />
                    {chosen.supportsBaseUrl && (
                      <TextInput
                        label={t('integrations.baseUrl')}
                        description={t('integrations.baseUrlHelp')}
                        placeholder="http://localhost:11434/v1"
                        type="url"
                        maxLength={2048}
                        disabled={!canManage}
                        data-testid="engine-base-url"
                        {...form.getInputProps('baseUrl')}
                      />
                    )}
                  </>
                ) : (
                  <Text size="sm" c="dimmed">
                    {t('integrations.noCredentials', { engine: chosen?.displayName ?? form.values.engine })}
                  </Text>
                )}
                {canManage && (
                  <Group justify="flex-end">
                    <Button type="submit" loading={save.isPending} data-testid="save-engine">
                      {t('integrations.save')}
                    </Button>
                  </Group>
                )}
              </Stack>
            </Paper>
          )}
        </Stack>
      </form>
      {/* Its own form (not nested): saving the credentials also switches the bot to that engine. */}
      {externalEngine !== null && (
        <ExternalCredentials key={externalEngine} bot={bot} engine={externalEngine} canManage={canManage} />
      )}
    </Stack>
  );
}

/** /bots/bot-integrations[?botId=]. */
export function BotIntegrationsPage() {
  const { t, ready } = useTranslation(NS);
  const wording = useWording();
  const canManage = useCanManageBots();
  const bots = useBots();
  const [params, setParams] = useSearchParams();
  const list = bots.data ?? [];
  const wanted = params.get('botId');
  const bot = list.find((b) => b.id === wanted) ?? list[0];
  useEffect(() => {
    // Keep the chosen bot in the URL, so a reload or a shared link opens the same one.
    if (bot !== undefined && wanted !== bot.id) setParams({ botId: bot.id }, { replace: true });
  }, [bot, wanted, setParams]);
  if (!ready) return <PageLoader />;
  return (
    <Stack gap="md" maw={1000}>
      <PageHeader title={t('integrations.title', wording)} description={t('integrations.description')} />
      <BotsTabs />
      {!canManage && (
        <Text size="sm" c="dimmed">
          {t('common.adminsOnly', wording)}
        </Text>
      )}
      {bots.isPending ? (
        <SectionLoader label={t('common.loading', wording)} />
      ) : bots.isError ? (
        <LoadFailed onRetry={() => void bots.refetch()} />
      ) : bot === undefined ? (
        <Stack align="center" py="xl" gap="xs">
          <Text c="dimmed">{t('integrations.noBots', wording)}</Text>
          <Anchor component={Link} to={BOT_SCREEN_PATHS.manage}>
            {t('integrations.goToManage')}
          </Anchor>
        </Stack>
      ) : (
        <>
          <Select
            label={t('integrations.bot', wording)}
            data={list.map((b) => ({ value: b.id, label: b.name }))}
            value={bot.id}
            onChange={(id) => id && setParams({ botId: id })}
            allowDeselect={false}
            maw={400}
            data-testid="integrations-bot"
          />
          {/* A new form per bot and per saved state: the stored engine is its starting point. */}
          <EngineForm key={`${bot.id}:${bot.updatedAt}`} bot={bot} canManage={canManage} />
        </>
      )}
    </Stack>
  );
}
