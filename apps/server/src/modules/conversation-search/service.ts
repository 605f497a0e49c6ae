import { type ConversationFilter, type ConversationPage, UNASSIGNED } from '@convo/api';
import { CONVERSATION_STATUS, can } from '@convo/domain';
import type { AuthContext } from '../../http/auth.js';
import { badRequest } from '../../http/errors.js';
import { requireMember } from '../../http/policy.js';
import type { ConversationRow, MessagingDeps } from '../conversations/index.js';
import { toGroupFeeds } from '../conversations/index.js';
import { chooseContentPlan } from './content-plan.js';
import * as repo from './repository.js';
import { chooseTagPlan } from './tag-plan.js';

type ReadDeps = Pick<MessagingDeps, 'db'>;

export interface PageInput {
  startIndex: number;
  pageSize: number;
}

/** Turns one more row than the page into the page and where the next one starts. */
async function toPage(
  deps: ReadDeps,
  caller: AuthContext,
  rows: ConversationRow[],
  page: PageInput,
): Promise<ConversationPage> {
  const shown = rows.slice(0, page.pageSize);
  return {
    groupFeeds: await toGroupFeeds(deps.db, shown, caller.userId, true),
    nextStartIndex: rows.length > page.pageSize ? page.startIndex + page.pageSize : null,
  };
}

const blankToUndefined = (text: string | undefined) => (text === undefined || text === '' ? undefined : text);

/**
 * `group/support/search`: the SPEC §3 conversation filter. All given criteria must hold; within
 * `status` and `tags` any value matches. Members only. No total: counting every match would cost
 * as much as the search itself.
 */
export async function searchConversations(
  deps: ReadDeps,
  caller: AuthContext,
  filter: ConversationFilter,
): Promise<ConversationPage> {
  requireMember(caller);
  const range = filter.searchFilter;
  if (range?.startTime !== undefined && range.endTime !== undefined && range.startTime > range.endTime) {
    throw badRequest('INVALID_PARAMETER', 'searchFilter.startTime must not be after searchFilter.endTime.', [
      { path: 'searchFilter.startTime', message: 'must not be after endTime' },
    ]);
  }
  const assignee = blankToUndefined(filter.assignee);
  const content = blankToUndefined(filter.content);
  const rows = await repo.findConversationPage(deps.db, caller.applicationId, {
    statuses: filter.status,
    tagNames: filter.tags,
    tagPlan:
      filter.tags && filter.tags.length > 0
        ? chooseTagPlan(deps.db, caller.applicationId, filter.tags, filter.startIndex + filter.pageSize + 1)
        : undefined,
    assignee:
      assignee === undefined ? undefined : assignee === UNASSIGNED ? UNASSIGNED : { userId: assignee },
    teamClientGroupId: blankToUndefined(filter.teamId),
    customerUserId: filter.customer,
    channel: filter.channel,
    botActive: filter.handledBy === undefined ? undefined : filter.handledBy === 'bot',
    content,
    contentPlan: content === undefined ? undefined : chooseContentPlan(deps.db, content),
    attributes: filter.attributeFilter
      ? Object.fromEntries(Object.entries(filter.attributeFilter).map(([k, v]) => [k, String(v)]))
      : undefined,
    createdFrom: range?.startTime !== undefined ? new Date(range.startTime) : undefined,
    createdTo: range?.endTime !== undefined ? new Date(range.endTime) : undefined,
    knownCustomer: range?.knownuser,
    sort: filter.sort,
    offset: filter.startIndex,
    limit: filter.pageSize + 1,
  });
  return toPage(deps, caller, rows, filter);
}

/** `group/waiting/list`: the waiting queue, longest waiting first, with its size. Members only. */
export async function waitingList(deps: ReadDeps, caller: AuthContext, page: PageInput) {
  requireMember(caller);
  const statuses = [CONVERSATION_STATUS.WAITING];
  const [rows, total] = await Promise.all([
    repo.findConversationPage(deps.db, caller.applicationId, {
      statuses,
      sort: 'waiting',
      offset: page.startIndex,
      limit: page.pageSize + 1,
    }),
    repo.countByStatus(deps.db, caller.applicationId, statuses),
  ]);
  return { ...(await toPage(deps, caller, rows, page)), total };
}

/**
 * `group/v2/list`: the caller's conversations, latest activity first. Members see every
 * conversation of the application; an end user only the ones they belong to.
 */
export async function conversationList(
  deps: ReadDeps,
  caller: AuthContext,
  input: PageInput & { status?: number[] | undefined; type?: number | undefined },
): Promise<ConversationPage> {
  const rows = await repo.findConversationPage(deps.db, caller.applicationId, {
    statuses: input.status,
    type: input.type,
    // Members see every conversation; an end user only those they take part in.
    memberUserId: can(caller, 'conversation.see', { participant: false }) ? undefined : caller.userId,
    sort: 'newest',
    offset: input.startIndex,
    limit: input.pageSize + 1,
  });
  return toPage(deps, caller, rows, input);
}
