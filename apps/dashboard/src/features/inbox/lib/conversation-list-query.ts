// The inbox list's first query, shared by the list and the boot's prefetch of a cold
// /conversations (app/routing/prefetch-landing.ts): the same filter gives the same key, so the list
// finds its first page already on its way instead of asking once the whole page has rendered.

import { infiniteQueryOptions, type QueryClient } from '@tanstack/react-query';
import { QUERY_ROOTS } from '../../../app/realtime';
import { getSession } from '../../../app/session/session-store';
import { searchConversations } from '../api/inbox-api';
import { CONVERSATION_PAGE_SIZE, type InboxFilter, toSearchRequest } from './inbox-filter';
import { readFilter } from './saved-filter';

export function conversationListQuery(filter: InboxFilter, userName: string) {
  return infiniteQueryOptions({
    queryKey: [QUERY_ROOTS.conversations, 'list', filter],
    queryFn: ({ pageParam, signal }) =>
      searchConversations(
        toSearchRequest(filter, userName, { startIndex: pageParam, pageSize: CONVERSATION_PAGE_SIZE }),
        signal,
      ),
    initialPageParam: 0,
    getNextPageParam: (last) => last.nextStartIndex ?? undefined,
    staleTime: 10_000,
  });
}

/** Asks for the list's first page as the page will: the tab's filter, the signed-in agent. */
export function prefetchInitialList(queryClient: QueryClient): Promise<void> | undefined {
  const session = getSession();
  if (session === null) return undefined;
  return queryClient.prefetchInfiniteQuery(conversationListQuery(readFilter(), session.userName));
}
