// /waiting-queue/stats: the waiting queue now (size, longest waits, live), today's counts, and
// the hand-out of waiting conversations to whoever is online.

import {
  CONVERSATION_PATHS,
  conversationPageResponseSchema,
  platformOk,
  reassignWaitingSchema,
  statsSchema,
  TEAM_USER_STATS_PATHS,
} from '@convo/api';
import { CONVERSATION_STATUS, customerDisplayName } from '@convo/domain';
import { Anchor, Button, Card, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { apiRequest } from '../../app/api/api-client';
import { QUERY_ROOTS } from '../../app/realtime';
import { toast, toastError } from '../../app/toasts';
import { PageHeader } from '../../components/page-header';
import { SectionLoader } from '../../components/page-loader';
import { RelativeTime } from '../inbox/components/relative-time';

const PAGE = 50;

function Figure({ label, value }: { label: string; value: string | number }) {
  return (
    <Card withBorder padding="md">
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text size="xl" fw={700}>
        {value}
      </Text>
    </Card>
  );
}

export function WaitingQueueStatsPage() {
  const { t } = useTranslation('inbox');
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const queue = useQuery({
    queryKey: [QUERY_ROOTS.waitingQueue, 'list'],
    queryFn: async ({ signal }) =>
      (
        await apiRequest(CONVERSATION_PATHS.waitingList, {
          family: 'messaging',
          query: { startIndex: 0, pageSize: PAGE },
          schema: conversationPageResponseSchema,
          signal,
        })
      ).response,
  });
  const today = new Date();
  today.setHours(0, 0, 0, 0);
  const stats = useQuery({
    queryKey: [QUERY_ROOTS.waitingQueue, 'stats', today.getTime()],
    queryFn: async ({ signal }) =>
      (
        await apiRequest(TEAM_USER_STATS_PATHS.groupStatsV2, {
          family: 'messaging',
          query: {
            startTime: today.getTime(),
            endTime: Date.now(),
            timezone: Intl.DateTimeFormat().resolvedOptions().timeZone,
          },
          schema: platformOk(statsSchema),
          signal,
        })
      ).response,
  });

  const reassign = async () => {
    setBusy(true);
    try {
      const res = await apiRequest(TEAM_USER_STATS_PATHS.reassignWaitingQueue, {
        family: 'messaging',
        schema: platformOk(reassignWaitingSchema),
      });
      toast.success(t('queue.reassigned', { count: res.response.assigned }));
      void queryClient.invalidateQueries({ queryKey: [QUERY_ROOTS.waitingQueue] });
    } catch (error) {
      toastError(error);
    } finally {
      setBusy(false);
    }
  };

  const waiting = queue.data?.groupFeeds ?? [];
  const minutes = (ms: number | null | undefined) =>
    ms == null ? '—' : t('queue.minutes', { count: Math.round(ms / 60_000) });

  return (
    <Stack gap="md">
      <PageHeader
        title={t('queue.title')}
        actions={
          <Button onClick={() => void reassign()} loading={busy} variant="light">
            {t('queue.reassign')}
          </Button>
        }
      />
      <SimpleGrid cols={{ base: 2, sm: 4 }}>
        <Figure label={t('queue.waitingNow')} value={queue.data?.total ?? '…'} />
        <Figure label={t('queue.newToday')} value={stats.data?.newConversations ?? '…'} />
        <Figure label={t('queue.resolvedToday')} value={stats.data?.resolved ?? '…'} />
        <Figure
          label={t('queue.firstResponse')}
          value={stats.data ? minutes(stats.data.avgFirstResponseTime) : '…'}
        />
      </SimpleGrid>
      <Text size="sm" c="dimmed">
        {t('queue.waitingStatusToday', {
          count: stats.data?.byStatus[String(CONVERSATION_STATUS.WAITING)] ?? 0,
        })}
      </Text>
      {queue.isPending ? (
        <SectionLoader label={t('loading')} />
      ) : queue.isError ? (
        <Button variant="light" onClick={() => void queue.refetch()}>
          {t('retry')}
        </Button>
      ) : waiting.length === 0 ? (
        <Text c="dimmed" data-testid="queue-empty">
          {t('queue.empty')}
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={480}>
          <Table striped data-testid="waiting-queue">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('queue.position')}</Table.Th>
                <Table.Th>{t('logs.conversation')}</Table.Th>
                <Table.Th>{t('queue.since')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {waiting.map((f, i) => (
                <Table.Tr key={f.id}>
                  <Table.Td>{i + 1}</Table.Td>
                  <Table.Td>
                    <Anchor component={Link} to={`/conversations/${f.id}`} size="sm">
                      {f.name || (f.groupUsers[0] ? customerDisplayName(f.groupUsers[0]) : `#${f.id}`)}
                    </Anchor>
                  </Table.Td>
                  <Table.Td>
                    <RelativeTime ms={f.createdAtTime} />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Stack>
  );
}
