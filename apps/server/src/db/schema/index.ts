// The whole Drizzle schema; drizzle-kit reads this file to generate migrations.
export * from './accounts.js';
