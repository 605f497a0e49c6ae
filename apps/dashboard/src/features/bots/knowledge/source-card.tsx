import type { KnowledgeSource } from '@convo/api';
import { Badge, Button, Group, Paper, Progress, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { progressPercent } from './knowledge-api';

const STATUS_COLOURS: Record<KnowledgeSource['status'], string> = {
  pending: 'gray',
  indexing: 'blue',
  ready: 'teal',
  failed: 'red',
};

/** One knowledge source: its kind, status, progress while indexing, counts, error or note, actions. */
export function SourceCard({
  source,
  busy,
  onRecrawl,
  onDelete,
}: {
  source: KnowledgeSource;
  /** An action on this source is in flight. */
  busy: boolean;
  onRecrawl: (source: KnowledgeSource) => void;
  onDelete: (source: KnowledgeSource) => void;
}) {
  const { t } = useTranslation('knowledge');
  const working = source.status === 'pending' || source.status === 'indexing';
  const percent = progressPercent(source);
  // The help-center import's stored name is English; it is shown in the dashboard's language.
  const name = source.kind === 'helpcenter' ? t('helpCenter.title') : source.name;
  return (
    <Paper withBorder p="sm" radius="md" component="li" aria-label={name}>
      <Stack gap={6}>
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Group gap="xs" wrap="wrap" style={{ minWidth: 0, flex: 1 }}>
            <Badge variant="light" color="gray">
              {t(`kind.${source.kind}`)}
            </Badge>
            <Text fw={500} size="sm" style={{ wordBreak: 'break-all', minWidth: 0 }}>
              {name}
            </Text>
          </Group>
          <Badge color={STATUS_COLOURS[source.status]} variant="light">
            {t(`status.${source.status}`)}
          </Badge>
        </Group>
        {working && (
          <Stack gap={2}>
            <Progress
              value={percent ?? 100}
              animated={percent === null}
              striped={percent === null}
              aria-label={t('progressLabel', { name })}
            />
            {source.progressTotal > 0 && (
              <Text size="xs" c="dimmed">
                {t(source.kind === 'document' ? 'progressParts' : 'progressPages', {
                  done: source.progressDone,
                  total: source.progressTotal,
                })}
              </Text>
            )}
          </Stack>
        )}
        <Group gap="md" wrap="wrap">
          <Text size="xs" c="dimmed">
            {t('passages', { count: source.passageCount })}
          </Text>
          {source.kind === 'sitemap' && source.pageLimit !== null && (
            <Text size="xs" c="dimmed">
              {t('pageLimitShort', { count: source.pageLimit })}
            </Text>
          )}
        </Group>
        {source.error !== null && (
          <Text size="sm" c="red" role="alert" style={{ wordBreak: 'break-word' }}>
            {source.errorDetail
              ? t(`sourceError.${source.errorDetail.code}`, source.errorDetail.params)
              : source.error}
          </Text>
        )}
        {source.note !== null && (
          <Text size="sm" c="dimmed" style={{ wordBreak: 'break-word' }}>
            {source.note}
          </Text>
        )}
        <Group gap="xs" justify="flex-end">
          <Button size="xs" variant="default" onClick={() => onRecrawl(source)} disabled={working || busy}>
            {t(source.kind === 'document' ? 'reindex' : 'recrawl')}
          </Button>
          <Button size="xs" variant="subtle" color="red" onClick={() => onDelete(source)} disabled={busy}>
            {t('delete')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
