import { CSAT_ALL, type CsatLevel, csatLevel, pageCount, visiblePages } from '@convo/domain';
import { Badge, Button, Group, Table, Text } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { toastError } from '../../../app/toasts';
import { analyticsKeys, fetchCsat, type RangeParams } from '../api/analytics-api';
import { AnalyticsCard } from './analytics-card';

const LEVEL_COLOR: Record<CsatLevel, string> = { poor: 'red', average: 'yellow', great: 'green' };

/** The CSAT table (SPEC §3): name, assignee, rating, comment, date, conversation; 10 a page. */
export function CsatTable({ range }: { range: RangeParams }) {
  const { t, i18n } = useTranslation('analytics');
  const [page, setPage] = useState(1);
  // A new range starts at the first page.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the range is the trigger
  useEffect(() => setPage(1), [range]);
  const csat = useQuery({
    queryKey: analyticsKeys.csat(range, page),
    queryFn: ({ signal }) => fetchCsat(range, page, signal),
    placeholderData: keepPreviousData,
  });
  useEffect(() => {
    if (csat.error) toastError(csat.error);
  }, [csat.error]);
  const data = csat.data;
  const pages = data ? pageCount(data.total, data.pageSize) : 1;
  const date = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });
  const maxOf = (scale: 'old' | 'new') => (scale === 'old' ? 10 : 5);
  // Each scale's own average (SPEC §9 old 0/1/5/10, new 1-5): the two are never mixed.
  const averages = data
    ? (['new', 'old'] as const).flatMap((scale) => {
        const average = data.averages[scale];
        return average === null ? [] : [{ scale, average }];
      })
    : [];

  return (
    <AnalyticsCard
      id="csat-heading"
      title={t('csat.title')}
      aside={
        data &&
        averages.length > 0 && (
          <Group gap="xs">
            <Text size="sm" c="dimmed" data-testid="csat-count">
              {t('csat.count', { count: data.total })}
            </Text>
            {averages.map(({ scale, average }) => (
              <Text size="sm" key={scale} data-testid={`csat-average-${scale}`}>
                {t(scale === 'old' ? 'csat.averageOld' : 'csat.average', {
                  average,
                  max: maxOf(scale),
                })}
              </Text>
            ))}
          </Group>
        )
      }
      loading={!data}
      loadingLabel={t('loading')}
      empty={data && data.rows.length === 0 ? t('csat.empty') : null}
    >
      {data && (
        <>
          <Table.ScrollContainer minWidth={640}>
            <Table striped>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('csat.name')}</Table.Th>
                  <Table.Th>{t('csat.assignee')}</Table.Th>
                  <Table.Th>{t('csat.rating')}</Table.Th>
                  <Table.Th>{t('csat.comment')}</Table.Th>
                  <Table.Th>{t('csat.date')}</Table.Th>
                  <Table.Th>{t('csat.conversation')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {data.rows.map((r) => {
                  const level = csatLevel(r.rating, r.scale);
                  return (
                    <Table.Tr key={r.conversationId}>
                      <Table.Td>{r.name}</Table.Td>
                      <Table.Td>{r.assignee ?? t('csat.unassigned')}</Table.Td>
                      <Table.Td>
                        <Badge color={LEVEL_COLOR[level]} variant="light">
                          {r.rating === CSAT_ALL ? '—' : `${r.rating}/${maxOf(r.scale)}`} ·{' '}
                          {t(`csat.levels.${level}`)}
                        </Badge>
                      </Table.Td>
                      <Table.Td>{r.comment ?? ''}</Table.Td>
                      <Table.Td>{date.format(r.date)}</Table.Td>
                      <Table.Td>
                        <Link to={`/conversations/${r.conversationId}`}>#{r.conversationId}</Link>
                      </Table.Td>
                    </Table.Tr>
                  );
                })}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          {pages > 1 && (
            <Group gap={4} aria-label={t('pagination')} role="navigation">
              {visiblePages(page, pages).map((p) => (
                <Button
                  key={p}
                  size="compact-sm"
                  variant={p === page ? 'filled' : 'default'}
                  aria-current={p === page ? 'page' : undefined}
                  onClick={() => setPage(p)}
                >
                  {p}
                </Button>
              ))}
            </Group>
          )}
        </>
      )}
    </AnalyticsCard>
  );
}
