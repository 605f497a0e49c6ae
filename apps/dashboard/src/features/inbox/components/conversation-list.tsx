// The left pane: the list filters, the virtualised list with infinite scroll, bulk selection.

import type { GroupFeed } from '@convo/api';
import {
  AGENT_SETTABLE_STATUSES,
  CONVERSATION_STATUSES,
  customerDisplayName,
  SENDER_TYPE,
} from '@convo/domain';
import { Button, Center, Collapse, Group, Loader, MenuItem, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import { memo, useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Virtuoso } from 'react-virtuoso';
import { QUERY_ROOTS } from '../../../app/realtime';
import { useRequiredSession } from '../../../app/session/use-required-session';
import { toast } from '../../../app/toasts';
import { LazyMenu } from '../../../components/overlays/lazy-menu';
import { LazyMultiSelect, LazySelect } from '../../../components/overlays/lazy-select';
import { SectionLoader } from '../../../components/page-loader';
import { PlainBadge } from '../../../components/plain-badge';
import { useTags } from '../../conversation-settings/api/conversation-settings-api';
import { ChannelIcon } from '../../integrations/channel-icon';
import { changeStatusOfMany } from '../api/inbox-api';
import { useTeammates, useTeams } from '../hooks/use-inbox-data';
import type { OpenIntent } from '../hooks/use-open-intent';
import { conversationListQuery } from '../lib/conversation-list-query';
import { toastInboxError } from '../lib/inbox-errors';
import { type AssigneeView, DEFAULT_FILTER, type InboxFilter } from '../lib/inbox-filter';
import { type KeptRow, nextKept, withKeptRow } from '../lib/kept-row';
import { useOpenConversation } from './conversation-query';
import rowClasses from './conversation-row.module.css';
import { RelativeTime } from './relative-time';
import { StatusBadge } from './status-badge';

const CHANNELS = [
  'web',
  'mail',
  'whatsapp',
  'facebook',
  'instagram',
  'telegram',
  'line',
  'viber',
  'slack',
  'voice-twilio',
];

function viewValue(v: AssigneeView): string {
  return typeof v === 'string' ? v : `teammate:${v.teammate}`;
}
function parseView(value: string): AssigneeView {
  if (value === 'mine' || value === 'unassigned' || value === 'all') return value;
  return { teammate: value.slice('teammate:'.length) };
}
const dayStart = (iso: string) => (iso ? new Date(`${iso}T00:00:00`).getTime() : null);
const dayEnd = (iso: string) => (iso ? new Date(`${iso}T23:59:59.999`).getTime() : null);

export function useConversationList(filter: InboxFilter) {
  const session = useRequiredSession();
  return useInfiniteQuery(conversationListQuery(filter, session.userName));
}

// Memoised, like Row: opening a conversation re-renders the list (the selected row) and nothing else
// of it needs to render again while the conversation is being fetched.
const Filters = memo(function Filters({
  filter,
  onChange,
}: {
  filter: InboxFilter;
  onChange: (f: InboxFilter) => void;
}) {
  const { t } = useTranslation('inbox');
  const teammates = useTeammates();
  const [more, setMore] = useState(false);
  // The further filters (and their teams and tags) mount when first shown: on a cold load they
  // were drawn collapsed and drawn again as each list came in, before the conversations' rows.
  const [opened, setOpened] = useState(false);
  const [search, setSearch] = useState(filter.search);
  const [debounced] = useDebouncedValue(search, 300);
  // biome-ignore lint/correctness/useExhaustiveDependencies: only the debounced text drives the search
  useEffect(() => {
    if (debounced !== filter.search) onChange({ ...filter, search: debounced });
  }, [debounced]);

  const views = [
    { value: 'all', label: t('list.views.all') },
    { value: 'mine', label: t('list.views.mine') },
    { value: 'unassigned', label: t('list.views.unassigned') },
    ...(teammates.data ?? []).map((u) => ({
      value: `teammate:${u.userId}`,
      label: u.displayName || u.userId,
    })),
  ];
  return (
    <Stack gap={6} p="xs">
      <TextInput
        size="xs"
        type="search"
        placeholder={t('list.search')}
        aria-label={t('list.search')}
        value={search}
        onChange={(e) => setSearch(e.currentTarget.value)}
        data-testid="conversation-search"
      />
      {/* One select a row: side by side in a 300 px list, "All conversations" or "Waiting
          longest" (longer still in es, fr, kn) were cut. */}
      <LazySelect
        size="xs"
        aria-label={t('list.view')}
        data={views}
        value={viewValue(filter.assignee)}
        onChange={(v) => v && onChange({ ...filter, assignee: parseView(v) })}
        allowDeselect={false}
        searchable
        data-testid="view-select"
      />
      <LazySelect
        size="xs"
        aria-label={t('list.sort')}
        data={[
          { value: 'newest', label: t('list.sorts.newest') },
          { value: 'oldest', label: t('list.sorts.oldest') },
          { value: 'waiting', label: t('list.sorts.waiting') },
        ]}
        value={filter.sort}
        onChange={(v) => v && onChange({ ...filter, sort: v === 'oldest' || v === 'waiting' ? v : 'newest' })}
        allowDeselect={false}
      />
      <LazyMultiSelect
        size="xs"
        aria-label={t('list.statuses')}
        placeholder={filter.statuses.length === 0 ? t('list.anyStatus') : undefined}
        data={CONVERSATION_STATUSES.map((s) => ({ value: String(s), label: t(`status.${s}`) }))}
        value={filter.statuses.map(String)}
        onChange={(v) => onChange({ ...filter, statuses: v.map(Number) })}
        clearable
        data-testid="status-filter"
      />
      <Button
        size="compact-xs"
        variant="subtle"
        onClick={() => {
          setOpened(true);
          setMore((m) => !m);
        }}
        aria-expanded={more}
      >
        {more ? t('list.fewerFilters') : t('list.moreFilters')}
      </Button>
      <Collapse expanded={more}>{opened && <MoreFilters filter={filter} onChange={onChange} />}</Collapse>
    </Stack>
  );
});

/** The filters behind "More filters": team, tags, who handles it, channel, dates, reset. */
function MoreFilters({ filter, onChange }: { filter: InboxFilter; onChange: (f: InboxFilter) => void }) {
  const { t } = useTranslation('inbox');
  const teams = useTeams();
  const tags = useTags();
  return (
    <Stack gap={6}>
      <LazySelect
        size="xs"
        aria-label={t('list.team')}
        placeholder={t('list.anyTeam')}
        data={(teams.data ?? []).map((x) => ({ value: x.teamId, label: x.teamName }))}
        value={filter.teamId}
        onChange={(v) => onChange({ ...filter, teamId: v })}
        clearable
      />
      <LazyMultiSelect
        size="xs"
        aria-label={t('list.tags')}
        placeholder={filter.tags.length === 0 ? t('list.anyTag') : undefined}
        data={(tags.data?.active ?? []).map((x) => x.name)}
        value={filter.tags}
        onChange={(v) => onChange({ ...filter, tags: v })}
        clearable
        searchable
      />
      <Group gap={6} grow wrap="nowrap">
        <LazySelect
          size="xs"
          aria-label={t('list.handledBy')}
          placeholder={t('list.botOrHuman')}
          data={[
            { value: 'bot', label: t('list.bot') },
            { value: 'human', label: t('list.human') },
          ]}
          value={filter.handledBy}
          onChange={(v) => onChange({ ...filter, handledBy: v === 'bot' || v === 'human' ? v : null })}
          clearable
        />
        <LazySelect
          size="xs"
          aria-label={t('list.channel')}
          placeholder={t('list.anyChannel')}
          data={CHANNELS}
          value={filter.channel}
          onChange={(v) => onChange({ ...filter, channel: v })}
          clearable
        />
      </Group>
      <Group gap={6} grow wrap="nowrap">
        <TextInput
          size="xs"
          type="date"
          aria-label={t('list.from')}
          onChange={(e) => onChange({ ...filter, from: dayStart(e.currentTarget.value) })}
        />
        <TextInput
          size="xs"
          type="date"
          aria-label={t('list.to')}
          onChange={(e) => onChange({ ...filter, to: dayEnd(e.currentTarget.value) })}
        />
      </Group>
      <Button size="compact-xs" variant="subtle" onClick={() => onChange(DEFAULT_FILTER)}>
        {t('list.reset')}
      </Button>
    </Stack>
  );
}

/** Defined once (not per render): Virtuoso passes the loading state through its context. */
function ListFooter({ context }: { context?: { loading: boolean; label: string } }) {
  return context?.loading ? (
    <Center py="xs">
      <Loader size="xs" aria-label={context.label} />
    </Center>
  ) : null;
}

const LIST_COMPONENTS = { Footer: ListFooter };
// A row's height with its two lines (conversation-row.module.css, 73 px at the default scale):
// Virtuoso starts from it instead of rendering one row, measuring it and rendering the rest in a
// second pass (the list's first rows came a render and a layout later; issue 39).
const ROW_HEIGHT = 73;
const feedKey = (_: number, f: GroupFeed) => f.id;

const Row = memo(function Row({
  feed,
  selected,
  checked,
  onOpen,
  onIntent,
  onCheck,
  staff,
}: {
  feed: GroupFeed;
  selected: boolean;
  checked: boolean;
  onOpen: (groupId: number) => void;
  onIntent: OpenIntent;
  onCheck: (groupId: number, on: boolean) => void;
  staff: Set<string>;
}) {
  const { t } = useTranslation('inbox');
  const customer = feed.groupUsers.find((u) => !staff.has(u.userId));
  const name =
    feed.name || (customer ? customerDisplayName(customer) : t('conversation.untitled', { id: feed.id }));
  const assignee = feed.assignee
    ? (feed.groupUsers.find((u) => u.userId === feed.assignee)?.displayName ?? feed.assignee)
    : null;
  const last = feed.lastMessage;
  const text = last ? last.preview || t('list.previewFile') : null;
  const preview =
    !last || text === null
      ? null
      : last.senderType === SENDER_TYPE.HUMAN_AGENT
        ? t('list.previewAgent', { text })
        : last.senderType === SENDER_TYPE.BOT
          ? t('list.previewBot', { text })
          : text;
  // Plain elements (conversation-row.module.css): every visible row renders in a cold inbox's first
  // render, and Mantine's components made that some forty renders a row.
  return (
    <div
      className={rowClasses.row}
      data-selected={selected || undefined}
      data-testid="conversation-row"
      data-group-id={feed.id}
    >
      <input
        type="checkbox"
        className={rowClasses.check}
        checked={checked}
        onChange={(e) => onCheck(feed.id, e.currentTarget.checked)}
        aria-label={t('list.select', { name })}
      />
      <button
        type="button"
        className={rowClasses.open}
        onClick={() => onOpen(feed.id)}
        // The mouse resting on the row, or a press: its conversation is fetched ahead of the click.
        onPointerEnter={(e) => e.pointerType === 'mouse' && onIntent(feed.id)}
        onPointerLeave={() => onIntent(null)}
        onPointerDown={() => onIntent(feed.id, true)}
        aria-current={selected ? 'true' : undefined}
      >
        <span className={`${rowClasses.line} ${rowClasses.top}`}>
          <span className={rowClasses.line}>
            {feed.channel && <ChannelIcon channel={feed.channel} size={16} />}
            <span className={rowClasses.name} data-unread={feed.unreadCount > 0 || undefined}>
              {name}
            </span>
          </span>
          <span className={`${rowClasses.small} ${rowClasses.time}`}>
            <RelativeTime ms={feed.lastMessageAtTime ?? feed.createdAtTime} />
          </span>
        </span>
        {preview !== null && (
          <span className={rowClasses.small} data-testid="conversation-preview">
            {preview}
          </span>
        )}
        <span className={`${rowClasses.line} ${rowClasses.bottom}`}>
          <StatusBadge status={feed.status} />
          {feed.unreadCount > 0 && (
            <PlainBadge circle color="red" aria-label={t('list.unread', { count: feed.unreadCount })}>
              {feed.unreadCount}
            </PlainBadge>
          )}
          <span className={rowClasses.small}>{assignee ?? t('header.unassigned')}</span>
          {feed.tags.slice(0, 2).map((x) => (
            <PlainBadge key={x.id} variant="outline" keepCase>
              {x.name}
            </PlainBadge>
          ))}
        </span>
      </button>
    </div>
  );
});

export function ConversationList({
  filter,
  onFilter,
  selectedId,
  onOpen,
  onIntent,
  onItems,
}: {
  filter: InboxFilter;
  onFilter: (f: InboxFilter) => void;
  selectedId: number | null;
  onOpen: (groupId: number) => void;
  onIntent: OpenIntent;
  onItems: (ids: number[]) => void;
}) {
  const { t } = useTranslation('inbox');
  const queryClient = useQueryClient();
  const list = useConversationList(filter);
  const teammates = useTeammates();
  const staff = useMemo(() => new Set((teammates.data ?? []).map((u) => u.userId)), [teammates.data]);
  const items = useMemo(() => list.data?.pages.flatMap((p) => p.groupFeeds) ?? [], [list.data]);
  const [checked, setChecked] = useState<Set<number>>(new Set());
  const [bulkBusy, setBulkBusy] = useState(false);

  // The open conversation keeps its row (and place) when it stops matching the filter (resolved
  // while open), until the agent opens another one or changes the filter.
  const [kept, setKept] = useState<KeptRow | null>(null);
  const openFeed = useOpenConversation(selectedId);
  useEffect(() => {
    setKept((k) => nextKept(k, items, selectedId, filter));
  }, [items, selectedId, filter]);
  const shown = useMemo(
    () => withKeptRow(items, kept, selectedId, filter, openFeed.data),
    [items, kept, selectedId, filter, openFeed.data],
  );

  useEffect(() => onItems(shown.map((f) => f.id)), [shown, onItems]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new filter starts a new selection
  useEffect(() => setChecked(new Set()), [filter]);

  const bulk = async (status: number) => {
    setBulkBusy(true);
    try {
      const { changed } = await changeStatusOfMany([...checked], status);
      toast.success(t('list.bulkDone', { count: changed }));
      setChecked(new Set());
      void queryClient.invalidateQueries({ queryKey: [QUERY_ROOTS.conversations] });
    } catch (error) {
      toastInboxError(error);
    } finally {
      setBulkBusy(false);
    }
  };

  const check = useCallback(
    (groupId: number, on: boolean) =>
      setChecked((c) => {
        const next = new Set(c);
        if (on) next.add(groupId);
        else next.delete(groupId);
        return next;
      }),
    [],
  );

  // Stable props for Virtuoso: opening a conversation changes the selected row, and only that row
  // (and the one selected before) renders again; the others are memoised on unchanged props.
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = list;
  const endReached = useCallback(() => {
    if (hasNextPage && !isFetchingNextPage) void fetchNextPage();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage]);
  const itemContent = useCallback(
    (_: number, f: GroupFeed) => (
      <Row
        feed={f}
        staff={staff}
        selected={f.id === selectedId}
        checked={checked.has(f.id)}
        onOpen={onOpen}
        onIntent={onIntent}
        onCheck={check}
      />
    ),
    [staff, selectedId, checked, onOpen, onIntent, check],
  );
  const context = useMemo(
    () => ({ loading: isFetchingNextPage, label: t('loading') }),
    [isFetchingNextPage, t],
  );

  const allChecked = items.length > 0 && items.every((f) => checked.has(f.id));

  return (
    <Stack gap={0} h="100%">
      <Filters filter={filter} onChange={onFilter} />
      <Group justify="space-between" px="xs" py={4} gap={4} wrap="nowrap">
        <label className={rowClasses.selectAll}>
          <input
            type="checkbox"
            className={rowClasses.check}
            checked={allChecked}
            // A DOM property, not an attribute: set on every render.
            ref={(box) => {
              if (box) box.indeterminate = checked.size > 0 && !allChecked;
            }}
            onChange={(e) =>
              setChecked(e.currentTarget.checked ? new Set(items.map((f) => f.id)) : new Set())
            }
            disabled={items.length === 0}
          />
          {checked.size > 0 ? t('list.selected', { count: checked.size }) : t('list.selectAll')}
        </label>
        {checked.size > 0 && (
          <LazyMenu
            position="bottom-end"
            target={
              <Button size="compact-xs" loading={bulkBusy} data-testid="bulk-status">
                {t('list.bulkStatus')}
              </Button>
            }
          >
            {AGENT_SETTABLE_STATUSES.map((s) => (
              <MenuItem key={s} onClick={() => void bulk(s)}>
                {t(`status.${s}`)}
              </MenuItem>
            ))}
          </LazyMenu>
        )}
        {list.isFetching && !list.isFetchingNextPage && <Loader size={12} aria-label={t('loading')} />}
      </Group>
      <section style={{ flex: 1, minHeight: 0 }} aria-label={t('list.label')}>
        {list.isPending ? (
          <SectionLoader fill label={t('loading')} />
        ) : list.isError ? (
          <Center h="100%">
            <Button variant="light" size="xs" onClick={() => void list.refetch()}>
              {t('retry')}
            </Button>
          </Center>
        ) : shown.length === 0 ? (
          <Center h="100%" p="md">
            <Text size="sm" c="dimmed" ta="center" data-testid="empty-list">
              {t('list.empty')}
            </Text>
          </Center>
        ) : (
          <Virtuoso
            style={{ height: '100%' }}
            data={shown}
            computeItemKey={feedKey}
            defaultItemHeight={ROW_HEIGHT}
            endReached={endReached}
            itemContent={itemContent}
            context={context}
            components={LIST_COMPONENTS}
          />
        )}
      </section>
    </Stack>
  );
}
