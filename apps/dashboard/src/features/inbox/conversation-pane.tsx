// The middle pane: header actions, messages, who is typing, the composer. A conversation that
// does not exist (or belongs to another application) shows a not-found state.

import { isAllowed, pseudonymOf } from '@convo/domain';
import { Box, Button, Center, Loader, Stack, Text } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { forwardRef, type ReactNode, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../app/api/api-error';
import { QUERY_ROOTS, sendRealtimeFrame, useRealtimeEvent } from '../../app/realtime';
import { useRequiredSession } from '../../app/session/use-required-session';
import { Composer, type ComposerHandle } from './composer';
import { ConversationHeader } from './conversation-header';
import { conversationInfo } from './inbox-api';
import { MessageList } from './message-list';
import { useTeammates } from './use-inbox-data';
import { useMessages } from './use-messages';
import { useTypingPeople } from './use-typing';

export function useConversation(groupId: number) {
  return useQuery({
    queryKey: [QUERY_ROOTS.conversation, groupId],
    queryFn: ({ signal }) => conversationInfo(groupId, signal),
    retry: (count, error) => count < 1 && !(isApiError(error) && error.status < 500),
  });
}

/** The customer of a conversation: its member who is not a teammate. */
export function useCustomerId(groupId: number): string | null {
  const feed = useConversation(groupId);
  const teammates = useTeammates();
  if (!feed.data || !teammates.data) return null;
  const staff = new Set(teammates.data.map((u) => u.userId));
  return feed.data.membersId.find((id) => !staff.has(id)) ?? null;
}

export function ConversationNotFound({ onBack }: { onBack: () => void }) {
  const { t } = useTranslation('inbox');
  return (
    <Center h="100%" p="md">
      <Stack align="center" gap="xs" data-testid="conversation-not-found">
        <Text fw={600}>{t('conversation.notFound')}</Text>
        <Text size="sm" c="dimmed" ta="center">
          {t('conversation.notFoundHelp')}
        </Text>
        <Button variant="light" size="xs" onClick={onBack}>
          {t('conversation.backToList')}
        </Button>
      </Stack>
    </Center>
  );
}

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

  // My own read receipt came back: my unread counts in the lists are now stale.
  const queryClient = useQueryClient();
  useRealtimeEvent('message.read', (event) => {
    if (event.data.userId === session.userName && event.data.groupId === groupId)
      void queryClient.invalidateQueries({ queryKey: [QUERY_ROOTS.conversations] });
  });

  // The agent has seen the newest message: tell the server (unread count back to zero, receipts).
  const newest = messages.messages[messages.messages.length - 1];
  useEffect(() => {
    if (!newest || newest.id <= lastRead.current || document.visibilityState !== 'visible') return;
    if (sendRealtimeFrame({ type: 'read', groupId, messageId: newest.id })) lastRead.current = newest.id;
  }, [newest, groupId]);

  if (feed.isPending)
    return (
      <Center h="100%">
        <Loader size="sm" aria-label={t('loading')} />
      </Center>
    );
  if (feed.isError || messages.notFound) {
    const missing = messages.notFound || (isApiError(feed.error) && feed.error.status < 500);
    return missing ? (
      <ConversationNotFound onBack={onBack} />
    ) : (
      <Center h="100%">
        <Button variant="light" onClick={() => void feed.refetch()}>
          {t('retry')}
        </Button>
      </Center>
    );
  }
  const data = feed.data;
  const names = new Map(data.groupUsers.map((u) => [u.userId, u.displayName]));
  const customerName = customerId ? names.get(customerId) || pseudonymOf(customerId) : '';
  const title = data.name || customerName || t('conversation.untitled', { id: data.id });
  const typingNames = typing.map((id) => names.get(id) || (id === customerId ? customerName : id));

  return (
    <Stack gap={0} h="100%" style={{ minWidth: 0 }}>
      <ConversationHeader feed={data} title={title} onBack={onBack} extra={headerExtra} />
      <Box style={{ flex: 1, minHeight: 0 }}>
        <MessageList feed={data} state={messages} loadOlder={messages.loadOlder} />
      </Box>
      <Text size="xs" c="dimmed" px="sm" h={18} aria-live="polite" data-testid="typing-indicator">
        {typingNames.length > 0 ? t('conversation.typing', { names: typingNames.join(', ') }) : ''}
      </Text>
      <Box p="xs">
        <Composer ref={composerRef} groupId={groupId} canNote={canNote} />
      </Box>
    </Stack>
  );
});
