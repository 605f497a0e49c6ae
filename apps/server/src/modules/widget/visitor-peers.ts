// `user/v2/detail` for a widget visitor (issue 37): the Kommunicate widget asks for the details of
// the people in its conversation (the assignee, to tell a bot from a person and show whether they
// are online). A visitor may read the team members of their own conversations, by the alias the
// visitor view gave them or by their plain id, and nobody else: other customers, and members of
// conversations that are not theirs, are simply absent (as unknown ids are).
import type { VisitorPeer } from '@convo/api';
import { publicMemberName, toApplozicUserRole, USER_STATUS } from '@convo/domain';
import type { AuthContext } from '../../http/auth.js';
import type { Db } from '../../platform/db/database.js';
import { teamPeersOfParticipant } from '../conversations/index.js';
import { memberAlias, visitorNamingOf } from './visitor-view.js';

export async function visitorPeerDetails(
  db: Db,
  secret: string,
  caller: AuthContext,
  asked: readonly string[],
): Promise<VisitorPeer[]> {
  const wanted = asked.filter((id) => id !== caller.userName);
  if (wanted.length === 0) return [];
  const peers = await teamPeersOfParticipant(db, caller.applicationId, caller.userId);
  if (peers.length === 0) return [];
  const naming = await visitorNamingOf(db, caller.applicationId);
  const byId = new Map<string, (typeof peers)[number]>();
  for (const p of peers) {
    byId.set(p.userId, p);
    byId.set(memberAlias(secret, caller.applicationId, p.userId), p);
  }
  const out: VisitorPeer[] = [];
  for (const id of wanted) {
    const p = byId.get(id);
    if (!p) continue;
    out.push({
      // The id as the widget knows it: it files the answer under this key.
      userId: id,
      userName: id,
      displayName: publicMemberName(p.displayName, naming),
      imageLink: p.imageLink,
      roleType: toApplozicUserRole(p.roleType),
      connected: p.status === USER_STATUS.ONLINE,
      deactivated: p.status === USER_STATUS.EXPIRED || p.status === USER_STATUS.DELETED,
      createdAtTime: p.createdAt.getTime(),
      lastSeenAtTime: p.lastLoggedInAt?.getTime() ?? null,
    });
  }
  return out;
}
