// /settings/entities: a bot's custom entities (SPEC §7: entity, locale), one language at a time,
// with the builder's own editor.

import type { Bot } from '@convo/api';
import { type BotLanguage, isBotLanguage } from '@convo/domain';
import { Paper, SegmentedControl, Stack } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LANGUAGE_NAMES } from '../../../i18n/languages';
import { EntitiesEditor } from '../builder/entities/entities-modal';
import { BotSettingsFrame, NS } from './bot-settings-frame';

function BotEntities({ bot }: { bot: Bot }) {
  const { t } = useTranslation(NS);
  const languages = bot.languages.filter(isBotLanguage);
  const [language, setLanguage] = useState<BotLanguage>(
    isBotLanguage(bot.defaultLanguage) ? bot.defaultLanguage : (languages[0] ?? 'en'),
  );
  return (
    <Stack gap="md">
      {languages.length > 1 && (
        <SegmentedControl
          aria-label={t('entities.language')}
          data={languages.map((code) => ({ value: code, label: LANGUAGE_NAMES[code] }))}
          value={language}
          onChange={(v) => isBotLanguage(v) && setLanguage(v)}
          style={{ alignSelf: 'flex-start' }}
        />
      )}
      <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }}>
        <EntitiesEditor key={language} botId={bot.id} language={language} />
      </Paper>
    </Stack>
  );
}

export function EntitiesPage() {
  const { t } = useTranslation(NS);
  return (
    <BotSettingsFrame slug="entities" description={t('entities.description')}>
      {(bot) => <BotEntities bot={bot} />}
    </BotSettingsFrame>
  );
}
