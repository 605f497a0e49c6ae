// Error reports' paths and size limits, without zod: exported by @convo/api/constants too.

export const ERROR_REPORT_PATHS = {
  reports: '/api/error-reports',
  feedback: '/api/error-reports/:eventId/feedback',
} as const;
export const errorReportFeedbackPath = (eventId: string) =>
  `/api/error-reports/${encodeURIComponent(eventId)}/feedback`;

/** Most a report may carry (the route's body limit is a little above). */
export const ERROR_REPORT_LIMITS = {
  message: 1000,
  name: 120,
  stack: 8000,
  url: 2000,
  comments: 2000,
  bodyBytes: 16 * 1024,
} as const;
