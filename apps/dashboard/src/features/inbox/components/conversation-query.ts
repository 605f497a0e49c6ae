// The open conversation's query (its info), shared by the list (which keeps the open row), the
// pane and the side panel. Apart from the pane, which loads when a conversation is first opened
// (open-conversation.tsx), so the list does not bring the pane's code.

import { type QueryClient, queryOptions, useQuery } from '@tanstack/react-query';
import { isMissingError } from '../../../app/api/api-error';
import { QUERY_ROOTS } from '../../../app/realtime';
import { conversationInfo } from '../api/inbox-api';
import { useTeammates } from '../hooks/use-inbox-data';
import { prefetchNewestMessages } from '../lib/messages-store';

const conversationQuery = (groupId: number) =>
  queryOptions({
    queryKey: [QUERY_ROOTS.conversation, groupId],
    queryFn: ({ signal }) => conversationInfo(groupId, signal),
    retry: (count, error) => count < 1 && !isMissingError(error),
  });

export function useConversation(groupId: number) {
  return useQuery(conversationQuery(groupId));
}

/** The open conversation, if any (the list keeps its row while it is open). */
export function useOpenConversation(groupId: number | null) {
  return useQuery({ ...conversationQuery(groupId ?? 0), enabled: groupId !== null });
}

/**
 * Starts fetching a conversation (its info and newest messages) as soon as the agent picks it, in
 * parallel with rendering the pane rather than after it.
 */
export function prefetchConversation(queryClient: QueryClient, groupId: number): void {
  void queryClient.prefetchQuery(conversationQuery(groupId));
  // The newest messages are asked for now (unless already loaded) into the messages' store; the
  // code that merges them comes with the pane's chunk.
  prefetchNewestMessages(groupId);
  void import('../hooks/use-messages').then((m) => m.preloadMessages(groupId));
}

/** The customer of a conversation: its member who is not a teammate. */
export function useCustomerId(groupId: number): string | null {
  const feed = useConversation(groupId);
  const teammates = useTeammates();
  if (!feed.data || !teammates.data) return null;
  const staff = new Set(teammates.data.map((u) => u.userId));
  return feed.data.membersId.find((id) => !staff.has(id)) ?? null;
}
