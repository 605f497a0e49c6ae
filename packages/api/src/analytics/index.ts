// @convo/api/analytics: the dashboard's figures, reports and insights. Other contexts import this
// one only through this file or constants.ts.

export * from './analytics.js';
export * from './constants.js';
export * from './report-figures.js';
