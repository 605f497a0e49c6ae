// Conversation routing enumerations of SPEC §4.

import { SENDER_TYPE } from '../messaging';

export const ROUTING_STATE = { NOTIFY_EVERYBODY: 0, AUTOMATIC_ASSIGNMENT: 1 } as const;
export type RoutingState = (typeof ROUTING_STATE)[keyof typeof ROUTING_STATE];

/** "Notify everybody" only reaches this many agents. */
export const NOTIFY_EVERYBODY_AGENT_LIMIT = 10;

export const CHANNEL_ROUTING = { AGENT_OR_BOT: 1, TEAM: 2 } as const;
export type ChannelRouting = (typeof CHANNEL_ROUTING)[keyof typeof CHANNEL_ROUTING];

export const FALLBACK_TYPE = { MESSAGE_FORWARDING: 0, UNDELIVERED: 1, UNREAD: 2, UNANSWERED: 3 } as const;
export type FallbackType = (typeof FALLBACK_TYPE)[keyof typeof FALLBACK_TYPE];

export const NOTIFY_VIA = { NONE: -1, MAIL: 0, SMS: 1, BOTH: 2 } as const;
export type NotifyVia = (typeof NOTIFY_VIA)[keyof typeof NOTIFY_VIA];

export function isAutomaticAssignment(routingState: number | null | undefined): boolean {
  return routingState === ROUTING_STATE.AUTOMATIC_ASSIGNMENT;
}

/** Agents notified under "notify everybody": the first ten, in the given order. */
export function agentsToNotify<T>(agents: readonly T[]): T[] {
  return agents.slice(0, NOTIFY_EVERYBODY_AGENT_LIMIT);
}

/**
 * Assign on reply (Chatwoot's behaviour, see docs/decisions.md): a person from the team who
 * answers a conversation nobody is assigned to takes it, so routing never hands it to someone
 * else afterwards. Bots and customers take nothing; an assigned conversation keeps its assignee.
 */
export function assigneeOnReply(
  conversation: { assigneeId: string | null },
  sender: { id: string; senderType: number },
): string | null {
  return conversation.assigneeId === null && sender.senderType === SENDER_TYPE.HUMAN_AGENT ? sender.id : null;
}
