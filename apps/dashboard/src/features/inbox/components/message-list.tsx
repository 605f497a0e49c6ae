// The conversation's messages, virtualised: only what is on screen is rendered, older pages load
// when the top is reached, and the view follows new messages while it is at the bottom.
// Every prop handed to Virtuoso is stable between renders: a new function or object makes it render
// all its rows again, and it renders on every scroll step.

import type { GroupFeed, Message } from '@convo/api';
import { customerDisplayName, MESSAGE_CONTENT_TYPE, SENDER_TYPE } from '@convo/domain';
import { Center, Loader, Text } from '@mantine/core';
import { memo, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type ListItem, Virtuoso } from 'react-virtuoso';
import { useSession } from '../../../app/session/session-store';
import { SectionLoader } from '../../../components/page-loader';
import { PlainDivider } from '../../../components/plain-divider';
import { useLockedFeature } from '../../billing/components/feature-gate';
import { useTeammates } from '../hooks/use-inbox-data';
import { type MessagesState, markMessagesShown } from '../hooks/use-messages';
import { clockFormat, dayFormat } from '../lib/date-formats';
import { type MessageRow, toRows } from '../lib/message-rows';
import { TranslateAction } from './agent-assist';
import { MessageBubble, type Receipt, useBubbleLabels } from './message-content';
import classes from './message-list.module.css';

// Virtuoso keeps the scroll position when rows are prepended if the first index moves down by as
// many rows; counting back from a large number lets it go on for as long as there are pages.
const START_INDEX = 10_000_000;

// A one-line bubble's height: Virtuoso starts from it instead of rendering a probe row and
// measuring it first (one frame less to open, and no over-rendering when the probe is a day row).
const ROW_HEIGHT = 74;
const VIEWPORT_MARGIN = { top: 400, bottom: 200 };
// Until the list is shown: only the rows on screen (what is above them is rendered just after).
const OPENING_MARGIN = { top: 0, bottom: 0 };
// How long the list keeps itself at the bottom after it is shown, while late rows are measured.
const PINNED_AFTER_SHOWN_MS = 500;

/** Customer messages that can be translated: text (plain or HTML). */
const TRANSLATABLE = new Set<number>([MESSAGE_CONTENT_TYPE.DEFAULT, MESSAGE_CONTENT_TYPE.TEXT_HTML]);

interface ListContext {
  loading: boolean;
  label: string;
}

/** Defined once (not per render): Virtuoso passes the loading state through its context. */
function OlderLoading({ context }: { context?: ListContext }) {
  return context?.loading ? (
    <Center py="xs">
      <Loader size="xs" aria-label={context.label} />
    </Center>
  ) : null;
}

const COMPONENTS = { Header: OlderLoading };
const rowKey = (_: number, row: MessageRow) => row.key;

const DaySeparator = memo(function DaySeparator({ label }: { label: string }) {
  return <PlainDivider label={label} testId="day-separator" />;
});

/** Formats with one formatter, remembering each message's time (rows render again while scrolling). */
function useTimeOf(language: string): (m: Message) => string {
  return useMemo(() => {
    const format = clockFormat(language);
    const known = new WeakMap<Message, string>();
    return (m: Message) => {
      let time = known.get(m);
      if (time === undefined) {
        time = format.format(m.createdAtTime);
        known.set(m, time);
      }
      return time;
    };
  }, [language]);
}

export const MessageList = memo(function MessageList({
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
  const labels = useBubbleLabels();
  // Asked once for every row (each row asking kept a query observer of its own).
  const translatable = useLockedFeature('translation') === null;
  const system = t('message.system');
  // Members who are not teammates are the customer: the name they gave, else their pseudonym.
  const names = useMemo(
    () =>
      new Map([
        ...feed.groupUsers.map((u): [string, string] => [u.userId, customerDisplayName(u)]),
        ...(teammates.data ?? []).map((u): [string, string] => [u.userId, u.displayName || u.userId]),
      ]),
    [feed.groupUsers, teammates.data],
  );
  const { anchorId } = state;
  // The day row just before the anchor belongs to the first page too.
  const firstPageStart = useMemo(() => {
    const anchorIndex = Math.max(
      0,
      rows.findIndex((r) => r.kind === 'message' && r.message.id === anchorId),
    );
    return anchorIndex > 0 && rows[anchorIndex - 1]?.kind === 'day' ? anchorIndex - 1 : anchorIndex;
  }, [rows, anchorId]);
  const days = dayFormat(i18n.language);
  const timeOf = useTimeOf(i18n.language);
  const { readUpTo, deliveredUpTo, hasOlder, loadingOlder } = state;

  const itemContent = useCallback(
    (_: number, row: MessageRow) => {
      if (row.kind === 'day') return <DaySeparator label={days.format(row.dayMs)} />;
      const m = row.message;
      const receipt: Receipt | null =
        m.senderType === SENDER_TYPE.USER
          ? null
          : m.id <= readUpTo
            ? 'read'
            : m.id <= deliveredUpTo
              ? 'delivered'
              : 'sent';
      const bubble = (
        <MessageBubble
          message={m}
          senderName={m.from ? (names.get(m.from) ?? m.from) : system}
          time={timeOf(m)}
          receipt={receipt}
          labels={labels}
        />
      );
      // Agent assist: a customer's text can be translated into the agent's language.
      if (
        !translatable ||
        m.senderType !== SENDER_TYPE.USER ||
        !TRANSLATABLE.has(m.contentType) ||
        m.message.trim() === ''
      )
        return bubble;
      return (
        <div>
          {bubble}
          <TranslateAction groupId={feed.id} messageKey={m.key} />
        </div>
      );
    },
    [days, timeOf, names, system, labels, readUpTo, deliveredUpTo, feed.id, translatable],
  );
  const positioned = useRef(false);
  const startReached = useCallback(() => {
    if (hasOlder && positioned.current) loadOlder();
  }, [hasOlder, loadOlder]);
  const context = useMemo(() => ({ loading: loadingOlder, label: t('loading') }), [loadingOlder, t]);

  // The list opens at its newest message. Virtuoso's own way (initialTopMostItemIndex) renders no row
  // for four animation frames before it scrolls there; instead the list scrolls itself to the bottom
  // as soon as Virtuoso has rendered any rows, and again whenever the measured rows change its height,
  // until the agent scrolls or shortly after it is shown. It stays hidden until the newest row is
  // rendered at the bottom (Virtuoso would wait until no size has changed for 150 ms); reaching the
  // top on the way is not the agent scrolling up (no older page). Until it is shown only the rows on
  // screen are rendered; the margins above and below, the side panel too, come just after.
  const box = useRef<HTMLDivElement>(null);
  const [margin, setMargin] = useState(OPENING_MARGIN);
  const scroller = useRef<HTMLElement | null>(null);
  const pinned = useRef(true);
  const newest = rows[rows.length - 1];
  // The view follows new messages while it is at the bottom, and always the agent's own: a reply
  // sent from a list scrolled up (or pushed up by the reply box growing) is shown, as in any chat.
  const me = useSession()?.userName;
  const newestIsMine = useRef(false);
  newestIsMine.current = newest?.kind === 'message' && me !== undefined && newest.message.from === me;
  const follow = useCallback(
    (atBottom: boolean): 'smooth' | 'auto' | false =>
      atBottom ? 'smooth' : newestIsMine.current ? 'auto' : false,
    [],
  );
  const show = useCallback((groupId: number) => {
    if (positioned.current) return;
    positioned.current = true;
    box.current?.setAttribute('data-positioned', '');
    requestAnimationFrame(() =>
      setTimeout(() => {
        markMessagesShown(groupId);
        setMargin(VIEWPORT_MARGIN);
      }, 0),
    );
    setTimeout(() => {
      pinned.current = false;
    }, PINNED_AFTER_SHOWN_MS);
  }, []);
  const scrollerRef = useCallback((el: HTMLElement | Window | null) => {
    scroller.current = el instanceof HTMLElement ? el : null;
    // The agent's own scrolling (wheel, touch, keys, the scrollbar) ends the pinning at once.
    const unpin = () => {
      pinned.current = false;
    };
    for (const type of ['wheel', 'touchstart', 'keydown', 'pointerdown'])
      scroller.current?.addEventListener(type, unpin, { passive: true, once: true });
  }, []);
  const toBottom = useCallback(() => {
    const el = scroller.current;
    if (!pinned.current || !el) return false;
    if (el.scrollTop + el.clientHeight < el.scrollHeight - 1) el.scrollTop = el.scrollHeight;
    return el.scrollTop + el.clientHeight >= el.scrollHeight - 1;
  }, []);
  const itemsRendered = useCallback(
    (items: ListItem<MessageRow>[]) => {
      if (items.length === 0 || positioned.current) return;
      const atBottom = toBottom() || !pinned.current;
      if (atBottom && items.some((i) => i.data === newest)) show(feed.id);
    },
    [feed.id, newest, show, toBottom],
  );
  // A list with no room to render (a hidden pane) does not hold anything back for long.
  useEffect(() => {
    if (state.loading) return;
    const timer = setTimeout(() => show(feed.id), 1000);
    return () => clearTimeout(timer);
  }, [state.loading, feed.id, show]);

  if (state.loading && rows.length === 0) return <SectionLoader fill label={t('loading')} />;
  if (rows.length === 0)
    return (
      <Center h="100%">
        <Text c="dimmed" size="sm">
          {t('conversation.noMessages')}
        </Text>
      </Center>
    );

  return (
    <div ref={box} className={classes.list} key={feed.id}>
      <Virtuoso
        style={{ height: '100%' }}
        data={rows}
        firstItemIndex={START_INDEX - firstPageStart}
        defaultItemHeight={ROW_HEIGHT}
        computeItemKey={rowKey}
        startReached={startReached}
        followOutput={follow}
        increaseViewportBy={margin}
        context={context}
        components={COMPONENTS}
        itemContent={itemContent}
        itemsRendered={itemsRendered}
        totalListHeightChanged={toBottom}
        scrollerRef={scrollerRef}
        data-testid="message-list"
      />
    </div>
  );
});
