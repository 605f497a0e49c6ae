// /settings/general: a bot's name, languages (default and enabled), engine, whether it is enabled
// and whether it answers first — through the bots API the bots screens use.

import type { Bot } from '@convo/api';
import { BOT_LANGUAGES, type BotPlatform, botPlatformDisplayName, LLM_BOT_ENGINES } from '@convo/domain';
import { Anchor, Checkbox, Group, Paper, Select, Stack, Switch, Text, TextInput } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PATHS } from '../../../app/routing/paths';
import { toast } from '../../../app/toasts';
import { LANGUAGE_NAMES } from '../../../i18n/languages';
import { useClearFirstResponder, useSetBotStatus, useSetFirstResponder, useUpdateBot } from '../api';
import { toastBotError, useCanManageBots } from '../bots-shared';
import { languageChange } from '../builder/languages';
import { BotSettingsFrame, NS } from './bot-settings-frame';
import { LlmLimitsForm } from './llm-limits-form';
import { SettingsForm } from './settings-form';

const languageName = (code: string) => LANGUAGE_NAMES[code as keyof typeof LANGUAGE_NAMES] ?? code;

function GeneralForm({ bot }: { bot: Bot }) {
  const { t } = useTranslation(NS);
  const canManage = useCanManageBots();
  const update = useUpdateBot();
  const setStatus = useSetBotStatus();
  const setResponder = useSetFirstResponder();
  const clearResponder = useClearFirstResponder();
  const [name, setName] = useState(bot.name);
  const [defaultLanguage, setDefaultLanguage] = useState(bot.defaultLanguage);
  const [languages, setLanguages] = useState<string[]>(bot.languages);
  const [submitted, setSubmitted] = useState(false);
  const nameError = name.trim() === '' ? t('general.nameRequired') : null;
  const languagesChange = languageChange(bot, languages, defaultLanguage);
  const dirty = name.trim() !== bot.name || languagesChange !== null;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (nameError !== null || !dirty) return;
    update.mutate(
      {
        botId: bot.id,
        body: { ...(name.trim() !== bot.name ? { name: name.trim() } : {}), ...(languagesChange ?? {}) },
      },
      { onSuccess: () => toast.success(t('general.saved')), onError: toastBotError },
    );
  };
  const toggleEnabled = (enabled: boolean) =>
    setStatus.mutate(
      { botId: bot.id, enabled },
      {
        onSuccess: () => toast.success(enabled ? t('general.enabledToast') : t('general.disabledToast')),
        onError: toastBotError,
      },
    );
  const toggleFirstResponder = (on: boolean) => {
    const done = { onSuccess: () => toast.success(t('general.firstResponderSaved')), onError: toastBotError };
    if (on) setResponder.mutate({ botId: bot.id }, done);
    else clearResponder.mutate(undefined, done);
  };

  return (
    <Stack gap="md">
      <SettingsForm onSubmit={onSubmit} canManage={canManage} saving={update.isPending} saveDisabled={!dirty}>
        <TextInput
          label={t('general.name')}
          value={name}
          maxLength={120}
          onChange={(e) => setName(e.currentTarget.value)}
          error={submitted ? nameError : undefined}
          disabled={!canManage}
          required
          maw={420}
        />
        <Group gap="xs">
          <Text size="sm" fw={500}>
            {t('general.engine')}
          </Text>
          <Text size="sm" data-testid="bot-engine">
            {botPlatformDisplayName(bot.engine)}
          </Text>
          <Anchor component={Link} to={PATHS.botIntegrations} size="sm">
            {t('general.changeEngine')}
          </Anchor>
        </Group>
        <Select
          label={t('general.defaultLanguage')}
          data={BOT_LANGUAGES.map((code) => ({ value: code, label: languageName(code) }))}
          value={defaultLanguage}
          onChange={(v) => v && setDefaultLanguage(v)}
          allowDeselect={false}
          disabled={!canManage}
          maw={320}
        />
        <Checkbox.Group
          label={t('general.languages')}
          description={t('general.languagesHelp')}
          value={languages}
          onChange={setLanguages}
        >
          <Group gap="md" mt="xs">
            {BOT_LANGUAGES.map((code) => (
              <Checkbox
                key={code}
                value={code}
                label={languageName(code)}
                disabled={!canManage || code === defaultLanguage}
              />
            ))}
          </Group>
        </Checkbox.Group>
      </SettingsForm>
      <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }}>
        <Stack gap="md">
          <Switch
            label={t('general.enabled')}
            description={t('general.enabledHelp')}
            checked={bot.enabled}
            disabled={!canManage || setStatus.isPending}
            onChange={(e) => toggleEnabled(e.currentTarget.checked)}
          />
          <Switch
            label={t('general.firstResponder')}
            description={t('general.firstResponderHelp')}
            checked={bot.firstResponder}
            disabled={!canManage || !bot.enabled || setResponder.isPending || clearResponder.isPending}
            onChange={(e) => toggleFirstResponder(e.currentTarget.checked)}
          />
          {bot.lastError !== null && (
            <Text size="sm" c="red" role="status" data-testid="bot-last-error">
              {t('general.lastError', { error: bot.lastError })}
            </Text>
          )}
        </Stack>
      </Paper>
      {LLM_BOT_ENGINES.includes(bot.engine as BotPlatform) && <LlmLimitsForm key={bot.id} bot={bot} />}
    </Stack>
  );
}

export function GeneralPage() {
  const { t } = useTranslation(NS);
  return (
    <BotSettingsFrame slug="general" description={t('general.description')}>
      {(bot) => <GeneralForm bot={bot} />}
    </BotSettingsFrame>
  );
}
