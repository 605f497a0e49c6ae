// The whole Drizzle schema; drizzle-kit reads this file to generate migrations.
export * from './accounts.js';
export * from './analytics.js';
export * from './billing.js';
export * from './bots.js';
export * from './channels.js';
export * from './customer-attributes.js';
export * from './email.js';
export * from './email-fallback.js';
export * from './error-reports.js';
export * from './help-center.js';
export * from './help-center-answer-bot.js';
export * from './inbox.js';
export * from './integrations.js';
export * from './messaging.js';
export * from './onboarding.js';
export * from './team.js';
export * from './widget.js';
