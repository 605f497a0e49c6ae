// @convo/api/accounts/constants: this context's constants without zod (no file reached from here
// imports zod; scripts/check-import-cycles.mjs checks it). Types come from @convo/api/accounts with
// `import type`, which the bundle never holds.

export * from './account-paths.js';
