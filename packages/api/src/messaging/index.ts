export * from './app-modules.js';
export * from './document-preview.js';
export * from './messaging.js';
export * from './messaging-admin.js';
export * from './notes-and-search.js';
export * from './registration.js';
export * from './teams-users-stats.js';
