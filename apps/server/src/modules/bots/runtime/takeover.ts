import type { Db } from '../../../platform/db/database.js';
import { findAppSettings } from '../../accounts/index.js';
import * as conversations from '../../conversations/index.js';
import { assignTo } from '../../conversations/index.js';
import type { EventSink } from '../../realtime/index.js';
import { pauseBotAfterHumanReply } from './enqueue.js';
import { findConversationBot } from './repository.js';

/**
 * A person replied in a conversation a bot was answering: the bot pauses there and, when the bot
 * (or nobody) had it, the person takes it over (removeBotOnAgentHandOff removes the bot member).
 */
export async function takeOverFromBot(
  tx: Db,
  events: EventSink,
  conv: conversations.ConversationRow,
  agentId: string,
): Promise<conversations.ConversationRow> {
  await pauseBotAfterHumanReply(tx, conv.applicationId, conv.id);
  const bot = conv.assigneeId
    ? await findConversationBot(tx, conv.applicationId, conv.id, conv.assigneeId)
    : undefined;
  const botHadIt = conv.assigneeId === null || bot?.userId === conv.assigneeId;
  const updated =
    botHadIt && conv.assigneeId !== agentId
      ? await assignTo(tx, events, conv, agentId, agentId, true)
      : ((await conversations.updateConversation(tx, conv.applicationId, conv.id, { botActive: false })) ??
        conv);
  const settings = await findAppSettings(tx, conv.applicationId);
  if (settings?.removeBotOnAgentHandOff) await conversations.removeBotMembers(tx, conv.id);
  return updated;
}
