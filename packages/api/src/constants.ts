// `@convo/api/constants`: the contracts' constants without zod, for light clients (the chat widget,
// the loader). Only files that import no zod belong here; scripts/check-import-cycles.mjs checks it.

export * from './account-paths.js';
export * from './answer-bot-paths.js';
export * from './automation-constants.js';
export * from './bot-runtime-constants.js';
export * from './error-report-constants.js';
