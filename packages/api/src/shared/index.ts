// @convo/api/shared: the error body, the query-string helpers and the bounded-JSON rule every endpoint uses. Other
// contexts import this one only through this file.

export * from './bounded-json.js';
export * from './errors.js';
export * from './query-params.js';
