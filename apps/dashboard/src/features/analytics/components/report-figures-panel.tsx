import type { ReportKind } from '@convo/api';
import { Button, Card, Group, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { toastError } from '../../../app/toasts';
import { SectionLoader } from '../../../components/page-loader';
import type { RangeParams } from '../api/analytics-api';
import { fetchReportFigures, reportFiguresKey } from '../api/report-figures-api';
import { chartLabel, formatMetric, hasNoFigures, metricColor, rowLabel } from '../lib/report-figures-view';
import { AnalyticsChart } from './analytics-charts';

/**
 * One report on /reports: its totals, a chart and a table of the range's figures (days, weeks or
 * groups, as the server gives them), with the CSV export of the same report beside them.
 */
export function ReportFiguresPanel({
  kind,
  range,
  generating,
  onGenerate,
}: {
  kind: ReportKind;
  range: RangeParams;
  generating: boolean;
  onGenerate: () => void;
}) {
  const { t, i18n } = useTranslation('analytics');
  const locale = i18n.language;
  const figures = useQuery({
    queryKey: reportFiguresKey(kind, range),
    queryFn: ({ signal }) => fetchReportFigures(kind, range, signal),
    placeholderData: keepPreviousData,
  });
  useEffect(() => {
    if (figures.error) toastError(figures.error);
  }, [figures.error]);

  const data = figures.data;
  const fallbacks = { unassigned: t('reports.unassigned'), noTeam: t('reports.noTeam') };
  const labels = data?.rows.map((r) => rowLabel(data.rowsBy, r.key, locale, fallbacks)) ?? [];
  const chartTitle = t(`reports.chartTitles.${kind}`);

  return (
    <Stack gap="md" data-testid={`report-figures-${kind}`}>
      <Group justify="space-between" align="flex-start" wrap="wrap" gap="sm">
        <Text size="sm" c="dimmed" maw={560}>
          {t(`reports.kindDescriptions.${kind}`)}
        </Text>
        <Button
          variant="light"
          loading={generating}
          onClick={onGenerate}
          data-testid={`report-${kind}`}
          aria-label={t('reports.generateFor', { report: t(`reports.kinds.${kind}`) })}
        >
          {t('reports.generate')}
        </Button>
      </Group>
      {!data ? (
        figures.isPending ? (
          <SectionLoader label={t('loading')} />
        ) : (
          <Text c="dimmed">{t('loadFailed')}</Text>
        )
      ) : hasNoFigures(data) ? (
        <Card withBorder padding="lg">
          <Text c="dimmed" data-testid="report-figures-empty">
            {t('reports.noFigures')}
          </Text>
        </Card>
      ) : (
        <>
          <SimpleGrid
            cols={{ base: 2, sm: 3, md: Math.min(4, data.totals.length) }}
            spacing="sm"
            data-testid="report-totals"
            aria-label={t('reports.totals')}
          >
            {data.totals.map(({ metric, value }) => (
              <Card key={metric} withBorder padding="sm" data-testid={`report-total-${metric}`}>
                <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
                  {t(`reports.metrics.${metric}`)}
                </Text>
                <Text size="lg" fw={700} data-testid="report-total-value">
                  {formatMetric(metric, value, locale)}
                </Text>
              </Card>
            ))}
          </SimpleGrid>
          <Card withBorder padding="md" component="section" aria-label={chartTitle}>
            <Text fw={600} mb="sm">
              {chartTitle}
            </Text>
            <AnalyticsChart
              kind={data.chart.type}
              title={chartTitle}
              labels={data.rows.map((r, i) => chartLabel(data.rowsBy, r.key, locale) ?? labels[i] ?? r.key)}
              series={data.chart.series.map((metric) => ({
                name: t(`reports.metrics.${metric}`),
                color: metricColor(metric),
                values: data.rows.map((r) => r.values[metric] ?? null),
              }))}
            />
          </Card>
          <Card withBorder padding={0}>
            {/* The table scrolls inside its own box on a phone; the page never does sideways. */}
            <Table.ScrollContainer minWidth={160 + data.columns.length * 130} type="native">
              <Table striped highlightOnHover data-testid="report-table" aria-label={chartTitle}>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th scope="col">{t(`reports.rowsBy.${data.rowsBy}`)}</Table.Th>
                    {data.columns.map((metric) => (
                      <Table.Th key={metric} scope="col" ta="right">
                        {t(`reports.metrics.${metric}`)}
                      </Table.Th>
                    ))}
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {data.rows.map((row, i) => (
                    <Table.Tr key={row.key} data-testid="report-figures-row">
                      <Table.Th scope="row" fw={500} style={{ whiteSpace: 'nowrap' }}>
                        {labels[i]}
                      </Table.Th>
                      {data.columns.map((metric) => (
                        <Table.Td key={metric} ta="right">
                          {formatMetric(metric, row.values[metric], locale)}
                        </Table.Td>
                      ))}
                    </Table.Tr>
                  ))}
                </Table.Tbody>
                <Table.Tfoot>
                  <Table.Tr>
                    <Table.Th scope="row">{t('reports.total')}</Table.Th>
                    {data.columns.map((metric) => (
                      <Table.Th key={metric} ta="right">
                        {formatMetric(metric, data.totals.find((x) => x.metric === metric)?.value, locale)}
                      </Table.Th>
                    ))}
                  </Table.Tr>
                </Table.Tfoot>
              </Table>
            </Table.ScrollContainer>
          </Card>
        </>
      )}
    </Stack>
  );
}
