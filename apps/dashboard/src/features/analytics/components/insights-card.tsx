import type { InsightAnswer } from '@convo/api';
import { formatDuration } from '@convo/domain';
import { Button, List, Stack, Text } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useRequiredSession } from '../../../app/session/use-required-session';
import { toastError } from '../../../app/toasts';
import { analyticsKeys, fetchInsights, type RangeParams } from '../api/analytics-api';
import { completeAnswers, readCachedInsights, writeCachedInsights } from '../lib/insights-cache';
import { AnalyticsCard } from './analytics-card';

/** Asks the server and caches its answers; `fromCache` first looks in the browser's cache. */
async function loadInsights(
  applicationId: string,
  range: RangeParams,
  fromCache: boolean,
  signal?: AbortSignal,
) {
  if (fromCache) {
    const cached = completeAnswers(await readCachedInsights(applicationId, range).catch(() => new Map()));
    if (cached) return cached;
  }
  const data = await fetchInsights(range, signal);
  // A cache that cannot be written (quota, private mode) only costs the next visit a request.
  await writeCachedInsights(applicationId, range, data.answeredAt, data.answers).catch(() => undefined);
  return { answeredAt: data.answeredAt, answers: data.answers };
}

function AnswerText({ answer }: { answer: InsightAnswer }) {
  const { t, i18n } = useTranslation('analytics');
  const list = (items: { name: string; count: number }[]) =>
    items.map((i) => t('insights.counted', { name: i.name, count: i.count })).join(', ');
  switch (answer.question) {
    case 'busiest-hour': {
      if (answer.weekday === null || answer.hour === null) return <>{t('insights.none')}</>;
      // 2026-01-05 was a Monday: ISO weekday n is that date plus n - 1 days.
      const day = new Intl.DateTimeFormat(i18n.language, { weekday: 'long', timeZone: 'UTC' }).format(
        Date.UTC(2026, 0, 4 + answer.weekday),
      );
      const hour = `${String(answer.hour).padStart(2, '0')}:00`;
      return <>{t('insights.answers.busiestHour', { day, hour, count: answer.conversations })}</>;
    }
    case 'slowest-team': {
      const [slowest] = answer.teams;
      if (!slowest) return <>{t('insights.noTeams')}</>;
      return (
        <>
          {t('insights.answers.slowestTeam', {
            team: slowest.name,
            time: formatDuration(slowest.avgFirstResponseSeconds),
            count: slowest.conversations,
          })}
        </>
      );
    }
    case 'top-tags':
      return <>{answer.tags.length === 0 ? t('insights.noTags') : list(answer.tags)}</>;
    case 'bot-answers':
      if (answer.answerRate === null) return <>{t('insights.noBotAnswers')}</>;
      return (
        <>
          {t('insights.answers.botAnswers', { rate: answer.answerRate, answers: answer.answers })}{' '}
          {answer.topFallbacks.length > 0 &&
            t('insights.answers.topFallbacks', { list: list(answer.topFallbacks) })}
        </>
      );
    case 'csat-trend': {
      const last = answer.weeks[answer.weeks.length - 1];
      if (!last) return <>{t('insights.noRatings')}</>;
      return (
        <>
          {answer.weeks
            .map((w) => t('insights.answers.csatWeek', { week: w.week, average: w.average }))
            .join(', ')}
          {answer.change !== null &&
            ` (${t('insights.answers.csatChange', { change: `${answer.change > 0 ? '+' : ''}${answer.change}` })})`}
        </>
      );
    }
  }
}

const QUESTION_KEYS = {
  'busiest-hour': 'insights.questions.busiestHour',
  'slowest-team': 'insights.questions.slowestTeam',
  'top-tags': 'insights.questions.topTags',
  'bot-answers': 'insights.questions.botAnswers',
  'csat-trend': 'insights.questions.csatTrend',
} as const;

/** Insights (SPEC §2): five suggested questions answered from the range's data, cached in the browser. */
export function InsightsCard({ range }: { range: RangeParams }) {
  const { t, i18n } = useTranslation('analytics');
  const { applicationId } = useRequiredSession();
  const queryClient = useQueryClient();
  const key = analyticsKeys.insights(applicationId, range);
  const insights = useQuery({
    queryKey: key,
    queryFn: ({ signal }) => loadInsights(applicationId, range, true, signal),
  });
  const [refreshing, setRefreshing] = useState(false);
  useEffect(() => {
    if (insights.error) toastError(insights.error);
  }, [insights.error]);

  const refresh = async () => {
    setRefreshing(true);
    try {
      queryClient.setQueryData(key, await loadInsights(applicationId, range, false));
    } catch (error) {
      toastError(error);
    } finally {
      setRefreshing(false);
    }
  };
  const data = insights.data;
  const when = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });

  return (
    <AnalyticsCard
      id="insights-heading"
      title={t('insights.title')}
      aside={
        <Button size="xs" variant="light" onClick={refresh} loading={refreshing} disabled={!data}>
          {t('insights.refresh')}
        </Button>
      }
      loading={!data && insights.isPending}
      loadingLabel={t('insights.loading')}
      empty={!data ? t('loadFailed') : null}
    >
      {data && (
        <Stack gap="xs">
          <List spacing="sm" type="ordered" data-testid="insights-list">
            {data.answers.map((answer) => (
              <List.Item key={answer.question} data-testid={`insight-${answer.question}`}>
                <Text fw={600} size="sm">
                  {t(QUESTION_KEYS[answer.question])}
                </Text>
                <Text size="sm" data-testid="insight-answer">
                  <AnswerText answer={answer} />
                </Text>
              </List.Item>
            ))}
          </List>
          <Text size="xs" c="dimmed">
            {t('insights.answeredAt', { when: when.format(data.answeredAt) })}
          </Text>
        </Stack>
      )}
    </AnalyticsCard>
  );
}
