// @convo/api/support: support tickets and error reports. Other contexts import this one only
// through this file or constants.ts.

export * from './constants.js';
export * from './error-reports.js';
export * from './support-tickets.js';
