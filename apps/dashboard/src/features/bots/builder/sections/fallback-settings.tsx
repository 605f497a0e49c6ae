// Fallback settings: how many fallbacks in a row hand the conversation to a human, and (kompose)
// the confidence below which the bot falls back, with a preview of what a new threshold changes.

import { Badge, Button, Group, NumberInput, Paper, Slider, Stack, Text, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../../app/api/api-error';
import { builderKeys, fetchThresholdPreview } from '../builder-api';
import type { FallbackSettingsDraft } from '../intent-draft';
import { fallbackPercent } from '../threshold-preview';

const NS = 'botBuilder';

function ThresholdPreviewLine({ botId, threshold }: { botId: string; threshold: number }) {
  const { t } = useTranslation(NS);
  const [debounced] = useDebouncedValue(threshold, 400);
  const preview = useQuery({
    queryKey: builderKeys.thresholdPreview(botId, debounced),
    queryFn: ({ signal }) => fetchThresholdPreview(botId, debounced, signal),
    // A server without the preview route (404) is not retried: the line just stays away.
    retry: (count, error) => !(isApiError(error) && error.status === 404) && count < 1,
    staleTime: 30_000,
  });
  if (preview.isPending) {
    return (
      <Text size="xs" c="dimmed" role="status">
        {t('fallback.previewLoading')}
      </Text>
    );
  }
  if (preview.isError || preview.data === null || preview.data === undefined) {
    return (
      <Text size="xs" c="dimmed">
        {t('fallback.previewUnavailable')}
      </Text>
    );
  }
  const data = preview.data;
  return (
    <Text size="sm" aria-live="polite" data-testid="threshold-preview">
      {data.total === 0
        ? t('fallback.previewNone')
        : t('fallback.preview', {
            total: data.total,
            answered: data.answered,
            fallback: data.fallback,
            percent: fallbackPercent(data),
          })}
      {data.total > 0 && ` ${t('fallback.previewChanged', { changed: data.changed })}`}
    </Text>
  );
}

export function FallbackSettings({
  botId,
  value,
  dirty,
  saving,
  showThreshold,
  onChange,
  onSave,
  onDiscard,
}: {
  botId: string;
  value: FallbackSettingsDraft;
  dirty: boolean;
  saving: boolean;
  /** The threshold is kompose's; LLM engines decide by themselves when they cannot answer. */
  showThreshold: boolean;
  onChange: (value: FallbackSettingsDraft) => void;
  onSave: () => void;
  onDiscard: () => void;
}) {
  const { t } = useTranslation(NS);
  const percent = Math.round(value.confidenceThreshold * 100);
  return (
    <Paper withBorder p="sm" radius="md" component="section" aria-labelledby="fallback-settings-heading">
      <Stack gap="sm">
        <Title order={3} size="h5" id="fallback-settings-heading">
          {t('fallback.settingsTitle')}
        </Title>
        <NumberInput
          label={t('fallback.fallbacksBeforeHandoff')}
          description={t('fallback.fallbacksBeforeHandoffHelp')}
          min={0}
          max={20}
          step={1}
          allowDecimal={false}
          allowNegative={false}
          clampBehavior="strict"
          value={value.fallbacksBeforeHandoff}
          onChange={(v) => onChange({ ...value, fallbacksBeforeHandoff: typeof v === 'number' ? v : 0 })}
          maw={260}
        />
        {showThreshold && (
          <Stack gap={4}>
            <Text size="sm" fw={500} id="threshold-label">
              {t('fallback.threshold', { percent })}
            </Text>
            <Text size="xs" c="dimmed">
              {t('fallback.thresholdHelp')}
            </Text>
            <Slider
              aria-labelledby="threshold-label"
              thumbLabel={t('fallback.thresholdThumb')}
              min={0}
              max={1}
              step={0.01}
              value={value.confidenceThreshold}
              label={(v) => `${Math.round(v * 100)} %`}
              marks={[
                { value: 0.25, label: '25 %' },
                { value: 0.5, label: '50 %' },
                { value: 0.75, label: '75 %' },
              ]}
              onChange={(v) => onChange({ ...value, confidenceThreshold: v })}
              mb="md"
            />
            <ThresholdPreviewLine botId={botId} threshold={value.confidenceThreshold} />
          </Stack>
        )}
        <Group gap="sm">
          <Button onClick={onSave} disabled={!dirty} loading={saving}>
            {t('fallback.saveSettings')}
          </Button>
          {dirty && (
            <>
              <Button variant="subtle" onClick={onDiscard} disabled={saving}>
                {t('discard')}
              </Button>
              <Badge variant="light" color="yellow">
                {t('unsaved.badge')}
              </Badge>
            </>
          )}
        </Group>
      </Stack>
    </Paper>
  );
}
