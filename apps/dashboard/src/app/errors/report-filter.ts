// Which errors are reported (SPEC §8): real Error objects of our own scripts, except the expected
// failures of the not-reported list. Pure, so the rules are unit-tested.

/** SPEC §8 'Not reported as errors', matched in the message, case-insensitively. */
export const NOT_REPORTED_MESSAGES = [
  'request cancelled',
  'request canceled due to logout',
  'unable to fetch faqs',
  'unable to submit disposition',
  'request aborted',
  // Browsers' "audio play not allowed": NotAllowedError from play() without a user gesture.
  'play() failed because the user',
  'play() request was interrupted',
  'audio play not allowed',
  'network error',
  'failed to fetch',
  'networkerror when attempting to fetch',
  'worker terminated',
] as const;

const EXTENSION_SCHEMES = /(chrome|moz|safari|safari-web|ms-browser)-extension:\/\//i;

export interface ReportCandidate {
  error: unknown;
  /** The script the error event names (`ErrorEvent.filename`), when there is one. */
  filename?: string | undefined;
  /** This page's origin (scripts from elsewhere are third-party). */
  origin: string;
}

/** A script of another origin or of a browser extension. */
export function isForeignScript(source: string | undefined, origin: string): boolean {
  if (source === undefined || source === '') return false;
  if (EXTENSION_SCHEMES.test(source)) return true;
  try {
    return new URL(source, origin).origin !== origin;
  } catch {
    return true;
  }
}

/** The first script named in a stack trace (Chrome's "at f (url:1:2)", Firefox's "f@url:1:2"). */
export function firstStackSource(stack: string | undefined): string | undefined {
  const match = stack?.match(/((?:https?|[a-z-]+-extension):\/\/[^\s)]+?)(?::\d+){0,2}\)?(?:\n|$)/i);
  return match?.[1];
}

export function shouldReport({ error, filename, origin }: ReportCandidate): boolean {
  // A non-error exception or rejection (a thrown string, an event…) is not reported.
  if (!(error instanceof Error)) return false;
  const status = (error as { status?: unknown }).status;
  if (status === 401) return false;
  const message = error.message.toLowerCase();
  if (NOT_REPORTED_MESSAGES.some((m) => message.includes(m))) return false;
  if (error.name === 'AbortError') return false;
  if (isForeignScript(filename, origin)) return false;
  if (isForeignScript(firstStackSource(error.stack), origin)) return false;
  return true;
}

/** Whether this event is in the sample (SPEC §9: rate 1, so every event). */
export function inSample(rate: number, random: () => number = Math.random): boolean {
  return random() < rate;
}
