// @convo/domain/conversations: the conversation state machine, routing, response times, inbox rules
// and custom routing rows. Other contexts import this one only through this file.

export * from './conversation-transitions';
export * from './custom-routing';
export * from './inbox';
export * from './response-times';
export * from './routing';
