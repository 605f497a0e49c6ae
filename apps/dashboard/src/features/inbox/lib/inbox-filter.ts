// The inbox list's filter as the screen holds it, and its translation to the SPEC §3 conversation
// filter of `group/support/search`.

import type { ConversationFilterRequest, ConversationSort } from '@convo/api';
import { UNASSIGNED } from '@convo/api/messaging/constants';
import { CONVERSATION_STATUS } from '@convo/domain';

/** mine: assigned to me; unassigned; all; or a teammate's userId. */
export type AssigneeView = 'mine' | 'unassigned' | 'all' | { teammate: string };

export interface InboxFilter {
  assignee: AssigneeView;
  statuses: number[];
  teamId: string | null;
  tags: string[];
  handledBy: 'bot' | 'human' | null;
  channel: string | null;
  /** Created in this range (epoch ms). */
  from: number | null;
  to: number | null;
  search: string;
  sort: ConversationSort;
}

/** Conversations a page of the inbox list holds. */
export const CONVERSATION_PAGE_SIZE = 30;

/** Conversations an agent works on: new, open, in progress, unresponded, waiting. */
export const ACTIVE_STATUSES: readonly number[] = [
  CONVERSATION_STATUS.INITIAL,
  CONVERSATION_STATUS.OPEN,
  CONVERSATION_STATUS.PROGRESS,
  CONVERSATION_STATUS.UNRESPONDED,
  CONVERSATION_STATUS.WAITING,
];

export const DEFAULT_FILTER: InboxFilter = {
  assignee: 'all',
  statuses: [...ACTIVE_STATUSES],
  teamId: null,
  tags: [],
  handledBy: null,
  channel: null,
  from: null,
  to: null,
  search: '',
  sort: 'newest',
};

export function toSearchRequest(
  filter: InboxFilter,
  me: string,
  page: { startIndex: number; pageSize: number },
): ConversationFilterRequest {
  const assignee =
    filter.assignee === 'mine'
      ? me
      : filter.assignee === 'unassigned'
        ? UNASSIGNED
        : filter.assignee === 'all'
          ? undefined
          : filter.assignee.teammate;
  const search = filter.search.trim();
  const range =
    filter.from !== null || filter.to !== null
      ? {
          searchFilter: {
            ...(filter.from !== null ? { startTime: filter.from } : {}),
            ...(filter.to !== null ? { endTime: filter.to } : {}),
          },
        }
      : {};
  return {
    ...(filter.statuses.length > 0 ? { status: filter.statuses } : {}),
    ...(assignee !== undefined ? { assignee } : {}),
    ...(filter.teamId !== null ? { teamId: filter.teamId } : {}),
    ...(filter.tags.length > 0 ? { tags: filter.tags } : {}),
    ...(filter.handledBy !== null ? { handledBy: filter.handledBy } : {}),
    ...(filter.channel !== null ? { channel: filter.channel } : {}),
    ...(search !== '' ? { content: search } : {}),
    ...range,
    sort: filter.sort,
    startIndex: page.startIndex,
    pageSize: page.pageSize,
  };
}

/** Does a conversation assigned to `assignee` belong in the "assigned to me" view of `me`? */
export function isMine(assignee: string | null, me: string): boolean {
  return assignee !== null && assignee === me;
}

/** The application's defaults (Settings → Conversation preferences) applied to the default filter. */
export function filterWithDefaults(preferences: {
  defaultSort: ConversationSort;
  showResolvedInAll: boolean;
}): InboxFilter {
  return {
    ...DEFAULT_FILTER,
    sort: preferences.defaultSort,
    statuses: preferences.showResolvedInAll
      ? [...ACTIVE_STATUSES, CONVERSATION_STATUS.CLOSED]
      : [...ACTIVE_STATUSES],
  };
}
