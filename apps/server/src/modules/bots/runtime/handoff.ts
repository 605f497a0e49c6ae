import type { HandoffReason } from '@convo/domain';
import type { Db } from '../../../platform/db/database.js';
import { findAppSettings } from '../../accounts/index.js';
import * as conversations from '../../conversations/index.js';
import { assignTo, route } from '../../conversations/index.js';
import { writeSystemMessage } from '../../messages/index.js';
import type { EventSink } from '../../realtime/index.js';
import { findTeam } from '../../teams/index.js';
import type { BotRow } from '../repository.js';
import { recordHandoff } from './repository.js';

const REASON_TEXT: Record<HandoffReason, string> = {
  'customer-request': 'the customer asked for a person',
  'repeated-fallback': 'it could not answer',
  tool: 'it asked for a person',
};

const str = (v: unknown): string | undefined => (typeof v === 'string' && v.trim() ? v.trim() : undefined);

/**
 * The bot gives the conversation to people: it stops answering there (botActive false, paused),
 * a system line says why, and the conversation goes by the routing rules — KM_ASSIGN_TO (an
 * agent) or KM_ASSIGN_TEAM (a team) from the conversation's metadata or the bot's settings first,
 * else the application's routing (round robin, waiting queue, or notify everybody).
 */
export async function handOffToHuman(
  tx: Db,
  events: EventSink,
  conv: conversations.ConversationRow,
  bot: BotRow,
  reason: HandoffReason,
  /** The agent (user id) or team (wire id) the engine named (an external engine's KM_ASSIGN_TO / KM_ASSIGN_TEAM). */
  target?: { assignTo?: string | undefined; assignTeam?: string | undefined },
): Promise<conversations.ConversationRow> {
  const applicationId = conv.applicationId;
  await recordHandoff(tx, { conversationId: conv.id, applicationId, botId: bot.id, reason });
  let next =
    (await conversations.updateConversation(tx, applicationId, conv.id, {
      botActive: false,
      ...(conv.assigneeId === bot.userId ? { assigneeId: null } : {}),
    })) ?? conv;
  const settings = await findAppSettings(tx, applicationId);
  if (settings?.removeBotOnAgentHandOff) await conversations.removeBotMembers(tx, conv.id);
  await writeSystemMessage(
    tx,
    events,
    next,
    `${bot.name} handed the conversation to a teammate: ${REASON_TEXT[reason]}`,
    {
      KM_BOT_HANDOFF: reason,
    },
  );

  const agentKey =
    str(target?.assignTo) ?? str(conv.metadata.KM_ASSIGN_TO) ?? str(bot.settings.handoffAssignTo);
  if (agentKey) {
    const [agent] = await conversations.findUsersByUserIds(tx, applicationId, [agentKey]);
    if (
      agent &&
      agent.roleType !== null &&
      agent.roleType !== '3' &&
      agent.status !== 2 &&
      agent.status !== 3
    ) {
      return assignTo(tx, events, next, agent.id, null, true);
    }
  }
  const teamKey =
    str(target?.assignTeam) ?? str(conv.metadata.KM_ASSIGN_TEAM) ?? str(bot.settings.handoffTeam);
  if (teamKey) {
    const team = await findTeam(tx, applicationId, teamKey);
    if (team && team.id !== next.teamId) {
      next =
        (await conversations.updateConversation(tx, applicationId, conv.id, {
          teamId: team.id,
          metadata: { ...next.metadata, KM_TEAM_ID: team.clientGroupId },
        })) ?? next;
      await writeSystemMessage(tx, events, next, `Assigned to team ${team.name}`, {
        KM_ASSIGN_TEAM: team.clientGroupId,
      });
    }
  }
  return route(tx, events, next);
}
