import type { TimelineEvent } from '@convo/api';
import { APPLICATION, can, ERROR_CODES, MESSAGES } from '@convo/domain';
import type { AuthContext } from '../../http/auth.js';
import { badRequest } from '../../http/errors.js';
import { findVisible, type MessagingDeps } from '../conversations/index.js';
import * as repo from './repository.js';

/** Timeline rows of notes: seen by the team, never by the customer. */
export const NOTE_EVENT_TYPE = 'note';

/**
 * The conversation id of a path (`group/{id}/events`, `group/{id}/notes`): digits only. A missing
 * one arrives as '', 'undefined' or 'null' from clients and gets the SPEC §5 message.
 */
export function parseGroupIdParam(raw: string | undefined): number {
  const text = raw?.trim() ?? '';
  const id = /^\d{1,16}$/.test(text) ? Number(text) : Number.NaN;
  if (!Number.isSafeInteger(id) || id <= 0) {
    throw badRequest(ERROR_CODES.VALIDATION_ERROR, MESSAGES.groupIdRequired, [
      { path: 'groupId', message: MESSAGES.groupIdRequired },
    ]);
  }
  return id;
}

export interface TimelinePage {
  startIndex: number;
  pageSize: number;
}

/**
 * `group/{id}/events`: what happened in a conversation, oldest first. Members see every row; the
 * conversation's own customer sees it without the notes rows.
 */
export async function conversationTimeline(
  deps: Pick<MessagingDeps, 'db'>,
  caller: AuthContext,
  rawGroupId: string | undefined,
  page: TimelinePage,
): Promise<{ data: TimelineEvent[]; nextStartIndex: number | null }> {
  const groupId = parseGroupIdParam(rawGroupId);
  const conversation = await findVisible(deps.db, caller, { groupId });
  const rows = await repo.listTimeline(deps.db, caller.applicationId, conversation.id, {
    startIndex: page.startIndex,
    limit: page.pageSize + 1,
    // Notes are the team's (their routes are members only): an end user's timeline leaves them out.
    hiddenTypes: can(caller, 'application.work', APPLICATION) ? [] : [NOTE_EVENT_TYPE],
  });
  const data = rows.slice(0, page.pageSize).map((r) => ({
    id: r.id,
    type: r.type,
    actor:
      r.actorUserId !== null
        ? { userId: r.actorUserId, displayName: r.actorDisplayName ?? r.actorUserId }
        : null,
    data: r.data,
    createdAtTime: r.createdAt.getTime(),
  }));
  return { data, nextStartIndex: rows.length > page.pageSize ? page.startIndex + page.pageSize : null };
}
