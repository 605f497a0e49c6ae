// The front door of conversations: what other modules and the composition root (app.ts) may use, by name;
// the rest of the module stays private (scripts/check-import-cycles.mjs refuses imports past an
// index.ts). Modules import each other one way only, so re-exporting services and routes closes no circle.

export { startAutoResolve } from './auto-resolve-worker.js';
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
  lastCustomerMessageTimes,
  listReceiptPositions,
  lockConversation,
  lockSendTargets,
  markDelivered,
  markRead,
  removeBotMembers,
  teamPeersOfParticipant,
  teamsOfParticipant,
  updateConversation,
} from './repository.js';
export { conversationRoutes } from './routes.js';
// Assigning and routing a conversation inside the caller's transaction (campaigns: a reply goes to
// the campaign's member or team; the automation connector's "add tag" and "assign conversation"
// actions), and the rules the send path, channels and bots build on.
export {
  assignTo,
  assignWaiting,
  changeAssignee,
  changeStatus,
  changeTags,
  conversationNotFound,
  conversationWith,
  createConversation,
  findVisible,
  type GroupRef,
  type MessagingDeps,
  route,
} from './service.js';
