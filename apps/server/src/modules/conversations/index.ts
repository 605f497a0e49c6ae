// The front door of conversations: what other modules may use, by name; the rest of its repository stays private
// (scripts/check-import-cycles.mjs refuses imports past an index.ts). It re-exports repository files and
// small files, never services or routes, so importing it closes no file circle.

export { conversationBus } from './events.js';
export * from './feed.js';
export {
  type ConversationBots,
  conversationBots,
  type SystemMessageWriter,
  systemMessages,
} from './ports.js';
export type { AfterMessages, ConversationRow } from './repository.js';
export {
  addTags,
  applyAfterMessages,
  findActiveTags,
  findConversation,
  findUsersByIds,
  findUsersByUserIds,
  insertTimelineEvent,
  isMember,
  listReceiptPositions,
  lockConversation,
  lockSendTargets,
  markDelivered,
  markRead,
  removeBotMembers,
  updateConversation,
} from './repository.js';
// Assigning and routing a conversation inside the caller's transaction, for modules that react to
// an event by moving a conversation (campaigns: a reply goes to the campaign's member or team).
export { assignTo, assignWaiting, route } from './service.js';
