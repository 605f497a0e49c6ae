// `@convo/api/constants`: the contracts' constants without zod, for light clients (the chat widget,
// the loader). Only files that import no zod belong here; scripts/check-import-cycles.mjs checks it.

export * from './accounts/account-paths.js';
export * from './bots/bot-runtime-constants.js';
export * from './help-center/answer-bot-paths.js';
export * from './integrations/automation-constants.js';
export * from './support/error-report-constants.js';
