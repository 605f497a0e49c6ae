// Help center → Answer bot (/helpcenter/answer-bot): on/off and how many articles the chat widget
// suggests while a visitor types, and how many visitors an article answered (deflections).

import {
  ANSWER_BOT_MAX_SUGGESTIONS,
  ANSWER_BOT_MIN_SUGGESTIONS,
  type AnswerBotSettings,
  type AnswerBotView,
} from '@convo/api';
import {
  Button,
  Group,
  NumberInput,
  Paper,
  SimpleGrid,
  Stack,
  Switch,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { toast, toastError } from '../../../app/toasts';
import { PageHeader } from '../../../components/page-header';
import { PageLoader } from '../../../components/page-loader';
import { fetchAnswerBot, helpCenterKeys, saveAnswerBot } from '../help-center-api';
import { HELP_CENTER_CONTENT_PATH } from '../paths';

const NS = 'helpCenter';

const settingsOf = (v: AnswerBotView): AnswerBotSettings => ({
  enabled: v.enabled,
  suggestionCount: v.suggestionCount,
});

function Stat({ label, value }: { label: string; value: number }) {
  return (
    <Paper withBorder p="md">
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text fw={700} size="xl" data-testid="answer-bot-stat">
        {value}
      </Text>
    </Paper>
  );
}

export function AnswerBotPage() {
  const { t } = useTranslation(NS);
  const queryClient = useQueryClient();
  const saved = useQuery({
    queryKey: helpCenterKeys.answerBot,
    queryFn: ({ signal }) => fetchAnswerBot(signal),
  });
  const [draft, setDraft] = useState<AnswerBotSettings | null>(null);
  useEffect(() => {
    if (saved.data && draft === null) setDraft(settingsOf(saved.data));
  }, [saved.data, draft]);
  const save = useMutation({
    mutationFn: saveAnswerBot,
    onSuccess: (data) => {
      queryClient.setQueryData(helpCenterKeys.answerBot, data);
      setDraft(settingsOf(data));
      toast.success(t('answerBot.saved'));
    },
    onError: (error) => toastError(error),
  });

  const header = (
    <PageHeader
      title={t('answerBot.title')}
      description={t('answerBot.description')}
      actions={
        <Button variant="default" component={Link} to={HELP_CENTER_CONTENT_PATH}>
          {t('answerBot.content')}
        </Button>
      }
    />
  );
  if (saved.isError) {
    return (
      <Stack gap="md" p="md">
        {header}
        <Group>
          <Text c="red">{t('loadFailed')}</Text>
          <Button variant="default" onClick={() => void saved.refetch()}>
            {t('retry')}
          </Button>
        </Group>
      </Stack>
    );
  }
  if (!saved.data || !draft) return <PageLoader label={t('answerBot.loading')} />;

  const dirty = JSON.stringify(draft) !== JSON.stringify(settingsOf(saved.data));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate(draft);
  };
  const stats = saved.data;

  return (
    <Stack gap="md" p="md">
      {header}
      <Paper withBorder p="md" component="form" onSubmit={submit} maw={720}>
        <Stack gap="md">
          <Switch
            label={t('answerBot.enabled')}
            description={t('answerBot.enabledHint')}
            checked={draft.enabled}
            onChange={(e) => setDraft({ ...draft, enabled: e.currentTarget.checked })}
          />
          <NumberInput
            label={t('answerBot.count')}
            description={t('answerBot.countHint', {
              min: ANSWER_BOT_MIN_SUGGESTIONS,
              max: ANSWER_BOT_MAX_SUGGESTIONS,
            })}
            value={draft.suggestionCount}
            min={ANSWER_BOT_MIN_SUGGESTIONS}
            max={ANSWER_BOT_MAX_SUGGESTIONS}
            clampBehavior="strict"
            allowDecimal={false}
            disabled={!draft.enabled}
            onChange={(value) =>
              setDraft({
                ...draft,
                suggestionCount: typeof value === 'number' ? value : draft.suggestionCount,
              })
            }
            maw={220}
          />
          <Group>
            <Button type="submit" loading={save.isPending} disabled={!dirty}>
              {t('answerBot.save')}
            </Button>
          </Group>
        </Stack>
      </Paper>
      <Title order={2} size="h4">
        {t('answerBot.deflections')}
      </Title>
      <Text size="sm" c="dimmed">
        {t('answerBot.deflectionsHint')}
      </Text>
      <SimpleGrid cols={{ base: 1, xs: 2 }} maw={720}>
        <Stat label={t('answerBot.last30Days')} value={stats.deflections.last30Days} />
        <Stat label={t('answerBot.total')} value={stats.deflections.total} />
      </SimpleGrid>
      <Paper withBorder p="md" maw={720}>
        <Title order={3} size="h5" mb="xs">
          {t('answerBot.topArticles')}
        </Title>
        {stats.topArticles.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('answerBot.noDeflections')}
          </Text>
        ) : (
          <Table.ScrollContainer minWidth={320}>
            <Table>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('answerBot.article')}</Table.Th>
                  <Table.Th ta="right">{t('answerBot.answered')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {stats.topArticles.map((a) => (
                  <Table.Tr key={a.articleId}>
                    <Table.Td>
                      <Link to={`${HELP_CENTER_CONTENT_PATH}/articles/${a.articleId}`}>{a.title}</Link>
                    </Table.Td>
                    <Table.Td ta="right">{a.count}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Paper>
    </Stack>
  );
}
