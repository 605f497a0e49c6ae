// @convo/api/analytics: the dashboard's figures, reports and insights. Other contexts import this
// one only through this file.

export * from './analytics.js';
export * from './report-figures.js';
