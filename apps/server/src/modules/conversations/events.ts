import type { users } from '../../db/schema/index.js';
import type { Db } from '../../platform/db/database.js';
import { createEventBus } from '../../platform/events/event-bus.js';
import type { EventSink } from '../realtime/index.js';
import type { ConversationRow } from './repository.js';

// What the conversations tell the rest of the server (issue 33), inside the transaction that made
// the change; the modules that react (the "assigned to me" mail, the transcript on resolve, and
// later campaigns and flows) subscribe in app.ts and write with the same transaction handle.

export interface ConversationCreated {
  tx: Db;
  events: EventSink;
  /** The new conversation, before it is routed or assigned. */
  conversation: ConversationRow;
  /** Who created it (a member, or the customer writing in). */
  actorId: string;
}

export interface ConversationAssigned {
  tx: Db;
  events: EventSink;
  /** The conversation as it was before this assignment. */
  conversation: ConversationRow;
  /** The new assignee (a member or a bot's user); undefined when it no longer exists. */
  assignee: typeof users.$inferSelect | undefined;
  /** Who assigned it: null for routing and other automatic rules. */
  actorId: string | null;
  /** Whether a person took the conversation over from a bot. */
  takeOverFromBot: boolean;
}

export interface ConversationResolved {
  tx: Db;
  events: EventSink;
  /** The conversation once resolved. */
  conversation: ConversationRow;
  /** Who resolved it: null for auto-resolve. */
  actorId: string | null;
}

export interface ConversationEvents {
  'conversation.created': ConversationCreated;
  'conversation.assigned': ConversationAssigned;
  'conversation.resolved': ConversationResolved;
}

/** The conversations' events; subscribers are registered by the composition root (app.ts). */
export const conversationBus = createEventBus<ConversationEvents>();
