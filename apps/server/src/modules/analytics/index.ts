// The front door of analytics: what other modules and the composition root (app.ts) may use, by name;
// the rest of the module stays private (scripts/check-import-cycles.mjs refuses imports past an
// index.ts). Modules import each other one way only, so re-exporting services and routes closes no circle.

export { BOT_INSIGHTS_QUEUE, botInsightsJobHandler } from './bot-analytics.js';
export { DIGEST_QUEUE, digestJobHandler, planWeeklyDigest } from './digest-job.js';
export { reportJobHandler } from './report-job.js';
export { recordPresence } from './repository.js';
export { analyticsRoutes } from './routes.js';
export { REPORT_QUEUE } from './service.js';
