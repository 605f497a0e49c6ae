// The front door of messages: what other modules may use. The send path's event ("messages
// stored") and the listing the inbox suggestions read.
export { messageBus } from './events.js';
export { listConversationMessages, type MessageRow } from './repository.js';
export { listMessages } from './service.js';
export { writeSystemMessage } from './system-message.js';
