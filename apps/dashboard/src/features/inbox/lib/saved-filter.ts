// The agent's own filter of this tab, and the list's first call as a cold /conversations sends
// it at boot (app/routing/prefetch-landing.ts). Without zod: the boot chunk imports this.

import { CONVERSATION_PATHS } from '@convo/api/messaging/constants';
import { requestEarly } from '../../../app/api/api-client';
import { getSession } from '../../../app/session/session-store';
import { CONVERSATION_PAGE_SIZE, DEFAULT_FILTER, type InboxFilter, toSearchRequest } from './inbox-filter';

/** Where the tab keeps the agent's own filter (cleared with the tab). */
const FILTER_KEY = 'convo.inbox.filter';

/** The agent's own filter of this tab, else the default one. */
export function readFilter(): InboxFilter {
  try {
    const raw = window.sessionStorage.getItem(FILTER_KEY);
    return raw ? { ...DEFAULT_FILTER, ...(JSON.parse(raw) as Partial<InboxFilter>) } : DEFAULT_FILTER;
  } catch {
    return DEFAULT_FILTER;
  }
}

/** Keeps the filter the agent picked for this tab's next loads. */
export function saveFilter(filter: InboxFilter): void {
  try {
    window.sessionStorage.setItem(FILTER_KEY, JSON.stringify(filter));
  } catch {
    // The filter simply is not kept across reloads.
  }
}

export function hasSavedFilter(): boolean {
  try {
    return window.sessionStorage.getItem(FILTER_KEY) !== null;
  } catch {
    return false;
  }
}

/** The conversation search's call (searchConversations sends its body this way). */
export const SEARCH_CALL = {
  path: CONVERSATION_PATHS.supportSearch,
  family: 'messaging',
  method: 'POST',
} as const;

/**
 * Sends the list's first page's search now, as the list will send it (the tab's filter, the
 * signed-in agent): the list's own call takes this answer (api-client's requestEarly).
 */
export function requestFirstListPage(): void {
  const session = getSession();
  if (session === null) return;
  const body = toSearchRequest(readFilter(), session.userName, {
    startIndex: 0,
    pageSize: CONVERSATION_PAGE_SIZE,
  });
  requestEarly(SEARCH_CALL.path, { family: SEARCH_CALL.family, method: SEARCH_CALL.method, body });
}
