// @convo/api/integrations/constants: this context's constants without zod (no file reached from here
// imports zod; scripts/check-import-cycles.mjs checks it). Types come from @convo/api/integrations with
// `import type`, which the bundle never holds.

export * from './automation-constants.js';
