// What will go wrong with a language's phrases as they are (GET training's warnings, computed by
// packages/domain trainingWarnings): the bot still trains; the builder says why it may answer badly.

import type { TrainingWarning } from '@convo/api';
import type { BotLanguage } from '@convo/domain';
import { Alert, List, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { LANGUAGE_NAMES } from '../../../i18n/languages';
import { builderKeys, fetchTraining } from './builder-api';
import { intentDisplayName } from './intent-draft';
import { trainingInProgress } from './training-status';

const NS = 'botBuilder';

const quoted = (phrases: readonly string[]) => phrases.map((p) => `“${p}”`).join(', ');
const languageName = (code: string | null) =>
  code === null ? '' : (LANGUAGE_NAMES[code as BotLanguage] ?? code);

export function TrainingWarnings({ botId, language }: { botId: string; language: BotLanguage }) {
  const { t } = useTranslation(NS);
  const training = useQuery({
    queryKey: builderKeys.training(botId),
    queryFn: ({ signal }) => fetchTraining(botId, signal),
    refetchInterval: (query) => (trainingInProgress(query.state.data ?? []) ? 2000 : false),
  });
  // Loading and failures are shown by the training badge of the same query; nothing to warn about yet.
  const warnings: TrainingWarning[] = training.data?.find((s) => s.language === language)?.warnings ?? [];
  if (warnings.length === 0) return null;
  return (
    <Alert color="yellow" variant="light" title={t('warnings.title')} data-testid="training-warnings" mb="sm">
      <Text size="xs" mb={4}>
        {t('warnings.intro')}
      </Text>
      <List size="xs" spacing={4}>
        {warnings.map((w) => (
          <List.Item key={`${w.code}:${w.intents.join('|')}:${w.detectedLanguage ?? ''}`} data-code={w.code}>
            {t(`warnings.${w.code}`, {
              intents: w.intents.map(intentDisplayName).join(', '),
              phrases: quoted(w.phrases),
              detected: languageName(w.detectedLanguage),
              language: languageName(language),
            })}
          </List.Item>
        ))}
      </List>
    </Alert>
  );
}
