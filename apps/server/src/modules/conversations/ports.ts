import type { Db } from '../../platform/db/database.js';
import { createPort } from '../../platform/events/port.js';
import type { EventSink } from '../realtime/index.js';
import type { ConversationRow } from './repository.js';

// What conversations need back from modules above them (issue 33): the notify line in the message
// list (messages) and the bots that answer a conversation (bots). Both modules import
// conversations, so the composition root (app.ts) provides these at start-up instead.

/** A bot that can take a conversation: its id and its member (user) id. */
export interface ConversationBot {
  botId: string;
  userId: string;
}

export interface ConversationBots {
  /** The enabled bot whose member is `userId`, if any. */
  enabledBotOfMember(db: Db, applicationId: string, userId: string): Promise<ConversationBot | null>;
  /** The first-responder bot of the team (else of the application) for a channel, if enabled. */
  firstResponder(
    db: Db,
    applicationId: string,
    teamId: string | null,
    channel: string,
  ): Promise<ConversationBot | null>;
  /** Records that the bot answers the conversation (again, unpaused). */
  startBotConversation(
    db: Db,
    row: { conversationId: number; applicationId: string; botId: string },
  ): Promise<void>;
}

/** Writes a notify line (SPEC content type 10) into the conversation's messages. */
export type SystemMessageWriter = (
  db: Db,
  events: EventSink,
  conversation: ConversationRow,
  text: string,
  metadata: Record<string, string>,
) => Promise<unknown>;

export const conversationBots = createPort<ConversationBots>('conversations: bots');
export const systemMessages = createPort<SystemMessageWriter>('conversations: system messages');

export const writeSystemMessage: SystemMessageWriter = (...args) => systemMessages.get()(...args);
export const findEnabledBotOfMember: ConversationBots['enabledBotOfMember'] = (...args) =>
  conversationBots.get().enabledBotOfMember(...args);
export const findFirstResponder: ConversationBots['firstResponder'] = (...args) =>
  conversationBots.get().firstResponder(...args);
export const insertBotConversation: ConversationBots['startBotConversation'] = (...args) =>
  conversationBots.get().startBotConversation(...args);
