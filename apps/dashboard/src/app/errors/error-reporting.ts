import type { ErrorReportRequest } from '@convo/api';
import { ERROR_REPORT_LIMITS, ERROR_REPORT_PATHS, errorReportFeedbackPath } from '@convo/api/constants';
import { ERROR_REPORTING_SAMPLE_RATE, RELEASE_VERSION } from '@convo/domain';
import { apiRequest } from '../api/api-client';
import { configStore } from '../config/config-store';
import { getSession } from '../session/session-store';
import { inSample, shouldReport } from './report-filter';

// Sends the dashboard's unhandled errors to the server (SPEC §2 error screen, §8), when the server
// enables error reporting and a member is signed in (reports belong to a workspace). A failed send
// is only logged: reporting must never raise an error of its own.

/** The answer's schema (zod), loaded with the first report rather than at boot. */
const loadAnswerSchema = () =>
  import('./error-report-schema').then((m) => m.errorReportAcceptedResponseSchema);

const clip = (text: string, max: number) => (text.length > max ? text.slice(0, max) : text);

/** The event's id when it is sent, else null (not reportable, not sampled, reporting off). */
export function reportError(
  error: unknown,
  kind: ErrorReportRequest['kind'],
  filename?: string,
): string | null {
  if (configStore.getState().config?.errorReporting !== true || getSession() === null) return null;
  if (!shouldReport({ error, filename, origin: window.location.origin })) return null;
  if (!inSample(ERROR_REPORTING_SAMPLE_RATE)) return null;
  const err = error as Error;
  const body: ErrorReportRequest = {
    eventId: crypto.randomUUID(),
    release: RELEASE_VERSION,
    name: clip(err.name, ERROR_REPORT_LIMITS.name),
    message: clip(err.message, ERROR_REPORT_LIMITS.message),
    ...(err.stack ? { stack: clip(err.stack, ERROR_REPORT_LIMITS.stack) } : {}),
    url: clip(`${window.location.pathname}${window.location.search}`, ERROR_REPORT_LIMITS.url),
    kind,
  };
  loadAnswerSchema()
    .then((schema) => apiRequest(ERROR_REPORT_PATHS.reports, { method: 'POST', body, schema }))
    .catch((failure: unknown) => console.warn('Error report not sent', failure));
  return body.eventId;
}

/** The error screen's feedback, stored with its event. */
export async function sendErrorFeedback(eventId: string, comments: string, email: string): Promise<void> {
  await apiRequest(errorReportFeedbackPath(eventId), {
    method: 'POST',
    body: { comments, ...(email.trim() ? { email: email.trim() } : {}) },
    schema: await loadAnswerSchema(),
  });
}

/** React renders a failing tree again before giving up: the same crash arrives as new Error objects. */
const SAME_CRASH_MS = 5000;
let lastRender: { signature: string; eventId: string | null; at: number } | null = null;

/**
 * A render crash's event, reported once however often the error screen renders it and however
 * often React retried the render (the screen needs the id for its feedback dialog).
 */
export function reportRenderError(error: unknown): string | null {
  if (!(error instanceof Error)) return null;
  const signature = `${error.name}|${error.message}|${window.location.pathname}`;
  const now = Date.now();
  if (lastRender !== null && lastRender.signature === signature && now - lastRender.at < SAME_CRASH_MS) {
    return lastRender.eventId;
  }
  lastRender = { signature, eventId: reportError(error, 'render'), at: now };
  return lastRender.eventId;
}
