// The front door of messages: what other modules and the composition root may use. The send path
// itself and its event ("messages stored"), the system line, the listing the inbox suggestions read,
// the routes.
export { messageBus } from './events.js';
export { toMessageView } from './message-view.js';
export { listConversationMessages, type MessageRow } from './repository.js';
export { messageRoutes } from './routes.js';
export { listMessages, messageByKey, messageDetails, recordReceipt, sendMessage } from './service.js';
export { socketSender } from './socket-send.js';
export { writeSystemMessage } from './system-message.js';
