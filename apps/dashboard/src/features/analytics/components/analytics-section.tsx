import type { AnalyticsFigures, AnalyticsOverview } from '@convo/api';
import { formatDuration, isAllowed, type PrivilegeKey } from '@convo/domain';
import { Badge, Card, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useRequiredSession } from '../../../app/session/use-required-session';
import { toastError } from '../../../app/toasts';
import { SectionLoader } from '../../../components/page-loader';
import { useIdle } from '../../../lib/when-idle';
import { analyticsKeys, fetchOverview, type RangeParams } from '../api/analytics-api';
import { initialAnalyticsFilters, overviewParamsOf, rangeOf } from '../lib/overview-params';
import { AnalyticsChart } from './analytics-charts';
import { type AnalyticsFilterState, AnalyticsFilters } from './analytics-filters';
import { BotsOverviewCard } from './bots-overview-card';
import { CsatTable } from './csat-table';
import classes from './figure-card.module.css';
import { InsightsCard } from './insights-card';
import { TeammateLoginTable } from './teammate-login-table';

const FIGURES: readonly (keyof AnalyticsFigures)[] = [
  'newConversations',
  'openConversations',
  'resolvedConversations',
  'avgFirstResponseSeconds',
  'avgResolutionSeconds',
];
/** The longest the sections below the charts wait for the browser to be idle. */
const BELOW_FOLD_WAIT_MS = 500;
/** For these a fall is good news. */
const LOWER_IS_BETTER = new Set<keyof AnalyticsFigures>(['avgFirstResponseSeconds', 'avgResolutionSeconds']);
const isTime = (k: keyof AnalyticsFigures) => k === 'avgFirstResponseSeconds' || k === 'avgResolutionSeconds';

function FigureCard({ name, overview }: { name: keyof AnalyticsFigures; overview: AnalyticsOverview }) {
  const { t } = useTranslation('analytics');
  const value = overview.current[name];
  const previous = overview.previous[name];
  const change = overview.change[name] ?? null;
  const show = (v: number | null) => (v === null ? '—' : isTime(name) ? formatDuration(v) : String(v));
  const good = change === null || change === 0 ? null : change < 0 === LOWER_IS_BETTER.has(name);
  return (
    <div className={classes.card} data-testid={`figure-${name}`}>
      <p className={classes.name}>{t(`figures.${name}`)}</p>
      <p className={classes.value} data-testid="figure-value">
        {show(value)}
      </p>
      <div className={classes.compare}>
        {change !== null && (
          <Badge variant="light" color={good ? 'green' : 'red'}>
            {change > 0 ? '+' : ''}
            {change}%
          </Badge>
        )}
        <p className={classes.previous}>{t('figures.previous', { value: show(previous) })}</p>
      </div>
    </div>
  );
}

/** /dashboard's analytics (SPEC §2): figures vs the previous period, charts, CSAT, teammates, bots. */
export function AnalyticsSection() {
  const { t } = useTranslation('analytics');
  const session = useRequiredSession();
  const may = (key: PrivilegeKey) =>
    isAllowed(key, session.roleType, session.appSettings.companySetting, session.product);
  const [filters, setFilters] = useState<AnalyticsFilterState>(initialAnalyticsFilters);
  // The range is fixed when the filters change, so the queries' keys stay stable between renders.
  const range: RangeParams = useMemo(
    () => rangeOf({ preset: filters.preset, timeZone: filters.timeZone }, Date.now()),
    [filters.preset, filters.timeZone],
  );
  const params = overviewParamsOf(filters, range);
  const overview = useQuery({
    queryKey: analyticsKeys.overview(params),
    queryFn: ({ signal }) => fetchOverview(params, signal),
    placeholderData: keepPreviousData,
  });
  useEffect(() => {
    if (overview.error) toastError(overview.error);
  }, [overview.error]);

  const data = overview.data;
  // Mounted once the figures and charts are drawn and the browser is first idle: on a cold load
  // their first render came in the same task and delayed the figures by a third (issue 39).
  const idle = useIdle(BELOW_FOLD_WAIT_MS);
  const belowFold = (data !== undefined || overview.isError) && idle;
  const minutes = (s: number | null) => (s === null ? null : Math.round((s / 60) * 10) / 10);
  const points = data?.series ?? [];
  const buckets = points.map((p) => p.bucket);
  return (
    <Stack gap="md" component="section" aria-labelledby="analytics-heading">
      <Title order={2} fz="h3" id="analytics-heading">
        {t('title')}
      </Title>
      <AnalyticsFilters value={filters} onChange={setFilters} channels={data?.channels ?? []} />
      {!data ? (
        overview.isPending ? (
          <SectionLoader label={t('loading')} />
        ) : (
          <Text c="dimmed">{t('loadFailed')}</Text>
        )
      ) : (
        <>
          <SimpleGrid cols={{ base: 1, xs: 2, md: 5 }} data-testid="analytics-figures">
            {FIGURES.map((name) => (
              <FigureCard key={name} name={name} overview={data} />
            ))}
          </SimpleGrid>
          {data.current.newConversations + data.current.resolvedConversations === 0 ? (
            <Card withBorder padding="lg">
              <Text c="dimmed" data-testid="analytics-empty">
                {t('empty')}
              </Text>
            </Card>
          ) : (
            <SimpleGrid cols={{ base: 1, md: 2 }}>
              <Card withBorder padding="md">
                <Text fw={600} mb="sm">
                  {t('charts.conversations')}
                </Text>
                <AnalyticsChart
                  kind="bars"
                  title={t('charts.conversations')}
                  labels={buckets}
                  series={[
                    {
                      name: t('figures.newConversations'),
                      color: 'var(--mantine-color-teal-6)',
                      values: points.map((p) => p.newConversations),
                    },
                    {
                      name: t('figures.resolvedConversations'),
                      color: 'var(--mantine-color-blue-6)',
                      values: points.map((p) => p.resolvedConversations),
                    },
                  ]}
                />
              </Card>
              <Card withBorder padding="md">
                <Text fw={600} mb="sm">
                  {t('charts.times')}
                </Text>
                <AnalyticsChart
                  kind="lines"
                  title={t('charts.times')}
                  labels={buckets}
                  unit=" min"
                  series={[
                    {
                      name: t('charts.firstResponseMinutes'),
                      color: 'var(--mantine-color-orange-6)',
                      values: points.map((p) => minutes(p.avgFirstResponseSeconds)),
                    },
                    {
                      name: t('charts.resolutionMinutes'),
                      color: 'var(--mantine-color-grape-6)',
                      values: points.map((p) => minutes(p.avgResolutionSeconds)),
                    },
                  ]}
                />
              </Card>
            </SimpleGrid>
          )}
        </>
      )}
      {/* The sections below ask for their data once the figures are in (or failed): on a first
          load their four requests would otherwise share the server and the cores with the one
          the manager looks at first. */}
      {belowFold && (
        <>
          {may('dashboard.insights') && <InsightsCard range={range} />}
          <CsatTable range={range} />
          {may('dashboard.teammate-analytics') && <TeammateLoginTable range={range} />}
          {may('dashboard.bots') && may('dashboard.answer-feedback-analytics') && (
            <BotsOverviewCard range={range} />
          )}
        </>
      )}
    </Stack>
  );
}
