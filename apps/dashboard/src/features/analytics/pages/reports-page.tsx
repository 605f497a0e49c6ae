import { REPORT_KINDS, type ReportExport, type ReportKind } from '@convo/api';
import { Badge, Button, Group, Progress, Select, Stack, Table, Tabs } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast, toastError } from '../../../app/toasts';
import { PageHeader } from '../../../components/page-header';
import {
  analyticsKeys,
  downloadReport,
  fetchReports,
  type RangeParams,
  requestReport,
} from '../api/analytics-api';
import { AnalyticsCard } from '../components/analytics-card';
import { ReportFiguresPanel } from '../components/report-figures-panel';
import {
  browserTimeZone,
  knownTimeZones,
  presetRange,
  RANGE_PRESETS,
  type RangePreset,
} from '../lib/range-presets';

/** While an export is being made, the list is asked again this often. */
const POLL_MS = 1000;

/**
 * /reports: the conversation, agent, team, CSAT, channel and bot figures of a range on screen
 * (totals, a chart, a table: one tab a report), each with its CSV export made by the worker.
 */
export function ReportsPage() {
  const { t, i18n } = useTranslation('analytics');
  const queryClient = useQueryClient();
  const [preset, setPreset] = useState<RangePreset>('last30');
  const [timeZone, setTimeZone] = useState(browserTimeZone);
  const zones = useMemo(() => knownTimeZones(), []);
  const [asking, setAsking] = useState<ReportKind | null>(null);
  const [kind, setKind] = useState<ReportKind>('conversations');
  // Fixed when the filters change, so the figures' query keys stay stable between renders.
  const range: RangeParams = useMemo(
    () => ({ ...presetRange(preset, Date.now(), timeZone), timeZone }),
    [preset, timeZone],
  );
  const reports = useQuery({
    queryKey: analyticsKeys.reports,
    queryFn: ({ signal }) => fetchReports(signal),
    refetchInterval: (q) =>
      q.state.data?.some((r) => r.status === 'queued' || r.status === 'running') ? POLL_MS : false,
  });
  useEffect(() => {
    if (reports.error) toastError(reports.error);
  }, [reports.error]);

  const ask = async (report: ReportKind) => {
    setAsking(report);
    try {
      await requestReport(report, range);
      toast.info(t('reports.requested'));
      await queryClient.invalidateQueries({ queryKey: analyticsKeys.reports });
    } catch (error) {
      toastError(error);
    } finally {
      setAsking(null);
    }
  };
  const download = async (r: ReportExport) => {
    try {
      await downloadReport(r.id);
    } catch {
      // SPEC §8's message for this failure.
      toast.error(t('reports.downloadError'));
    }
  };
  const date = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium' });
  const list = reports.data ?? [];

  return (
    <Stack gap="md">
      <PageHeader title={t('reports.title')} description={t('reports.description')} />
      <Group gap="sm" align="flex-end" wrap="wrap">
        <Select
          label={t('filters.range')}
          w={180}
          allowDeselect={false}
          value={preset}
          onChange={(v) => v && setPreset(v as RangePreset)}
          data={RANGE_PRESETS.map((p) => ({ value: p, label: t(`presets.${p}`) }))}
        />
        <Select
          label={t('filters.timeZone')}
          w={220}
          searchable
          allowDeselect={false}
          value={timeZone}
          onChange={(v) => v && setTimeZone(v)}
          data={zones}
          limit={50}
        />
      </Group>
      <Tabs value={kind} onChange={(v) => v && setKind(v as ReportKind)} keepMounted={false}>
        <Tabs.List aria-label={t('reports.tabsLabel')}>
          {REPORT_KINDS.map((k) => (
            <Tabs.Tab key={k} value={k} data-testid={`report-tab-${k}`}>
              {t(`reports.kinds.${k}`)}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        {REPORT_KINDS.map((k) => (
          <Tabs.Panel key={k} value={k} pt="md">
            <ReportFiguresPanel
              kind={k}
              range={range}
              generating={asking === k}
              onGenerate={() => void ask(k)}
            />
          </Tabs.Panel>
        ))}
      </Tabs>
      <AnalyticsCard
        id="exports-heading"
        title={t('reports.recent')}
        loading={reports.isPending}
        loadingLabel={t('loading')}
        empty={list.length === 0 ? t('reports.empty') : null}
      >
        <Table.ScrollContainer minWidth={600}>
          <Table>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('reports.report')}</Table.Th>
                <Table.Th>{t('reports.range')}</Table.Th>
                <Table.Th>{t('reports.status')}</Table.Th>
                <Table.Th />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {list.map((r) => (
                <Table.Tr key={r.id} data-testid="report-row" data-report-id={r.id}>
                  <Table.Td>{t(`reports.kinds.${r.kind}`)}</Table.Td>
                  <Table.Td>
                    {date.format(r.from)} – {date.format(r.to - 1)}
                  </Table.Td>
                  <Table.Td miw={160}>
                    {r.status === 'done' ? (
                      <Badge color="green" variant="light">
                        {t('reports.rows', { count: r.rowCount ?? 0 })}
                      </Badge>
                    ) : r.status === 'failed' ? (
                      <Badge color="red" variant="light">
                        {t('reports.failed')}
                      </Badge>
                    ) : (
                      <Progress
                        value={r.progress}
                        animated
                        aria-label={t('reports.progress', { progress: r.progress })}
                      />
                    )}
                  </Table.Td>
                  <Table.Td>
                    <Button size="compact-sm" disabled={r.status !== 'done'} onClick={() => void download(r)}>
                      {t('reports.download')}
                    </Button>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </AnalyticsCard>
    </Stack>
  );
}
