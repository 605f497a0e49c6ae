// @convo/api/messaging: the messaging API (/rest/ws/...): conversations (groups) and messages,
// registration, users, teams and statistics, notes, conversation lists and message logs, app
// modules, the rest of SPEC §7's messaging calls, document preview links. Other contexts import
// this one only through this file or constants.ts.

export * from './app-modules.js';
export * from './constants.js';
export * from './document-preview.js';
export * from './messaging.js';
export * from './messaging-admin.js';
export * from './notes-and-search.js';
export * from './registration.js';
export * from './teams-users-stats.js';
