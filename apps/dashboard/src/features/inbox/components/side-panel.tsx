// The right pane: the customer (details, custom attributes, pseudonym), past conversations, notes
// (pages of 10), the timeline of events, and the CSAT rating when one was given.

import type { Note, TimelineEvent } from '@convo/api';
import { customerDisplayName, givenNameOf, NOTES_PAGE_SIZE } from '@convo/domain';
import {
  Anchor,
  Badge,
  Box,
  Button,
  Center,
  Group,
  Loader,
  Pagination,
  Stack,
  Text,
  Textarea,
  Title,
} from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { QUERY_ROOTS } from '../../../app/realtime';
import { useRequiredSession } from '../../../app/session/use-required-session';
import { toast, toastError } from '../../../app/toasts';
import { PlainDivider } from '../../../components/plain-divider';
import {
  deleteNote,
  listNotes,
  listTimeline,
  searchConversations,
  updateNote,
  userDetails,
} from '../api/inbox-api';
import { useTeammates } from '../hooks/use-inbox-data';
import { useMessagesShown } from '../hooks/use-messages';
import { useConversation, useCustomerId } from './conversation-query';
import { RelativeTime } from './relative-time';
import { StatusBadge } from './status-badge';

// The stores' orders load on their own chunk: most inboxes never show them.
const StoreOrders = lazy(() => import('./store-orders').then((m) => ({ default: m.StoreOrders })));
// The conversation's CRMs and helpdesks (issue 38 item 3): its own chunk, loaded with the panel.
const ConversationCrm = lazy(() =>
  import('../../integrations/crms/conversation-crm').then((m) => ({ default: m.ConversationCrm })),
);

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <Stack gap={6}>
      <Title order={3} size="h6" c="dimmed" tt="uppercase">
        {title}
      </Title>
      {children}
    </Stack>
  );
}

function Customer({ userId }: { userId: string }) {
  const { t } = useTranslation('inbox');
  const details = useQuery({
    queryKey: ['inbox', 'customer', userId],
    queryFn: ({ signal }) => userDetails([userId], signal),
  });
  if (details.isPending) return <Loader size="xs" aria-label={t('loading')} />;
  const user = details.data?.[0];
  if (!user) return <Text size="sm">{customerDisplayName({ userId })}</Text>;
  const name = customerDisplayName(user);
  // No name given: the pseudonym is shown, with a word on where it comes from.
  const anonymous = givenNameOf(user) === null;
  const attributes = Object.entries(user.metadata);
  return (
    <Stack gap={4} data-testid="customer-details">
      <Text fw={600} data-testid="customer-name">
        {name}
      </Text>
      {anonymous && (
        <Text size="xs" c="dimmed">
          {t('side.pseudonymHelp')}
        </Text>
      )}
      {user.email && <Text size="sm">{user.email}</Text>}
      {user.phoneNumber && <Text size="sm">{user.phoneNumber}</Text>}
      <Text size="xs" c="dimmed">
        {user.connected ? t('side.online') : t('side.offline')}
      </Text>
      {attributes.length > 0 && (
        <Stack gap={2} mt={4}>
          {attributes.map(([key, value]) => (
            <Group key={key} gap={6} wrap="nowrap">
              <Text size="xs" c="dimmed" style={{ flexShrink: 0 }}>
                {key}
              </Text>
              <Text size="xs" style={{ overflowWrap: 'anywhere' }}>
                {value}
              </Text>
            </Group>
          ))}
        </Stack>
      )}
    </Stack>
  );
}

function PastConversations({ userId, current }: { userId: string; current: number }) {
  const { t } = useTranslation('inbox');
  const past = useQuery({
    queryKey: [QUERY_ROOTS.conversations, 'customer', userId],
    queryFn: ({ signal }) => searchConversations({ customer: userId, pageSize: 10, sort: 'newest' }, signal),
  });
  const others = (past.data?.groupFeeds ?? []).filter((f) => f.id !== current);
  if (past.isPending) return <Loader size="xs" aria-label={t('loading')} />;
  if (others.length === 0)
    return (
      <Text size="sm" c="dimmed">
        {t('side.noPast')}
      </Text>
    );
  return (
    <Stack gap={4}>
      {others.map((f) => (
        <Group key={f.id} gap={6} wrap="nowrap">
          <Anchor component={Link} to={`/conversations/${f.id}`} size="sm" lineClamp={1}>
            {f.name || t('conversation.untitled', { id: f.id })}
          </Anchor>
          <StatusBadge status={f.status} />
        </Group>
      ))}
    </Stack>
  );
}

function NoteItem({ note, me }: { note: Note; me: string }) {
  const { t } = useTranslation('inbox');
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState(false);
  const [body, setBody] = useState(note.body);
  const refresh = () => void queryClient.invalidateQueries({ queryKey: [QUERY_ROOTS.notes, note.groupId] });
  const save = async () => {
    try {
      await updateNote(note.id, body);
      setEditing(false);
      refresh();
    } catch (error) {
      toastError(error);
    }
  };
  const remove = async () => {
    try {
      await deleteNote(note.id);
      toast.success(t('side.noteDeleted'));
      refresh();
    } catch (error) {
      toastError(error);
    }
  };
  return (
    <Stack gap={2} p={6} bg="var(--mantine-color-yellow-0)" style={{ borderRadius: 6 }} data-testid="note">
      <Group justify="space-between" gap={4} wrap="nowrap">
        <Text size="xs" fw={600}>
          {note.author.displayName || note.author.userId}
        </Text>
        <Text size="xs" c="dimmed">
          <RelativeTime ms={note.createdAtTime} />
        </Text>
      </Group>
      {editing ? (
        <Stack gap={4}>
          <Textarea
            value={body}
            onChange={(e) => setBody(e.currentTarget.value)}
            autosize
            minRows={2}
            aria-label={t('side.editNote')}
          />
          <Group gap={4} justify="flex-end">
            <Button size="compact-xs" variant="subtle" onClick={() => setEditing(false)}>
              {t('cancel')}
            </Button>
            <Button size="compact-xs" onClick={() => void save()} disabled={body.trim() === ''}>
              {t('save')}
            </Button>
          </Group>
        </Stack>
      ) : (
        <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
          {note.body}
        </Text>
      )}
      {!editing && note.author.userId === me && (
        <Group gap={4} justify="flex-end">
          <Button size="compact-xs" variant="subtle" onClick={() => setEditing(true)}>
            {t('edit')}
          </Button>
          <Button size="compact-xs" variant="subtle" color="red" onClick={() => void remove()}>
            {t('delete')}
          </Button>
        </Group>
      )}
    </Stack>
  );
}

function Notes({ groupId }: { groupId: number }) {
  const { t } = useTranslation('inbox');
  const session = useRequiredSession();
  const [page, setPage] = useState(0);
  const notes = useQuery({
    queryKey: [QUERY_ROOTS.notes, groupId, page],
    queryFn: ({ signal }) => listNotes(groupId, page, signal),
  });
  if (notes.isPending) return <Loader size="xs" aria-label={t('loading')} />;
  if (notes.isError)
    return (
      <Button size="compact-xs" variant="subtle" onClick={() => void notes.refetch()}>
        {t('retry')}
      </Button>
    );
  const pages = Math.max(1, Math.ceil(notes.data.total / NOTES_PAGE_SIZE));
  return (
    <Stack gap={6}>
      {notes.data.data.length === 0 && (
        <Text size="sm" c="dimmed">
          {t('side.noNotes')}
        </Text>
      )}
      {notes.data.data.map((n) => (
        <NoteItem key={n.id} note={n} me={session.userName} />
      ))}
      {pages > 1 && <Pagination size="xs" total={pages} value={page + 1} onChange={(p) => setPage(p - 1)} />}
    </Stack>
  );
}

function TimelineLine({ event, customerId }: { event: TimelineEvent; customerId: string | null }) {
  const { t } = useTranslation('inbox');
  const teammates = useTeammates();
  const nameOf = (userId: string) => teammates.data?.find((u) => u.userId === userId)?.displayName || userId;
  const who = !event.actor
    ? t('side.system')
    : event.actor.userId === customerId
      ? customerDisplayName(event.actor)
      : event.actor.displayName || event.actor.userId;
  const d = event.data;
  const detail =
    event.type === 'status'
      ? t(`status.${String(d.to)}`, { defaultValue: String(d.to) })
      : event.type === 'assigned'
        ? nameOf(String(d.assignee ?? ''))
        : event.type === 'team'
          ? String(d.teamName ?? d.team ?? '')
          : Array.isArray(d.tags)
            ? d.tags.join(', ')
            : typeof d.rating === 'number'
              ? String(d.rating)
              : '';
  return (
    <Group gap={6} wrap="nowrap" align="flex-start" data-testid="timeline-event">
      <Text size="xs" c="dimmed" style={{ flexShrink: 0 }} w={72}>
        <RelativeTime ms={event.createdAtTime} />
      </Text>
      <Text size="xs">{t(`timeline.${event.type}`, { defaultValue: event.type, who, detail })}</Text>
    </Group>
  );
}

function Timeline({ groupId, customerId }: { groupId: number; customerId: string | null }) {
  const { t } = useTranslation('inbox');
  const events = useQuery({
    queryKey: [QUERY_ROOTS.timeline, groupId],
    queryFn: ({ signal }) => listTimeline(groupId, signal),
  });
  if (events.isPending) return <Loader size="xs" aria-label={t('loading')} />;
  const list = [...(events.data?.data ?? [])].reverse();
  return (
    <Stack gap={4}>
      {list.length === 0 && (
        <Text size="sm" c="dimmed">
          {t('side.noEvents')}
        </Text>
      )}
      {list.map((e) => (
        <TimelineLine key={e.id} event={e} customerId={customerId} />
      ))}
    </Stack>
  );
}

function Rating({ groupId }: { groupId: number }) {
  const { t } = useTranslation('inbox');
  const events = useQuery({
    queryKey: [QUERY_ROOTS.timeline, groupId],
    queryFn: ({ signal }) => listTimeline(groupId, signal),
  });
  const rated = [...(events.data?.data ?? [])]
    .reverse()
    .find((e) => e.type === 'rated' && typeof e.data.rating === 'number');
  if (!rated) return null;
  return (
    <Section title={t('side.rating')}>
      <Group gap={6}>
        <Badge variant="light" data-testid="csat-rating">
          {t('side.ratingValue', { rating: String(rated.data.rating) })}
        </Badge>
        {typeof rated.data.comment === 'string' && rated.data.comment !== '' && (
          <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
            “{rated.data.comment}”
          </Text>
        )}
      </Group>
    </Section>
  );
}

export function SidePanel({ groupId }: { groupId: number }) {
  const { t } = useTranslation('inbox');
  const feed = useConversation(groupId);
  const customerId = useCustomerId(groupId);
  // Opening a conversation shows its messages first: the panel's four requests, and its own
  // rendering, would otherwise compete with them (connections per host, the main thread).
  const ready = useMessagesShown(groupId);
  if (!feed.data) return null;
  if (!ready)
    return (
      <Center h={80}>
        <Loader size="xs" aria-label={t('loading')} />
      </Center>
    );
  return (
    // A native scrolling box: Mantine's ScrollArea brings floating-ui onto /conversations (issue 39).
    <Box h="100%" style={{ overflowY: 'auto' }}>
      <Stack gap="md" p="sm">
        <Section title={t('side.customer')}>
          {customerId ? (
            <Customer userId={customerId} />
          ) : (
            <Text size="sm" c="dimmed">
              {t('side.noCustomer')}
            </Text>
          )}
        </Section>
        {customerId && (
          <Suspense fallback={null}>
            <StoreOrders userId={customerId} />
          </Suspense>
        )}
        <Rating groupId={groupId} />
        <Suspense fallback={null}>
          <ConversationCrm groupId={groupId} />
        </Suspense>
        <PlainDivider />
        <Section title={t('side.notes')}>
          <Notes groupId={groupId} />
        </Section>
        <PlainDivider />
        {customerId && (
          <Section title={t('side.past')}>
            <PastConversations userId={customerId} current={groupId} />
          </Section>
        )}
        <PlainDivider />
        <Section title={t('side.timeline')}>
          <Timeline groupId={groupId} customerId={customerId} />
        </Section>
      </Stack>
    </Box>
  );
}
