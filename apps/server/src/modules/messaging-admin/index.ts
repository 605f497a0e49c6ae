// The front door of messaging-admin: what the composition root may use by name. The automation
// connector's "create user" action is the messaging API's `user/v2/create`, with its rules.
export { createUser } from './service.js';
