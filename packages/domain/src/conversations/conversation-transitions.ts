import { CONVERSATION_STATUS, type ConversationStatus } from '../shared';

// The conversation state machine. SPEC §4 lists the states but no transitions; these are ours,
// described in docs/conversation-states.md.

const S = CONVERSATION_STATUS;

/** States an agent may set by hand: never "initial" (-1) nor "waiting" (7), which routing owns. */
export const AGENT_SETTABLE_STATUSES: readonly ConversationStatus[] = [
  S.OPEN,
  S.PROGRESS,
  S.CLOSED,
  S.SPAM,
  S.DUPLICATE,
  S.ARCHIVE,
  S.UNRESPONDED,
];

export function isAgentSettableStatus(value: number): value is ConversationStatus {
  return (AGENT_SETTABLE_STATUSES as readonly number[]).includes(value);
}

/**
 * A customer writes: a new conversation opens; a resolved one reopens (and gets the Reopen tag);
 * a queued one keeps waiting; spam, duplicate and archived ones stay where the agent put them.
 */
export function afterCustomerMessage(status: number): { status: number; reopened: boolean } {
  if (status === S.INITIAL) return { status: S.OPEN, reopened: false };
  if (status === S.CLOSED) return { status: S.OPEN, reopened: true };
  return { status, reopened: false };
}

/** An agent takes a queued conversation: it leaves the waiting queue and is open. */
export function afterAssignment(status: number): number {
  return status === S.WAITING ? S.OPEN : status;
}

/** Nobody could take a new conversation: it waits in the queue. */
export function afterNoAgentFound(status: number): number {
  return status === S.INITIAL || status === S.OPEN ? S.WAITING : status;
}
