import type { MessagingUser, VisitorPeer } from '@convo/api';
import { USER_STATUS } from '@convo/domain';
import type { AuthContext } from '../../http/auth.js';
import { AppError, badRequest, conflict, notFound } from '../../http/errors.js';
import { requireMember } from '../../http/policy.js';
import { recordPresence } from '../analytics/index.js';
import { assignWaiting, type MessagingDeps } from '../conversations/index.js';
import { AUDIENCE_MEMBERS, EVENT } from '../realtime/index.js';
import { visitorPeerDetails } from '../widget/index.js';
import * as repo from './repository.js';

// Users of the messaging API. Members (agents, admins…) see the application's users; an end user
// (no role type) only reads their own user and changes their own profile.

const SEARCH_LIMIT = 20;
const METADATA_MAX_KEYS = 100;

const isDisabled = (status: number) => status === USER_STATUS.EXPIRED || status === USER_STATUS.DELETED;

export function toMessagingUser(u: repo.UserRow): MessagingUser {
  return {
    userId: u.userId,
    userName: u.userId,
    displayName: u.displayName,
    email: u.email,
    imageLink: u.imageLink,
    phoneNumber: u.contactNumber,
    roleType: u.roleType,
    roleName: u.roleName,
    status: u.status,
    connected: u.status === USER_STATUS.ONLINE,
    deactivated: isDisabled(u.status),
    metadata: u.metadata,
    createdAtTime: u.createdAt.getTime(),
    lastLoggedInAtTime: u.lastLoggedInAt?.getTime() ?? null,
  };
}

/** `user/list`: members only; all users, some role types, or (`customers`) the end users. */
export async function listUsers(
  deps: MessagingDeps,
  caller: AuthContext,
  query: { roleType?: 'customers' | string[] | undefined; startIndex: number; pageSize: number },
) {
  requireMember(caller);
  const customersOnly = query.roleType === 'customers';
  const { rows, total } = await repo.listUsers(deps.db, caller.applicationId, {
    customersOnly,
    roleTypes: Array.isArray(query.roleType) ? query.roleType : undefined,
    startIndex: query.startIndex,
    pageSize: query.pageSize,
  });
  return {
    users: rows.map(toMessagingUser),
    totalCount: total,
    startIndex: query.startIndex,
    pageSize: query.pageSize,
  };
}

/** `user/search`: members only; display name, userId or e-mail containing `q`, at most 20. */
export async function searchUsers(deps: MessagingDeps, caller: AuthContext, q: string) {
  requireMember(caller);
  const rows = await repo.searchUsers(deps.db, caller.applicationId, q, SEARCH_LIMIT);
  return rows.map(toMessagingUser);
}

/**
 * `user/v2/detail`: the users of the caller's application among the given ids (unknown ids, and
 * another application's, are simply absent). An end user reads themself in full and the team
 * members of their own conversations as a customer may see them (widget/visitor-peers.ts); other
 * customers are absent too.
 */
export async function userDetails(
  deps: MessagingDeps & { secret: string },
  caller: AuthContext,
  userIdList: string[],
): Promise<(MessagingUser | VisitorPeer)[]> {
  const wanted = [...new Set(userIdList)];
  if (caller.roleType === null) {
    const [self, peers] = await Promise.all([
      wanted.includes(caller.userName)
        ? repo.findUserById(deps.db, caller.applicationId, caller.userId)
        : null,
      visitorPeerDetails(deps.db, deps.secret, caller, wanted),
    ]);
    const found = new Map<string, MessagingUser | VisitorPeer>(peers.map((p) => [p.userId, p]));
    if (self) found.set(caller.userName, toMessagingUser(self));
    return wanted.flatMap((id) => found.get(id) ?? []);
  }
  const rows = await repo.findUsersByUserIds(deps.db, caller.applicationId, wanted);
  return wanted
    .map((id) => rows.find((r) => r.userId === id))
    .filter((r): r is repo.UserRow => r !== undefined)
    .map(toMessagingUser);
}

/**
 * `user/update`: the caller's own profile. An admin's `Of-User-Id` has already made the caller the
 * named user (the messaging guard's `actingAs`, accounts/delegation.ts), so delegation needs no rule
 * here. Metadata keys are merged into the stored ones.
 */
export async function updateProfile(deps: MessagingDeps, caller: AuthContext, change: repo.ProfileChange) {
  const targetId = caller.userId;
  return deps.db.transaction(async (tx) => {
    const target = await repo.findUserById(tx, caller.applicationId, targetId);
    if (!target) throw notFound('User not found.');
    if (change.metadata !== undefined) {
      const keys = new Set([...Object.keys(target.metadata), ...Object.keys(change.metadata)]);
      if (keys.size > METADATA_MAX_KEYS) {
        throw badRequest('INVALID_PARAMETER', `A user's metadata holds at most ${METADATA_MAX_KEYS} keys.`);
      }
    }
    if (change.email !== undefined && target.roleType !== null) {
      const other = await repo.findOtherMemberWithEmail(tx, caller.applicationId, change.email, target.id);
      if (other)
        throw conflict('EMAIL_IN_USE', 'Another member of the application uses this e-mail address.');
    }
    const updated = await repo.updateProfile(tx, caller.applicationId, target.id, change);
    if (!updated) throw notFound('User not found.');
    return updated;
  });
}

/**
 * `user/status`: the caller's availability, away (0) or online (1): the user status that routing
 * reads. Members only; a disabled user cannot change it. Everybody in the application hears of it
 * (ephemeral presence event); coming online hands out waiting conversations.
 */
export async function setAvailability(deps: MessagingDeps, caller: AuthContext, status: 0 | 1) {
  requireMember(caller);
  const updated = await deps.db.transaction(async (tx) => {
    const row = await repo.setAvailability(tx, caller.applicationId, caller.userId, status);
    // The teammate login tables: away time runs from here until the member is back.
    if (row) {
      await recordPresence(
        tx,
        caller.applicationId,
        caller.userId,
        status === USER_STATUS.ONLINE ? 'online' : 'away',
      );
    }
    return row;
  });
  if (!updated) {
    const user = await repo.findUserById(deps.db, caller.applicationId, caller.userId);
    if (!user) throw notFound('User not found.');
    throw new AppError(403, 'USER_DISABLED', 'A deactivated user cannot change their status.');
  }
  await deps.realtime.publishEphemeral({
    kind: 'ephemeral',
    appId: caller.applicationId,
    audiences: [AUDIENCE_MEMBERS],
    event: { type: EVENT.PRESENCE, data: { userId: caller.userName, status } },
  });
  const assigned = status === USER_STATUS.ONLINE ? await assignWaiting(deps, caller.applicationId) : 0;
  return { userId: caller.userName, status, assigned };
}
