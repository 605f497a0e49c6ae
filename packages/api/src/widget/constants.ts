// @convo/api/widget/constants: this context's constants without zod (no file reached from here
// imports zod; scripts/check-import-cycles.mjs checks it). Types come from @convo/api/widget with
// `import type`, which the bundle never holds.

export * from './install-kits.js';
