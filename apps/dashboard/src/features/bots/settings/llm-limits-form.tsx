// An LLM bot's spend ceilings (issue 32): the most replies it asks of its provider per visitor, per
// client address and per application, an hour and a day. An empty field takes the default; with
// billing the application's ceilings are bounded by the plan on the server.

import type { Bot } from '@convo/api';
import { DEFAULT_LLM_CAPS, LLM_CAP_FIELDS, type LlmCapField, MAX_LLM_CAP } from '@convo/domain';
import { NumberInput, SimpleGrid, Text } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../../../app/toasts';
import { useUpdateBotEngine } from '../api';
import { toastBotError, useCanManageBots } from '../bots-shared';
import { NS } from './bot-settings-frame';
import { SettingsForm } from './settings-form';

type Values = Record<LlmCapField, number | ''>;

function valuesOf(bot: Bot): Values {
  const own = bot.settings.llmCaps ?? {};
  return Object.fromEntries(LLM_CAP_FIELDS.map((f) => [f, own[f] ?? ''])) as Values;
}

export function LlmLimitsForm({ bot }: { bot: Bot }) {
  const { t } = useTranslation(NS);
  const canManage = useCanManageBots();
  const update = useUpdateBotEngine();
  const [values, setValues] = useState<Values>(() => valuesOf(bot));

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const llmCaps = Object.fromEntries(
      LLM_CAP_FIELDS.flatMap((f) => (values[f] === '' ? [] : [[f, values[f]]])),
    ) as Partial<Record<LlmCapField, number>>;
    update.mutate(
      { botId: bot.id, body: { settings: { llmCaps } } },
      { onSuccess: () => toast.success(t('limits.saved')), onError: toastBotError },
    );
  };

  return (
    <SettingsForm
      onSubmit={onSubmit}
      canManage={canManage}
      saving={update.isPending}
      saveTestId="llm-limits-save"
    >
      <div>
        <Text fw={500}>{t('limits.title')}</Text>
        <Text size="sm" c="dimmed">
          {t('limits.help')}
        </Text>
      </div>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        {LLM_CAP_FIELDS.map((field) => (
          <NumberInput
            key={field}
            label={t(`limits.${field}`)}
            placeholder={t('limits.default', { value: DEFAULT_LLM_CAPS[field] })}
            min={1}
            max={MAX_LLM_CAP}
            allowDecimal={false}
            allowNegative={false}
            clampBehavior="strict"
            value={values[field]}
            onChange={(v) =>
              setValues((prev) => ({ ...prev, [field]: typeof v === 'number' && v >= 1 ? v : '' }))
            }
            disabled={!canManage}
            data-testid={`llm-limit-${field}`}
          />
        ))}
      </SimpleGrid>
    </SettingsForm>
  );
}
