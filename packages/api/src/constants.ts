// `@convo/api/constants`: every context's constants without zod, for light clients (the chat
// widget, the loader). Each context's own zod-free entry is @convo/api/<context>/constants;
// scripts/check-import-cycles.mjs fails when anything reached from these entries imports zod.

export * from './accounts/constants.js';
export * from './analytics/constants.js';
export * from './billing/constants.js';
export * from './bots/constants.js';
export * from './channels/constants.js';
export * from './conversations/constants.js';
export * from './customers/constants.js';
export * from './help-center/constants.js';
export * from './integrations/constants.js';
export * from './messaging/constants.js';
export * from './support/constants.js';
export * from './widget/constants.js';
