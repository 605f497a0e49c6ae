import { SENDER_TYPE } from '@convo/domain';
import type { Db } from '../../platform/db/database.js';
import {
  assignTo,
  type ConversationRow,
  insertTimelineEvent,
  route,
  updateConversation,
} from '../conversations/index.js';
import type { EventSink } from '../realtime/index.js';
import { findTeam } from '../teams/index.js';
import * as repo from './repository.js';

// Subscribed to the send path's "messages stored" event (app.ts): a customer's first message on a
// channel after a campaign reached them there, within a week, puts the conversation with the
// campaign's groupAssignee (a member takes it, the bot steps back) or groupAssigneeTeam (moved to
// the team and routed there as usual). Other conversations are untouched; each campaign's reply is
// taken once.

/** How long after a campaign a customer's message still counts as its reply. */
export const CAMPAIGN_REPLY_WINDOW_MS = 7 * 86_400_000;

export interface SendsForCampaignReplies {
  applicationId: string;
  tx: Db;
  events: EventSink;
  now: Date;
  messages: readonly { message: { conversationId: number; senderType: number } }[];
  /** The batch's conversations; a moved conversation's new row is put back. */
  conversations: Map<number, ConversationRow>;
}

/** The spellings of a customer's id a campaign may have sent to ('whatsapp:' and '+' or not). */
function addressesOf(conversation: ConversationRow): string[] | null {
  const prefix = `${conversation.channel}:`;
  if (!conversation.clientGroupId.startsWith(prefix)) return null;
  const id = conversation.clientGroupId.slice(prefix.length);
  const bare = id.replace(/^whatsapp:/, '').replace(/^\+/, '');
  return [...new Set([id, bare, `+${bare}`, `whatsapp:${bare}`, `whatsapp:+${bare}`])];
}

async function moveToTeam(sends: SendsForCampaignReplies, conv: ConversationRow, clientGroupId: string) {
  const team = await findTeam(sends.tx, sends.applicationId, clientGroupId);
  if (!team || conv.teamId === team.id) return conv;
  const moved =
    (await updateConversation(sends.tx, sends.applicationId, conv.id, {
      teamId: team.id,
      assigneeId: null,
      metadata: { ...conv.metadata, KM_TEAM_ID: team.clientGroupId },
    })) ?? conv;
  await insertTimelineEvent(sends.tx, {
    applicationId: sends.applicationId,
    conversationId: conv.id,
    type: 'team',
    actorId: null,
    data: { team: team.clientGroupId, teamName: team.name, campaign: true },
  });
  return route(sends.tx, sends.events, moved);
}

export async function routeCampaignReplies(sends: SendsForCampaignReplies): Promise<void> {
  // The batch's customer messages on channels, one candidate per conversation, looked up at once.
  const candidates = new Map<number, repo.ReplyCandidate>();
  for (const { message } of sends.messages) {
    if (message.senderType !== SENDER_TYPE.USER || candidates.has(message.conversationId)) continue;
    const conv = sends.conversations.get(message.conversationId);
    const addresses = conv && conv.channel !== 'web' ? addressesOf(conv) : null;
    if (conv && addresses)
      candidates.set(conv.id, { conversationId: conv.id, channel: conv.channel, addresses });
  }
  if (candidates.size === 0) return;
  const since = new Date(sends.now.getTime() - CAMPAIGN_REPLY_WINDOW_MS);
  const replies = await repo.takeReplies(sends.tx, sends.applicationId, [...candidates.values()], since);
  for (const reply of replies) {
    const conv = sends.conversations.get(reply.conversationId);
    if (!conv) continue;
    let updated = conv;
    if (reply.groupAssignee) {
      const member = await repo.findMember(sends.tx, sends.applicationId, reply.groupAssignee);
      if (member && conv.assigneeId !== member.id)
        updated = await assignTo(sends.tx, sends.events, conv, member.id, null, true);
    } else if (reply.groupAssigneeTeam) {
      updated = await moveToTeam(sends, conv, reply.groupAssigneeTeam);
    }
    sends.conversations.set(conv.id, updated);
  }
}
