// The whole Drizzle schema; drizzle-kit reads this file to generate migrations.
export * from './accounts.js';
export * from './integrations.js';
export * from './messaging.js';
