// Loaded when a report is sent (error-reporting.ts): the contract's schema brings zod, which the
// boot does not load (issue 39).
export { errorReportAcceptedResponseSchema } from '@convo/api';
