import type { GroupFeed } from '@convo/api';
import { messagePreview, SERVICE_WINDOW_CHANNELS, serviceWindowAt, USER_STATUS } from '@convo/domain';
import type { Db } from '../../platform/db/database.js';
import * as repo from './repository.js';

// Who receives a conversation's events; realtime's rule, which its hub applies too.
export { audiencesOf } from '../realtime/index.js';

/**
 * The platform's group feed for conversations, with members, tags and team, in three queries;
 * lists (`withPreview`) add a fourth for their last messages, by primary key.
 */
export async function toGroupFeeds(
  db: Db,
  rows: readonly repo.ConversationRow[],
  viewerId: string | null,
  withPreview = false,
): Promise<GroupFeed[]> {
  const ids = rows.map((r) => r.id);
  const teamIds = [...new Set(rows.map((r) => r.teamId).filter((id): id is string => id !== null))];
  const lastIds = withPreview
    ? rows.map((r) => r.lastMessageId).filter((id): id is number => id !== null)
    : [];
  const applicationId = rows[0]?.applicationId ?? '';
  const { members, tags, teams, lastMessages } = await repo.listFeedParts(
    db,
    applicationId,
    ids,
    teamIds,
    lastIds,
  );
  const teamKey = new Map(teams.map((t) => [t.id, t.clientGroupId]));
  const lastOf = new Map(lastMessages.map((m) => [m.id, m]));
  const previewOf = (r: repo.ConversationRow): GroupFeed['lastMessage'] => {
    const last = r.lastMessageId !== null ? lastOf.get(r.lastMessageId) : undefined;
    const preview = last ? messagePreview(last) : null;
    return last && preview !== null
      ? { preview, contentType: last.contentType, senderType: last.senderType }
      : null;
  };
  return rows.map((r) => {
    const own = members.filter((m) => m.conversationId === r.id);
    const assignee = own.find((m) => m.id === r.assigneeId);
    const admin = own.find((m) => m.role === '1') ?? own[0];
    return {
      id: r.id,
      clientGroupId: r.clientGroupId,
      name: r.name,
      type: r.type,
      adminId: admin?.userId ?? null,
      membersId: own.map((m) => m.userId),
      groupUsers: own.map((m) => ({ userId: m.userId, role: m.role, displayName: m.displayName })),
      users: own.map((m) => ({
        id: m.id,
        userId: m.userId,
        displayName: m.displayName,
        connected: m.status === USER_STATUS.ONLINE,
        createdAtTime: m.createdAt.getTime(),
        unreadCount: m.unreadCount,
        deactivated: m.status === USER_STATUS.EXPIRED || m.status === USER_STATUS.DELETED,
      })),
      metadata: {
        ...r.metadata,
        CONVERSATION_STATUS: r.status,
        ...(assignee ? { CONVERSATION_ASSIGNEE: assignee.userId } : {}),
        ...(r.source ? { source: r.source } : {}),
      },
      status: r.status,
      assignee: assignee?.userId ?? null,
      // The team as the team API and KM_TEAM_ID name it: its client group id.
      teamId: r.teamId ? (teamKey.get(r.teamId) ?? null) : null,
      tags: tags.filter((t) => t.conversationId === r.id).map((t) => ({ id: t.id, name: t.name })),
      unreadCount: own.find((m) => m.id === viewerId)?.unreadCount ?? 0,
      createdAtTime: r.createdAt.getTime(),
      updatedAtTime: r.updatedAt.getTime(),
      lastMessageAtTime: r.lastMessageAt?.getTime() ?? null,
      // A messaging channel's conversation (telegram…); the widget's (web) leaves it out.
      ...(r.channel !== 'web' ? { channel: r.channel } : {}),
      // Channels with a 24-hour customer-service window: when free text stops being allowed.
      ...(SERVICE_WINDOW_CHANNELS.has(r.channel)
        ? {
            serviceWindowClosesAt:
              serviceWindowAt(r.lastCustomerMessageAt, new Date()).closesAt?.getTime() ?? null,
          }
        : {}),
      ...(withPreview ? { lastMessage: previewOf(r) } : {}),
    };
  });
}
