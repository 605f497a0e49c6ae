export * from './errors.js';
export * from './query-params.js';
