import { formatDuration } from '@convo/domain';
import { Button, Table } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Fragment, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toastError } from '../../../app/toasts';
import { analyticsKeys, fetchTeammateLogins, type RangeParams } from '../api/analytics-api';
import { AnalyticsCard } from './analytics-card';

/** Teammate login tables (SPEC §3): per agent login, away and working time, and their days. */
export function TeammateLoginTable({ range }: { range: RangeParams }) {
  const { t, i18n } = useTranslation('analytics');
  const [open, setOpen] = useState<string | null>(null);
  const logins = useQuery({
    queryKey: analyticsKeys.logins(range),
    queryFn: ({ signal }) => fetchTeammateLogins(range, signal),
  });
  useEffect(() => {
    if (logins.error) toastError(logins.error);
  }, [logins.error]);
  const time = new Intl.DateTimeFormat(i18n.language, { timeStyle: 'short', timeZone: range.timeZone });
  const stretches = (list: [number, number][]) =>
    list.map(([a, b]) => `${time.format(a)}–${time.format(b)}`).join(', ') || '—';
  const agents = logins.data?.agents ?? [];

  return (
    <AnalyticsCard
      id="logins-heading"
      title={t('logins.title')}
      loading={!logins.data}
      loadingLabel={t('loading')}
      empty={agents.length === 0 ? t('logins.empty') : null}
    >
      <Table.ScrollContainer minWidth={560}>
        <Table>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('logins.agent')}</Table.Th>
              <Table.Th>{t('logins.loginTime')}</Table.Th>
              <Table.Th>{t('logins.awayTime')}</Table.Th>
              <Table.Th>{t('logins.workingHours')}</Table.Th>
              <Table.Th />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {agents.map((a) => (
              <Fragment key={a.userId}>
                <Table.Tr>
                  <Table.Td>{a.agent}</Table.Td>
                  <Table.Td>{formatDuration(a.loginTime)}</Table.Td>
                  <Table.Td>{formatDuration(a.awayTime)}</Table.Td>
                  <Table.Td>{formatDuration(a.workingHours)}</Table.Td>
                  <Table.Td>
                    <Button
                      size="compact-xs"
                      variant="subtle"
                      aria-expanded={open === a.userId}
                      onClick={() => setOpen(open === a.userId ? null : a.userId)}
                    >
                      {open === a.userId ? t('logins.hideDaily') : t('logins.showDaily')}
                    </Button>
                  </Table.Td>
                </Table.Tr>
                {open === a.userId && (
                  <Table.Tr>
                    <Table.Td colSpan={5}>
                      <Table withRowBorders={false} fz="sm">
                        <Table.Thead>
                          <Table.Tr>
                            <Table.Th>{t('logins.date')}</Table.Th>
                            <Table.Th>{t('logins.loggedIn')}</Table.Th>
                            <Table.Th>{t('logins.away')}</Table.Th>
                            <Table.Th>{t('logins.totalLoginTime')}</Table.Th>
                            <Table.Th>{t('logins.totalAwayTime')}</Table.Th>
                          </Table.Tr>
                        </Table.Thead>
                        <Table.Tbody>
                          {a.daily.map((d) => (
                            <Table.Tr key={d.date}>
                              <Table.Td>{d.date}</Table.Td>
                              <Table.Td>{stretches(d.loggedInTimeArray)}</Table.Td>
                              <Table.Td>{stretches(d.awayTimeArray)}</Table.Td>
                              <Table.Td>{formatDuration(d.totalLoginTime)}</Table.Td>
                              <Table.Td>{formatDuration(d.totalAwayTime)}</Table.Td>
                            </Table.Tr>
                          ))}
                        </Table.Tbody>
                      </Table>
                    </Table.Td>
                  </Table.Tr>
                )}
              </Fragment>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </AnalyticsCard>
  );
}
