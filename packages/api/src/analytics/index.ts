export * from './analytics.js';
export * from './report-figures.js';
