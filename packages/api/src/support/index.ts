export * from './error-report-constants.js';
export * from './error-reports.js';
export * from './support-tickets.js';
