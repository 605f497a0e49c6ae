import type { MessageLog, MessageLogQuery } from '@convo/api';
import type { AuthContext } from '../../http/auth.js';
import { badRequest } from '../../http/errors.js';
import { requireMember as requirePolicyMember } from '../../http/policy.js';
import { findVisible, type MessagingDeps } from '../conversations/index.js';
import { toMessageView } from '../messages/index.js';
import * as repo from './repository.js';

function requireMember(caller: AuthContext) {
  requirePolicyMember(caller, 'Message logs are for members of the application only.');
}

/**
 * `message/filter` (message logs screen): the application's messages between startTime and
 * endTime (epoch ms, both inclusive, both optional), newest first, optionally of one
 * conversation. Members only; a conversation of another application is not found.
 */
export async function messageLogs(
  deps: Pick<MessagingDeps, 'db'>,
  caller: AuthContext,
  query: MessageLogQuery,
): Promise<{ messages: MessageLog[]; nextStartIndex: number | null }> {
  requireMember(caller);
  if (query.startTime !== undefined && query.endTime !== undefined && query.startTime > query.endTime) {
    throw badRequest('INVALID_PARAMETER', 'startTime must not be after endTime.', [
      { path: 'startTime', message: 'must not be after endTime' },
    ]);
  }
  if (query.groupId !== undefined) await findVisible(deps.db, caller, { groupId: query.groupId });
  const rows = await repo.listMessageLogs(deps.db, caller.applicationId, {
    from: query.startTime !== undefined ? new Date(query.startTime) : undefined,
    to: query.endTime !== undefined ? new Date(query.endTime) : undefined,
    conversationId: query.groupId,
    offset: query.startIndex,
    limit: query.pageSize + 1,
  });
  const messages = rows.slice(0, query.pageSize).map((r) => ({
    ...toMessageView(
      { ...r.message, searchVector: null },
      { id: r.message.conversationId, clientGroupId: r.clientGroupId },
      r.senderUserId,
    ),
    groupName: r.groupName,
  }));
  return {
    messages,
    nextStartIndex: rows.length > query.pageSize ? query.startIndex + query.pageSize : null,
  };
}
