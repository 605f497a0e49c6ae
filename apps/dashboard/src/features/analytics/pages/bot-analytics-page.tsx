import type { BotInsights } from '@convo/api';
import { Badge, Button, Card, Group, List, Select, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { toastError } from '../../../app/toasts';
import { PageHeader } from '../../../components/page-header';
import {
  analyticsKeys,
  fetchBotAnalytics,
  fetchBotInsights,
  fetchBotsOverview,
  type RangeParams,
  requestBotInsights,
} from '../api/analytics-api';
import { AnalyticsCard } from '../components/analytics-card';
import { AnalyticsChart } from '../components/analytics-charts';
import { browserTimeZone, presetRange, RANGE_PRESETS, type RangePreset } from '../lib/range-presets';

// /bots/analytics?bot=<id>: one bot's analytics (issue 36 item 5; SPEC §7 bot analytics intents,
// sentences, overview, answer feedback) and its insights, the unanswered questions grouped into
// topics by the worker. "Create an answer from this" opens the builder with a topic's examples as
// the new answer's training phrases (/bots/bot-builder?botId=…&phrase=…).

const BUILDER_PATH = '/bots/bot-builder';

const pct = (part: number, whole: number) => (whole === 0 ? '—' : `${Math.round((part / whole) * 100)}%`);

function Figure({ label, value, hint }: { label: string; value: string | number; hint?: string }) {
  return (
    <Card withBorder padding="sm">
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text fw={700} fz="xl">
        {value}
      </Text>
      {hint !== undefined && (
        <Text size="xs" c="dimmed">
          {hint}
        </Text>
      )}
    </Card>
  );
}

export function BotAnalyticsPage() {
  const { t } = useTranslation('analytics');
  const [searchParams, setSearchParams] = useSearchParams();
  const [preset, setPreset] = useState<RangePreset>('last30');
  const timeZone = useMemo(() => browserTimeZone(), []);
  const range: RangeParams = useMemo(
    () => ({ ...presetRange(preset, Date.now(), timeZone), timeZone }),
    [preset, timeZone],
  );

  const bots = useQuery({
    queryKey: analyticsKeys.bots(range),
    queryFn: ({ signal }) => fetchBotsOverview(range, signal),
  });
  const botList = bots.data?.bots ?? [];
  const botId = searchParams.get('bot') ?? botList[0]?.botId ?? '';
  const setBot = (id: string) =>
    setSearchParams(
      (p) => {
        p.set('bot', id);
        return p;
      },
      { replace: true },
    );

  const analytics = useQuery({
    queryKey: analyticsKeys.bot(botId, range),
    queryFn: ({ signal }) => fetchBotAnalytics(botId, range, signal),
    enabled: botId !== '',
  });
  useEffect(() => {
    if (bots.error) toastError(bots.error);
  }, [bots.error]);
  useEffect(() => {
    if (analytics.error) toastError(analytics.error);
  }, [analytics.error]);

  const data = analytics.data;
  const o = data?.overview;
  return (
    <Stack gap="md">
      <PageHeader
        title={t('botAnalytics.title')}
        description={t('botAnalytics.description')}
        actions={
          <Group gap="xs" wrap="wrap">
            <Select
              aria-label={t('botAnalytics.bot')}
              placeholder={t('botAnalytics.bot')}
              data={botList.map((b) => ({ value: b.botId, label: b.name }))}
              value={botId || null}
              onChange={(v) => v && setBot(v)}
              allowDeselect={false}
              w={220}
            />
            <Select
              aria-label={t('filters.range')}
              data={RANGE_PRESETS.map((p) => ({ value: p, label: t(`presets.${p}`) }))}
              value={preset}
              onChange={(v) => v && setPreset(v as RangePreset)}
              allowDeselect={false}
              w={180}
            />
          </Group>
        }
      />
      {bots.data && botList.length === 0 ? (
        <Text c="dimmed">{t('botAnalytics.noBots')}</Text>
      ) : (
        <>
          <AnalyticsCard
            id="bot-overview-heading"
            title={t('botAnalytics.overview')}
            loading={!o}
            loadingLabel={t('loading')}
            empty={null}
          >
            {o && (
              <SimpleGrid cols={{ base: 2, sm: 3, lg: 6 }}>
                <Figure label={t('botAnalytics.conversations')} value={o.conversations} />
                <Figure
                  label={t('botAnalytics.resolvedByBot')}
                  value={o.resolvedByBot}
                  hint={pct(o.resolvedByBot, o.conversations)}
                />
                <Figure
                  label={t('botAnalytics.handedOff')}
                  value={o.handedOff}
                  hint={pct(o.handedOff, o.conversations)}
                />
                <Figure label={t('botAnalytics.answers')} value={o.answers} />
                <Figure
                  label={t('botAnalytics.unanswered')}
                  value={o.fallbacks}
                  hint={pct(o.fallbacks, o.answers)}
                />
                <Figure
                  label={t('botAnalytics.helpfulRate')}
                  value={pct(o.helpful, o.helpful + o.notHelpful)}
                  hint={t('botAnalytics.feedbackCounts', { helpful: o.helpful, notHelpful: o.notHelpful })}
                />
              </SimpleGrid>
            )}
          </AnalyticsCard>
          <AnalyticsCard
            id="bot-days-heading"
            title={t('botAnalytics.answersByDay')}
            loading={!data}
            loadingLabel={t('loading')}
            empty={data && data.days.length === 0 ? t('botAnalytics.emptyRange') : null}
          >
            {data && (
              <AnalyticsChart
                kind="bars"
                title={t('botAnalytics.answersByDay')}
                labels={data.days.map((d) => d.day)}
                series={[
                  {
                    name: t('botAnalytics.answered'),
                    color: 'var(--mantine-color-teal-6)',
                    values: data.days.map((d) => d.answers - d.fallbacks),
                  },
                  {
                    name: t('botAnalytics.unanswered'),
                    color: 'var(--mantine-color-orange-6)',
                    values: data.days.map((d) => d.fallbacks),
                  },
                ]}
              />
            )}
          </AnalyticsCard>
          <SimpleGrid cols={{ base: 1, md: 2 }}>
            <AnalyticsCard
              id="bot-intents-heading"
              title={t('botAnalytics.intents')}
              loading={!data}
              loadingLabel={t('loading')}
              empty={data && data.intents.length === 0 ? t('botAnalytics.noIntents') : null}
            >
              <Table.ScrollContainer minWidth={320}>
                <Table data-testid="bot-intents">
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>{t('botAnalytics.intent')}</Table.Th>
                      <Table.Th>{t('botAnalytics.hits')}</Table.Th>
                      <Table.Th>{t('botAnalytics.feedback')}</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {data?.intents.map((i) => (
                      <Table.Tr key={i.intent}>
                        <Table.Td style={{ wordBreak: 'break-word' }}>{i.intent}</Table.Td>
                        <Table.Td>{i.hits}</Table.Td>
                        <Table.Td>
                          {t('botAnalytics.feedbackCounts', { helpful: i.helpful, notHelpful: i.notHelpful })}
                        </Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </Table.ScrollContainer>
            </AnalyticsCard>
            <AnalyticsCard
              id="bot-sentences-heading"
              title={t('botAnalytics.sentences')}
              loading={!data}
              loadingLabel={t('loading')}
              empty={data && data.sentences.length === 0 ? t('botAnalytics.noSentences') : null}
            >
              <Table.ScrollContainer minWidth={320}>
                <Table data-testid="bot-sentences">
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>{t('botAnalytics.sentence')}</Table.Th>
                      <Table.Th>{t('botAnalytics.times')}</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {data?.sentences.map((s) => (
                      <Table.Tr key={s.text}>
                        <Table.Td style={{ wordBreak: 'break-word' }}>{s.text}</Table.Td>
                        <Table.Td>{s.count}</Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </Table.ScrollContainer>
            </AnalyticsCard>
          </SimpleGrid>
          <AnalyticsCard
            id="bot-feedback-heading"
            title={t('botAnalytics.ratedAnswers')}
            loading={!data}
            loadingLabel={t('loading')}
            empty={data && data.feedback.length === 0 ? t('botAnalytics.noFeedback') : null}
          >
            <Table.ScrollContainer minWidth={320}>
              <Table>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('botAnalytics.intent')}</Table.Th>
                    <Table.Th>{t('botAnalytics.rating')}</Table.Th>
                    <Table.Th>{t('botAnalytics.ratedAt')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {data?.feedback.map((f) => (
                    <Table.Tr key={`${f.conversationId}-${f.ratedAt}`}>
                      <Table.Td style={{ wordBreak: 'break-word' }}>{f.intent}</Table.Td>
                      <Table.Td>
                        <Badge color={f.helpful ? 'teal' : 'red'} variant="light">
                          {f.helpful ? t('botAnalytics.helpful') : t('botAnalytics.notHelpful')}
                        </Badge>
                      </Table.Td>
                      <Table.Td>{new Date(f.ratedAt).toLocaleString()}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          </AnalyticsCard>
          {botId !== '' && <InsightsSection botId={botId} range={range} />}
        </>
      )}
    </Stack>
  );
}

function InsightsSection({ botId, range }: { botId: string; range: RangeParams }) {
  const { t } = useTranslation('analytics');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const key = analyticsKeys.botInsights(botId);
  const insights = useQuery({
    queryKey: key,
    queryFn: ({ signal }) => fetchBotInsights(botId, signal),
    // While the worker clusters, look again every two seconds.
    refetchInterval: (q) => (q.state.data?.status === 'queued' ? 2000 : false),
  });
  const refresh = useMutation({
    mutationFn: () => requestBotInsights(botId, { from: range.from, to: range.to }),
    onSuccess: (data: BotInsights) => queryClient.setQueryData(key, data),
    onError: (error) => toastError(error, t('botAnalytics.insightsError')),
  });
  useEffect(() => {
    if (insights.error) toastError(insights.error, t('botAnalytics.insightsError'));
  }, [insights.error, t]);
  const data = insights.data;
  const failed = data?.status === 'failed';
  useEffect(() => {
    if (failed) toastError(new Error(t('botAnalytics.insightsError')));
  }, [failed, t]);

  const createAnswer = (examples: readonly string[]) => {
    const q = new URLSearchParams({ botId });
    for (const e of examples) q.append('phrase', e);
    void navigate(`${BUILDER_PATH}?${q.toString()}`);
  };

  const status =
    data === undefined
      ? ''
      : data.status === 'queued'
        ? t('botAnalytics.insightsQueued')
        : data.computedAt !== null
          ? t('botAnalytics.insightsComputed', {
              when: new Date(data.computedAt).toLocaleString(),
              count: data.sentenceCount,
            })
          : '';

  return (
    <AnalyticsCard
      id="bot-insights-heading"
      title={t('botAnalytics.insights')}
      aside={
        <Button
          size="xs"
          variant="light"
          loading={refresh.isPending || data?.status === 'queued'}
          onClick={() => refresh.mutate()}
        >
          {t('botAnalytics.computeInsights')}
        </Button>
      }
      loading={!data}
      loadingLabel={t('loading')}
      empty={
        data && data.topics.length === 0
          ? data.status === 'none'
            ? t('botAnalytics.insightsNone')
            : data.status === 'queued'
              ? t('botAnalytics.insightsQueued')
              : t('botAnalytics.noTopics')
          : null
      }
    >
      <Stack gap="sm">
        {status !== '' && (
          <Text size="xs" c="dimmed" aria-live="polite">
            {status}
          </Text>
        )}
        <SimpleGrid cols={{ base: 1, md: 2 }}>
          {data?.topics.map((topic) => (
            <Card
              withBorder
              padding="sm"
              key={`${topic.label}-${topic.examples[0] ?? ''}`}
              data-testid="insight-topic"
            >
              <Group justify="space-between" wrap="nowrap" align="flex-start">
                <Text fw={600} style={{ wordBreak: 'break-word' }}>
                  {topic.label}
                </Text>
                <Badge variant="light">{t('botAnalytics.topicCount', { count: topic.count })}</Badge>
              </Group>
              <List size="sm" my="xs" spacing={2}>
                {topic.examples.map((e) => (
                  <List.Item key={e} style={{ wordBreak: 'break-word' }}>
                    {e}
                  </List.Item>
                ))}
              </List>
              <Button size="xs" variant="default" onClick={() => createAnswer(topic.examples)}>
                {t('botAnalytics.createAnswer')}
              </Button>
            </Card>
          ))}
        </SimpleGrid>
      </Stack>
    </AnalyticsCard>
  );
}
