import type { KnowledgeSource, StarterBotSource } from '@convo/api';
import {
  Alert,
  Button,
  FileInput,
  Group,
  Progress,
  SegmentedControl,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PATHS } from '../../app/routing/paths';
import { useRequiredSession } from '../../app/session/use-required-session';
import { toastError } from '../../app/toasts';
import { useCanManageBots } from '../bots/bots-shared';
import {
  DOCUMENT_ACCEPT,
  fetchSources,
  isBusy,
  KNOWLEDGE_POLL_MS,
  knowledgeKeys,
  progressPercent,
  uploadDocument,
} from '../bots/knowledge/knowledge-api';
import { onboardingKeys } from './onboarding-api';
import { testPageUrl } from './setup-steps';
import { createStarterBot } from './starter-bot-api';

// The guide's first step (issue 40 item 1): a bot made in one click from what the company already
// has. The server makes it, attaches the source, trains it and sets it first responder; this panel
// shows the source's progress until the bot can answer, then the way to try it.

const NS = 'onboarding';

function StarterProgress({ botId }: { botId: string }) {
  const { t } = useTranslation(NS);
  const { applicationId } = useRequiredSession();
  const sources = useQuery({
    queryKey: knowledgeKeys.sources(botId),
    queryFn: ({ signal }) => fetchSources(botId, signal),
    refetchInterval: (q) => (q.state.data === undefined || isBusy(q.state.data) ? KNOWLEDGE_POLL_MS : false),
  });
  const list: KnowledgeSource[] = sources.data ?? [];
  const failed = list.find((s) => s.status === 'failed');
  const ready = list.length > 0 && list.every((s) => s.status === 'ready');
  const percent = list.length > 0 ? progressPercent(list[0]!) : null;
  return (
    <Stack
      gap="xs"
      data-testid="starter-bot-progress"
      data-state={ready ? 'ready' : failed ? 'failed' : 'busy'}
    >
      {failed ? (
        <Alert color="red" variant="light" role="alert">
          {t('starter.failed', { error: failed.error ?? '' })}
        </Alert>
      ) : ready ? (
        <Alert color="teal" variant="light" role="status">
          {t('starter.ready')}
        </Alert>
      ) : (
        <>
          <Text size="sm" role="status">
            {list.length === 0 ? t('starter.training') : t('starter.reading')}
          </Text>
          <Progress
            value={percent ?? 100}
            animated={percent === null}
            striped={percent === null}
            aria-label={t('starter.reading')}
          />
        </>
      )}
      <Group gap="xs" wrap="wrap">
        {ready && (
          <Button component="a" href={testPageUrl(applicationId)} target="_blank" rel="noopener" size="xs">
            {t('starter.tryIt')}
          </Button>
        )}
        <Button component={Link} to={PATHS.manageBots} size="xs" variant="subtle">
          {t('starter.open')}
        </Button>
      </Group>
    </Stack>
  );
}

/** The starter bot's choice of source and its one button; then the progress until it answers. */
export function StarterBotPanel({ done }: { done: boolean }) {
  const { t } = useTranslation(NS);
  const queryClient = useQueryClient();
  const [source, setSource] = useState<StarterBotSource>('helpcenter');
  const [url, setUrl] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [botId, setBotId] = useState<string | null>(null);
  // Only admins make bots (the server refuses others): the step's link is all they get.
  const canManage = useCanManageBots();

  const create = useMutation({
    mutationFn: async () => {
      const made = await createStarterBot(source === 'url' ? { source, url: url.trim() } : { source });
      // The bot exists from here on: a failed upload leaves it to be fed from the bot's page.
      setBotId(made.bot.id);
      if (source === 'document' && file) await uploadDocument(made.bot.id, file);
      return made;
    },
    onSuccess: (made) => {
      void queryClient.invalidateQueries({ queryKey: onboardingKeys.guide });
      void queryClient.invalidateQueries({ queryKey: knowledgeKeys.sources(made.bot.id) });
    },
    onError: (error) => toastError(error),
  });

  if (botId !== null) return <StarterProgress botId={botId} />;
  // Already has a bot (made here earlier or on the bots page): nothing more to offer.
  if (done || !canManage) return null;

  const missing = (source === 'url' && url.trim() === '') || (source === 'document' && file === null);
  return (
    <Stack gap="xs" data-testid="starter-bot">
      <Text size="sm">{t('starter.intro')}</Text>
      <SegmentedControl
        fullWidth
        value={source}
        onChange={(v) => setSource(v as StarterBotSource)}
        aria-label={t('starter.sourceLabel')}
        data={[
          { value: 'helpcenter', label: t('starter.sources.helpcenter') },
          { value: 'url', label: t('starter.sources.url') },
          { value: 'document', label: t('starter.sources.document') },
        ]}
        styles={{ label: { whiteSpace: 'normal' } }}
      />
      {source === 'helpcenter' && (
        <Text size="xs" c="dimmed">
          {t('starter.helpcenterHint')}
        </Text>
      )}
      {source === 'url' && (
        <TextInput
          label={t('starter.urlLabel')}
          placeholder="https://www.example.com/help"
          type="url"
          value={url}
          onChange={(e) => setUrl(e.currentTarget.value)}
        />
      )}
      {source === 'document' && (
        <FileInput
          label={t('starter.documentLabel')}
          accept={DOCUMENT_ACCEPT}
          value={file}
          onChange={setFile}
          clearable
        />
      )}
      <Group>
        <Button onClick={() => create.mutate()} loading={create.isPending} disabled={missing}>
          {t('starter.create')}
        </Button>
      </Group>
    </Stack>
  );
}
