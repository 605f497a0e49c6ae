import type { ErrorReport } from '@convo/api';
import { isAdminRole } from '@convo/domain';
import { Badge, Code, Group, Paper, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useRequiredSession } from '../../app/session/use-required-session';
import { toastError } from '../../app/toasts';
import { LoadFailed } from '../../components/load-failed';
import { NotAllowed } from '../../components/not-allowed';
import { PageHeader } from '../../components/page-header';
import { SectionLoader } from '../../components/page-loader';
import { errorReportKeys, fetchErrorReports } from './error-reports-api';

/** The kinds the dashboard reports (error-reporting.ts, lazy-page.tsx); anything else reads as an error. */
const KNOWN_KINDS = ['error', 'rejection', 'render', 'chunk-load', 'chunk-timeout'] as const;

// /error-reports: the dashboard errors members of this workspace hit, newest first, with the
// feedback they wrote. Every text is rendered as text (React escapes it), never as HTML.

const NS = 'errorReports';

function ReportItem({ report }: { report: ErrorReport }) {
  const { t, i18n } = useTranslation(NS);
  const when = new Date(report.createdAt).toLocaleString(i18n.language);
  return (
    <Paper component="li" withBorder radius="md" p={{ base: 'sm', sm: 'md' }} data-testid="error-report">
      <Stack gap={6}>
        <Group justify="space-between" gap="xs" wrap="wrap">
          <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
            {report.name}: {report.message}
          </Text>
          <Group gap={6}>
            <Badge variant="light">
              {t(`kind.${KNOWN_KINDS.find((k) => k === report.kind) ?? 'error'}`)}
            </Badge>
            <Badge variant="outline">{report.release}</Badge>
          </Group>
        </Group>
        <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
          {t('meta', { when, page: report.url, user: report.userName ?? t('unknownUser') })}
        </Text>
        {report.feedback && (
          <Paper bg="var(--mantine-color-gray-light)" p="xs" radius="sm">
            <Text size="sm" fw={600}>
              {t('feedback', { email: report.feedback.email ?? t('noEmail') })}
            </Text>
            <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
              {report.feedback.comments}
            </Text>
          </Paper>
        )}
        {report.stack && (
          <details>
            <summary>{t('stack')}</summary>
            <Code block style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
              {report.stack}
            </Code>
          </details>
        )}
      </Stack>
    </Paper>
  );
}

function ReportList() {
  const { t, ready } = useTranslation(NS);
  const reports = useQuery({
    queryKey: errorReportKeys.list,
    queryFn: ({ signal }) => fetchErrorReports(signal),
  });
  const failed = reports.isError;
  useEffect(() => {
    if (failed) toastError(reports.error);
  }, [failed, reports.error]);
  if (!ready || reports.isPending) return <SectionLoader label={t('loading')} />;
  if (reports.isError) {
    return (
      <LoadFailed message={t('loadFailed')} retryLabel={t('retry')} onRetry={() => void reports.refetch()} />
    );
  }
  if (reports.data.length === 0) {
    return (
      <Text c="dimmed" ta="center" py="xl">
        {t('empty')}
      </Text>
    );
  }
  return (
    <Stack component="ul" gap="sm" p={0} m={0} style={{ listStyle: 'none' }}>
      {reports.data.map((report) => (
        <ReportItem key={report.eventId} report={report} />
      ))}
    </Stack>
  );
}

export function ErrorReportsPage() {
  const { t } = useTranslation(NS);
  const session = useRequiredSession();
  if (!isAdminRole(session.roleType)) return <NotAllowed />;
  return (
    <Stack gap="lg" maw={1000}>
      <PageHeader title={t('title')} description={t('description')} />
      <ReportList />
    </Stack>
  );
}
