export * from './accounts.js';
export * from './errors.js';
export * from './messaging.js';
export * from './notes-and-search.js';
export * from './query-params.js';
export * from './registration.js';
export * from './teams-users-stats.js';
export * from './webhooks.js';
