import { z } from 'zod';
import { successEnvelope } from '../accounts/index.js';
import { ERROR_REPORT_LIMITS } from './error-report-constants.js';

// Product API (/api/error-reports): the dashboard's unhandled errors (SPEC §2 error screen, §8), the
// feedback a member writes on the error screen, and the list the workspace's super admins read.
// Every text is size-limited here and shown as text only.

// Zod-free, so the dashboard's boot imports them from @convo/api/constants.
export {
  ERROR_REPORT_LIMITS,
  ERROR_REPORT_PATHS,
  errorReportFeedbackPath,
} from './error-report-constants.js';

export const errorReportRequestSchema = z.strictObject({
  /** Made by the browser, so the feedback dialog can name the event before the answer arrives. */
  eventId: z.uuid(),
  release: z.string().trim().min(1).max(32),
  name: z.string().max(ERROR_REPORT_LIMITS.name),
  message: z.string().max(ERROR_REPORT_LIMITS.message),
  stack: z.string().max(ERROR_REPORT_LIMITS.stack).optional(),
  /** The page (path and query) where it happened. */
  url: z.string().max(ERROR_REPORT_LIMITS.url),
  kind: z.enum(['error', 'rejection', 'render', 'chunk-load', 'chunk-timeout']),
});
export type ErrorReportRequest = z.infer<typeof errorReportRequestSchema>;

export const errorReportFeedbackRequestSchema = z.strictObject({
  comments: z.string().trim().min(1).max(ERROR_REPORT_LIMITS.comments),
  email: z.email().max(254).optional(),
});
export type ErrorReportFeedbackRequest = z.infer<typeof errorReportFeedbackRequestSchema>;
export const errorReportEventParamsSchema = z.object({ eventId: z.uuid() });

export const errorReportSchema = z.object({
  eventId: z.string(),
  release: z.string(),
  kind: z.string(),
  name: z.string(),
  message: z.string(),
  stack: z.string().nullable(),
  url: z.string(),
  userName: z.string().nullable(),
  feedback: z.object({ comments: z.string(), email: z.string().nullable(), at: z.number() }).nullable(),
  createdAt: z.number(),
});
export type ErrorReport = z.infer<typeof errorReportSchema>;

export const errorReportAcceptedResponseSchema = successEnvelope(z.object({ eventId: z.string() }));
export const errorReportListResponseSchema = successEnvelope(z.array(errorReportSchema));
