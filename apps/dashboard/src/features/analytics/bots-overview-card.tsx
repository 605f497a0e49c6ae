import { formatDuration } from '@convo/domain';
import { Card, Stack, Table, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { toastError } from '../../app/toasts';
import { SectionLoader } from '../../components/page-loader';
import { analyticsKeys, fetchBotsOverview, type RangeParams } from './analytics-api';

/** Bots overview and answer feedback (SPEC §2): per bot, from the bots runtime's records. */
export function BotsOverviewCard({ range }: { range: RangeParams }) {
  const { t } = useTranslation('analytics');
  const bots = useQuery({
    queryKey: analyticsKeys.bots(range),
    queryFn: ({ signal }) => fetchBotsOverview(range, signal),
  });
  useEffect(() => {
    if (bots.error) toastError(bots.error);
  }, [bots.error]);
  const rows = bots.data?.bots ?? [];
  const pct = (part: number, whole: number) => (whole === 0 ? '—' : `${Math.round((part / whole) * 100)}%`);

  return (
    <Card withBorder padding="md" component="section" aria-labelledby="bots-heading">
      <Stack gap="sm">
        <Text fw={600} id="bots-heading">
          {t('bots.title')}
        </Text>
        {!bots.data ? (
          <SectionLoader label={t('loading')} />
        ) : rows.length === 0 ? (
          <Text c="dimmed">{t('bots.empty')}</Text>
        ) : (
          <Table.ScrollContainer minWidth={640}>
            <Table>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('bots.bot')}</Table.Th>
                  <Table.Th>{t('bots.conversations')}</Table.Th>
                  <Table.Th>{t('bots.handedOff')}</Table.Th>
                  <Table.Th>{t('bots.answers')}</Table.Th>
                  <Table.Th>{t('bots.fallbacks')}</Table.Th>
                  <Table.Th>{t('bots.helpful')}</Table.Th>
                  <Table.Th>{t('bots.timeSaved')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((b) => (
                  <Table.Tr key={b.botId}>
                    <Table.Td>{b.name}</Table.Td>
                    <Table.Td>{b.conversations}</Table.Td>
                    <Table.Td>{b.handedOff}</Table.Td>
                    <Table.Td>{b.answers}</Table.Td>
                    <Table.Td>{pct(b.fallbacks, b.answers)}</Table.Td>
                    <Table.Td>
                      {t('bots.feedback', {
                        helpful: b.helpful,
                        notHelpful: b.notHelpful,
                        rate: pct(b.helpful, b.helpful + b.notHelpful),
                      })}
                    </Table.Td>
                    <Table.Td>{formatDuration(b.secondsSaved)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Stack>
    </Card>
  );
}
