// Why the bot answered a test message as it did (kompose's explanation): the chosen intent and its
// confidence, the runner-up, the threshold they are compared with, the small-talk stage and the
// knowledge passage; and the "this should have been…" correction that teaches the message to the
// right intent (or to none) and shows the retrained answer.

import type { BotExplanation } from '@convo/api';
import { DEFAULT_INTENTS } from '@convo/domain';
import { Button, Group, Paper, Select, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { intentDisplayName } from '../intent-draft';
import { confidencePercent } from './emulator-turns';

const NS = 'botBuilder';
/** The picker's value for "none of these answers". */
export const NONE_OF_THESE = '';

/** The answers model's class of the messages marked out of scope (kompose's OUT_OF_SCOPE_CLASS). */
const OUT_OF_SCOPE_CLASS = DEFAULT_INTENTS.fallback.name;

function useIntentLabel(): (name: string) => string {
  const { t } = useTranslation(NS);
  return (name) => (name === OUT_OF_SCOPE_CLASS ? t('emulator.why.noneIntent') : intentDisplayName(name));
}

export function ReplyWhy({ explanation }: { explanation: BotExplanation }) {
  const { t } = useTranslation(NS);
  const label = useIntentLabel();
  const { best, runnerUp, smallTalk, knowledge } = explanation;
  const line = (testId: string, text: string) => (
    <Text size="xs" data-testid={testId} style={{ wordBreak: 'break-word' }}>
      {text}
    </Text>
  );
  return (
    <Paper withBorder p="xs" radius="sm" bg="var(--mantine-color-gray-light)" data-testid="emulator-why">
      <Stack gap={2}>
        <Text size="xs" fw={600}>
          {t(`emulator.why.outcome.${explanation.outcome}`)}
        </Text>
        {best === null
          ? line('emulator-why-best', t('emulator.why.noModel'))
          : line(
              'emulator-why-best',
              t('emulator.why.best', {
                name: label(best.intent),
                percent: confidencePercent(best.confidence),
              }),
            )}
        {best !== null &&
          line(
            'emulator-why-runner-up',
            runnerUp === null
              ? t('emulator.why.noRunnerUp')
              : t('emulator.why.runnerUp', {
                  name: label(runnerUp.intent),
                  percent: confidencePercent(runnerUp.confidence),
                }),
          )}
        {line(
          'emulator-why-threshold',
          t('emulator.why.threshold', { percent: confidencePercent(explanation.threshold) }),
        )}
        {explanation.calibratedThreshold !== null && (
          <Text size="xs" c="dimmed">
            {t('emulator.why.calibrated', { percent: confidencePercent(explanation.calibratedThreshold) })}
          </Text>
        )}
        {explanation.outOfScope && line('emulator-why-out-of-scope', t('emulator.why.outOfScope'))}
        {smallTalk !== null &&
          line(
            'emulator-why-small-talk',
            t(smallTalk.answered ? 'emulator.why.smallTalkAnswered' : 'emulator.why.smallTalkSkipped', {
              name: smallTalk.intent.replace(/^smalltalk\./, ''),
              percent: confidencePercent(smallTalk.confidence),
            }),
          )}
        {knowledge && (
          <Stack gap={0} data-testid="emulator-why-knowledge">
            {line(
              'emulator-why-knowledge-source',
              t('emulator.why.knowledge', {
                source: knowledge.sourceName,
                score: Number.isFinite(knowledge.score) ? knowledge.score.toFixed(2) : '–',
              }),
            )}
            {knowledge.minRelevance !== null &&
              line(
                'emulator-why-knowledge-min',
                t('emulator.why.knowledgeMin', {
                  min: knowledge.minRelevance.toFixed(2),
                  bm25: knowledge.bm25 === null ? '–' : knowledge.bm25.toFixed(2),
                }),
              )}
            {knowledge.arbitration &&
              line(
                'emulator-why-knowledge-arbitration',
                t('emulator.why.knowledgeArbitration', {
                  name: label(knowledge.arbitration.intent),
                  passage: confidencePercent(knowledge.arbitration.passageCoverage),
                  answer: confidencePercent(knowledge.arbitration.answerCoverage),
                  terms: knowledge.arbitration.specificTerms.join(', '),
                }),
              )}
            <Text
              size="xs"
              c="dimmed"
              lineClamp={3}
              style={{ wordBreak: 'break-word' }}
              data-testid="emulator-why-knowledge-text"
            >
              {knowledge.text}
            </Text>
          </Stack>
        )}
      </Stack>
    </Paper>
  );
}

/** The intents a message can be taught to: the language's answers and small talk, by name. */
export interface CorrectionTarget {
  name: string;
}

export function CorrectionForm({
  targets,
  current,
  busy,
  onCorrect,
}: {
  targets: readonly CorrectionTarget[];
  /** The intent that answered (preselected away from: the admin picks another). */
  current: string | null;
  busy: boolean;
  /** `null`: none of these answers. */
  onCorrect: (intent: string | null) => void;
}) {
  const { t } = useTranslation(NS);
  const [open, setOpen] = useState(false);
  const [value, setValue] = useState<string | null>(null);
  if (!open) {
    return (
      <Group gap={4}>
        <Button
          size="compact-xs"
          variant="subtle"
          onClick={() => setOpen(true)}
          data-testid="emulator-correct-open"
        >
          {t('emulator.correct.open')}
        </Button>
      </Group>
    );
  }
  const options = [
    ...targets
      .filter((i) => i.name !== current)
      .map((i) => ({ value: i.name, label: intentDisplayName(i.name) })),
    { value: NONE_OF_THESE, label: t('emulator.why.noneIntent') },
  ];
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        if (value === null) return;
        onCorrect(value === NONE_OF_THESE ? null : value);
      }}
    >
      <Group gap="xs" align="flex-end" wrap="wrap">
        <Select
          size="xs"
          style={{ flex: 1, minWidth: 160 }}
          label={t('emulator.correct.label')}
          placeholder={t('emulator.correct.placeholder')}
          data={options}
          value={value}
          onChange={setValue}
          searchable
          comboboxProps={{ withinPortal: true }}
          data-testid="emulator-correct-intent"
          // Opened by the admin's click: the picker is what comes next.
          autoFocus
        />
        <Button
          size="xs"
          type="submit"
          loading={busy}
          disabled={value === null}
          data-testid="emulator-correct-apply"
        >
          {t('emulator.correct.apply')}
        </Button>
        <Button size="xs" variant="subtle" onClick={() => setOpen(false)} disabled={busy}>
          {t('cancel')}
        </Button>
      </Group>
    </form>
  );
}
