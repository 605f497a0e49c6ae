// The front door of error-reports: what other modules and the composition root (app.ts) may use.
export { ERROR_REPORT_FORWARD_QUEUE, forwardHandler } from './forward.js';
export { errorReportRoutes } from './routes.js';
