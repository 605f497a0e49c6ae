// The middle pane: header actions, messages, who is typing, the composer. A conversation that
// does not exist (or belongs to another application) shows a not-found state.

import type { ConversationPage } from '@convo/api';
import { customerDisplayName, isAllowed, SENDER_TYPE } from '@convo/domain';
import { Box, Stack, Text } from '@mantine/core';
import { type InfiniteData, type QueryClient, useQueryClient } from '@tanstack/react-query';
import { forwardRef, memo, type ReactNode, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { isMissingError } from '../../../app/api/api-error';
import { QUERY_ROOTS, sendRealtimeFrame, useRealtimeEvent } from '../../../app/realtime';
import { useRequiredSession } from '../../../app/session/use-required-session';
import { SectionLoader } from '../../../components/page-loader';
import { useMessages, useMessagesShown } from '../hooks/use-messages';
import { useTypingPeople } from '../hooks/use-typing';
import { ConversationSummary } from './agent-assist';
import { CenteredNotice } from './centered-notice';
import type { ComposerHandle } from './composer';
import { DeferredComposer } from './composer-shell';
import { ConversationHeader } from './conversation-header';
import { ConversationNotFound } from './conversation-not-found';
import { useConversation, useCustomerId } from './conversation-query';
import { MessageList } from './message-list';

type ConversationsData = ConversationPage | InfiniteData<ConversationPage>;
const isInfinite = (data: ConversationsData): data is InfiniteData<ConversationPage> =>
  Array.isArray((data as Partial<InfiniteData<ConversationPage>>).pages);

function withoutUnread(page: ConversationPage, groupId: number): ConversationPage {
  if (!page.groupFeeds.some((f) => f.id === groupId && f.unreadCount !== 0)) return page;
  return {
    ...page,
    groupFeeds: page.groupFeeds.map((f) => (f.id === groupId ? { ...f, unreadCount: 0 } : f)),
  };
}

/**
 * My read receipt reached the server: the conversation has no unread message for me any more. The
 * cached lists are corrected in place rather than searched again (three searches on every open).
 */
function clearUnread(queryClient: QueryClient, groupId: number) {
  queryClient.setQueriesData<ConversationsData>({ queryKey: [QUERY_ROOTS.conversations] }, (data) => {
    if (!data || typeof data !== 'object') return data;
    if (isInfinite(data)) {
      const pages = data.pages.map((p) => withoutUnread(p, groupId));
      return pages.every((p, i) => p === data.pages[i]) ? data : { ...data, pages };
    }
    const page: ConversationPage = data;
    return Array.isArray(page.groupFeeds) ? withoutUnread(page, groupId) : page;
  });
}

// Every page of messages re-renders the pane: the header's selects and the composer's autosized
// textarea (which measures itself) only re-render when their own props change.
const Header = memo(ConversationHeader);
const MemoComposer = memo(DeferredComposer);

export const ConversationPane = forwardRef<
  ComposerHandle,
  { groupId: number; onBack: () => void; headerExtra?: ReactNode }
>(function ConversationPane({ groupId, onBack, headerExtra }, composerRef) {
  const { t } = useTranslation('inbox');
  const session = useRequiredSession();
  const feed = useConversation(groupId);
  const customerId = useCustomerId(groupId);
  const messages = useMessages(groupId, customerId);
  const typing = useTypingPeople(groupId, session.userName);
  const lastRead = useRef(0);
  const canNote = isAllowed(
    'conversation-notes',
    session.roleType,
    session.appSettings.companySetting,
    session.product,
  );

  // My own read receipt came back: my unread counts in the lists are now zero for this conversation.
  const queryClient = useQueryClient();
  useRealtimeEvent('message.read', (event) => {
    if (event.data.userId === session.userName && event.data.groupId === groupId)
      clearUnread(queryClient, groupId);
  });

  // The agent has seen the newest message: tell the server (unread count back to zero, receipts).
  // Once the messages are on screen: seen is what it means, and the echo of the receipt (the lists'
  // unread counts corrected) then does not delay drawing them.
  const newest = messages.state.messages[messages.state.messages.length - 1];
  const lastCustomerMessageId = newestCustomerMessageId(messages.state.messages);
  const shown = useMessagesShown(groupId);
  useEffect(() => {
    if (!shown || !newest || newest.id <= lastRead.current || document.visibilityState !== 'visible') return;
    if (sendRealtimeFrame({ type: 'read', groupId, messageId: newest.id })) lastRead.current = newest.id;
  }, [shown, newest, groupId]);

  if (feed.isPending) return <SectionLoader fill label={t('loading')} />;
  // A failed refetch keeps the conversation on screen (the offline banner says why); only the
  // server's own "not there" answer is "not found", never a network failure.
  if (messages.state.notFound || (feed.isError && isMissingError(feed.error)))
    return <ConversationNotFound onBack={onBack} />;
  if (feed.data === undefined)
    return (
      <CenteredNotice
        testId="conversation-unreachable"
        title={t('conversation.unreachable')}
        help={t('conversation.unreachableHelp')}
        action={t('retry')}
        onAction={() => void feed.refetch()}
      />
    );
  const data = feed.data;
  const names = new Map(data.groupUsers.map((u) => [u.userId, u.displayName]));
  const customerName = customerId
    ? customerDisplayName({ userId: customerId, displayName: names.get(customerId) })
    : '';
  const title = data.name || customerName || t('conversation.untitled', { id: data.id });
  const typingNames = typing.map((id) => (id === customerId ? customerName : names.get(id) || id));

  return (
    <Stack gap={0} h="100%" style={{ minWidth: 0 }}>
      <Header feed={data} title={title} onBack={onBack} extra={headerExtra} />
      <ConversationSummary groupId={groupId} />
      <Box style={{ flex: 1, minHeight: 0 }}>
        <MessageList feed={data} state={messages.state} loadOlder={messages.loadOlder} />
      </Box>
      <Text size="xs" c="dimmed" px="sm" h={18} aria-live="polite" data-testid="typing-indicator">
        {typingNames.length > 0 ? t('conversation.typing', { names: typingNames.join(', ') }) : ''}
      </Text>
      <Box p="xs">
        <MemoComposer
          ref={composerRef}
          groupId={groupId}
          canNote={canNote}
          channel={data.channel}
          serviceWindowClosesAt={data.serviceWindowClosesAt}
          lastCustomerMessageId={lastCustomerMessageId}
        />
      </Box>
    </Stack>
  );
});

/** The id of the customer's newest stored message (what the suggested replies answer), or null. */
function newestCustomerMessageId(list: readonly { id: number; senderType: number }[]): number | null {
  for (let i = list.length - 1; i >= 0; i--) {
    const m = list[i];
    if (m && m.senderType === SENDER_TYPE.USER && m.id > 0) return m.id;
  }
  return null;
}
