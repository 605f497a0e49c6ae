// @convo/api/shared: the error body and the query-string helpers every endpoint uses. Other
// contexts import this one only through this file.

export * from './errors.js';
export * from './query-params.js';
