// /message-logs: every message of the application in a time range (message filter), newest
// first, page by page, each linking to its conversation.

import {
  CONVERSATION_PATHS,
  MESSAGE_LOG_PAGE_DEFAULT,
  type MessageLog,
  messageLogResponseSchema,
} from '@convo/api';
import { SENDER_TYPE } from '@convo/domain';
import { Anchor, Button, Center, Group, Stack, Table, Text, TextInput } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { apiRequest } from '../../app/api/api-client';
import { QUERY_ROOTS } from '../../app/realtime';
import { PageHeader } from '../../components/page-header';
import { SectionLoader } from '../../components/page-loader';

const dayStart = (iso: string) => (iso ? new Date(`${iso}T00:00:00`).getTime() : undefined);
const dayEnd = (iso: string) => (iso ? new Date(`${iso}T23:59:59.999`).getTime() : undefined);

async function fetchLogs(
  q: { startTime?: number; endTime?: number; groupId?: number; startIndex: number },
  signal?: AbortSignal,
) {
  const res = await apiRequest(CONVERSATION_PATHS.messageFilter, {
    family: 'messaging',
    query: { ...q, pageSize: MESSAGE_LOG_PAGE_DEFAULT },
    schema: messageLogResponseSchema,
    signal,
  });
  return res.response;
}

export function MessageLogsPage() {
  const { t, i18n } = useTranslation('inbox');
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [group, setGroup] = useState('');
  const [applied, setApplied] = useState<{ startTime?: number; endTime?: number; groupId?: number }>({});
  const [starts, setStarts] = useState<number[]>([0]);
  const startIndex = starts[starts.length - 1] ?? 0;
  const logs = useQuery({
    queryKey: [QUERY_ROOTS.messageLogs, applied, startIndex],
    queryFn: ({ signal }) => fetchLogs({ ...applied, startIndex }, signal),
    placeholderData: keepPreviousData,
  });
  const when = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });
  const sender = (m: MessageLog) =>
    m.senderType === SENDER_TYPE.USER
      ? t('logs.customer')
      : m.senderType === SENDER_TYPE.BOT
        ? t('message.bot')
        : t('logs.agent');

  return (
    <Stack gap="md">
      <PageHeader title={t('logs.title')} />
      <form
        onSubmit={(e) => {
          e.preventDefault();
          const groupId = /^\d+$/.test(group.trim()) ? Number(group.trim()) : undefined;
          setApplied({
            ...(dayStart(from) !== undefined ? { startTime: dayStart(from) } : {}),
            ...(dayEnd(to) !== undefined ? { endTime: dayEnd(to) } : {}),
            ...(groupId !== undefined ? { groupId } : {}),
          });
          setStarts([0]);
        }}
      >
        <Group align="flex-end" gap="sm">
          <TextInput
            type="date"
            label={t('logs.from')}
            value={from}
            onChange={(e) => setFrom(e.currentTarget.value)}
          />
          <TextInput
            type="date"
            label={t('logs.to')}
            value={to}
            onChange={(e) => setTo(e.currentTarget.value)}
          />
          <TextInput
            label={t('logs.conversation')}
            inputMode="numeric"
            value={group}
            onChange={(e) => setGroup(e.currentTarget.value)}
            w={140}
          />
          <Button type="submit">{t('logs.apply')}</Button>
        </Group>
      </form>
      {logs.isPending ? (
        <SectionLoader label={t('loading')} />
      ) : logs.isError ? (
        <Center py="xl">
          <Button variant="light" onClick={() => void logs.refetch()}>
            {t('retry')}
          </Button>
        </Center>
      ) : logs.data.messages.length === 0 ? (
        <Text c="dimmed" data-testid="logs-empty">
          {t('logs.empty')}
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={640}>
          <Table striped highlightOnHover data-testid="message-logs">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('logs.time')}</Table.Th>
                <Table.Th>{t('logs.conversation')}</Table.Th>
                <Table.Th>{t('logs.from')}</Table.Th>
                <Table.Th>{t('logs.message')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {logs.data.messages.map((m) => (
                <Table.Tr key={m.id}>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{when.format(m.createdAtTime)}</Table.Td>
                  <Table.Td>
                    <Anchor component={Link} to={`/conversations/${m.groupId}`} size="sm">
                      {m.groupName || `#${m.groupId}`}
                    </Anchor>
                  </Table.Td>
                  <Table.Td>
                    {m.from ?? '—'} · {sender(m)}
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm" lineClamp={2} style={{ overflowWrap: 'anywhere' }}>
                      {m.message || (m.fileMeta ? t('logs.attachment') : '')}
                    </Text>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <Group justify="space-between">
        <Button
          variant="default"
          disabled={starts.length <= 1}
          onClick={() => setStarts((s) => s.slice(0, -1))}
        >
          {t('logs.previous')}
        </Button>
        <Text size="sm" c="dimmed">
          {t('logs.page', { page: starts.length })}
        </Text>
        <Button
          variant="default"
          disabled={logs.data?.nextStartIndex == null}
          onClick={() => {
            const next = logs.data?.nextStartIndex;
            if (next != null) setStarts((s) => [...s, next]);
          }}
        >
          {t('logs.next')}
        </Button>
      </Group>
    </Stack>
  );
}
