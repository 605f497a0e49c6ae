// The conversation's messages, virtualised: only what is on screen is rendered, older pages load
// when the top is reached, and the view follows new messages while it is at the bottom.

import type { GroupFeed } from '@convo/api';
import { SENDER_TYPE } from '@convo/domain';
import { Center, Divider, Loader, Text } from '@mantine/core';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Virtuoso } from 'react-virtuoso';
import { MessageBubble } from './message-content';
import { type MessageRow, toRows } from './message-rows';
import { useTeammates } from './use-inbox-data';
import type { MessagesState } from './use-messages';

// Virtuoso keeps the scroll position when rows are prepended if the first index moves down by as
// many rows; counting back from a large number lets it go on for as long as there are pages.
const START_INDEX = 10_000_000;

/** Defined once (not per render): Virtuoso passes the loading state through its context. */
function OlderLoading({ context }: { context?: { loading: boolean; label: string } }) {
  return context?.loading ? (
    <Center py="xs">
      <Loader size="xs" aria-label={context.label} />
    </Center>
  ) : null;
}

export function MessageList({
  feed,
  state,
  loadOlder,
}: {
  feed: GroupFeed;
  state: MessagesState;
  loadOlder: () => void;
}) {
  const { t, i18n } = useTranslation('inbox');
  const rows = useMemo(() => toRows(state.messages), [state.messages]);
  const teammates = useTeammates();
  const names = useMemo(
    () =>
      new Map([
        ...feed.groupUsers.map((u): [string, string] => [u.userId, u.displayName || u.userId]),
        ...(teammates.data ?? []).map((u): [string, string] => [u.userId, u.displayName || u.userId]),
      ]),
    [feed.groupUsers, teammates.data],
  );
  const anchorIndex = Math.max(
    0,
    rows.findIndex((r) => r.kind === 'message' && r.message.id === state.anchorId),
  );
  // The day row just before the anchor belongs to the first page too.
  const firstPageStart =
    anchorIndex > 0 && rows[anchorIndex - 1]?.kind === 'day' ? anchorIndex - 1 : anchorIndex;
  const dayFormat = useMemo(
    () =>
      new Intl.DateTimeFormat(i18n.language, {
        weekday: 'long',
        day: 'numeric',
        month: 'long',
        year: 'numeric',
      }),
    [i18n.language],
  );
  const timeFormat = useMemo(
    () => new Intl.DateTimeFormat(i18n.language, { hour: '2-digit', minute: '2-digit' }),
    [i18n.language],
  );

  if (state.loading && rows.length === 0)
    return (
      <Center h="100%">
        <Loader size="sm" aria-label={t('loading')} />
      </Center>
    );
  if (rows.length === 0)
    return (
      <Center h="100%">
        <Text c="dimmed" size="sm">
          {t('conversation.noMessages')}
        </Text>
      </Center>
    );

  const render = (row: MessageRow) => {
    if (row.kind === 'day')
      return (
        <Divider
          my="xs"
          label={dayFormat.format(row.dayMs)}
          labelPosition="center"
          data-testid="day-separator"
        />
      );
    const m = row.message;
    const fromAgentSide = m.senderType !== SENDER_TYPE.USER;
    const receipt = !fromAgentSide
      ? null
      : m.id <= state.readUpTo
        ? 'read'
        : m.id <= state.deliveredUpTo
          ? 'delivered'
          : 'sent';
    return (
      <MessageBubble
        message={m}
        senderName={m.from ? (names.get(m.from) ?? m.from) : t('message.system')}
        time={timeFormat.format(m.createdAtTime)}
        receipt={receipt}
      />
    );
  };

  return (
    <Virtuoso
      key={feed.id}
      style={{ height: '100%' }}
      data={rows}
      firstItemIndex={START_INDEX - firstPageStart}
      initialTopMostItemIndex={rows.length - 1}
      computeItemKey={(_, row) => row.key}
      startReached={() => {
        if (state.hasOlder) loadOlder();
      }}
      followOutput={(atBottom) => (atBottom ? 'smooth' : false)}
      increaseViewportBy={{ top: 400, bottom: 200 }}
      context={{ loading: state.loadingOlder, label: t('loading') }}
      components={{ Header: OlderLoading }}
      itemContent={(_, row) => render(row)}
      data-testid="message-list"
    />
  );
}
