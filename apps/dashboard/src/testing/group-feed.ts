import type { GroupFeed } from '@convo/api';
import { CONVERSATION_STATUS } from '@convo/domain';

/** A conversation as the messaging API lists it, open and unassigned, for component tests. */
export function groupFeed(id: number, fields: Partial<GroupFeed> = {}): GroupFeed {
  return {
    id,
    clientGroupId: `c-${id}`,
    name: `#${id}`,
    type: 10,
    adminId: null,
    membersId: [],
    groupUsers: [],
    users: [],
    metadata: {},
    status: CONVERSATION_STATUS.OPEN,
    assignee: null,
    teamId: null,
    tags: [],
    unreadCount: 0,
    createdAtTime: 1,
    updatedAtTime: 1,
    lastMessageAtTime: null,
    lastMessage: null,
    ...fields,
  };
}
