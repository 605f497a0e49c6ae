import { formatDuration } from '@convo/domain';
import { Anchor, Table } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { toastError } from '../../../app/toasts';
import { analyticsKeys, fetchBotsOverview, type RangeParams } from '../api/analytics-api';
import { AnalyticsCard } from './analytics-card';

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
    <AnalyticsCard
      id="bots-heading"
      title={t('bots.title')}
      loading={!bots.data}
      loadingLabel={t('loading')}
      empty={rows.length === 0 ? t('bots.empty') : null}
    >
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
              <Table.Th title={t('bots.llmCappedHelp')}>{t('bots.llmCapped')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((b) => (
              <Table.Tr key={b.botId}>
                <Table.Td>
                  {/* One bot's intents, sentences, feedback and insights. */}
                  <Anchor component={Link} to={`/bots/analytics?bot=${encodeURIComponent(b.botId)}`}>
                    {b.name}
                  </Anchor>
                </Table.Td>
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
                <Table.Td data-testid="bot-llm-capped">
                  {t('bots.llmCappedTimes', { count: b.llmCapped })}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </AnalyticsCard>
  );
}
