import { OUTBOUND_FAILURE, outbound, outboundErrorIn } from '../../platform/outbound/index.js';

// One signed POST to an address a tenant chose: the delivery machinery shared by the outgoing
// webhooks (delivery.ts) and the automation connector's REST hooks. Through the outbound guard
// (resolved once, private ranges refused unless OUTBOUND_ALLOW names them), no redirect followed,
// a deadline per attempt; the caller records the outcome and throws to have the job queue retry.

export const DELIVERY_TIMEOUT_MS = 10_000;
const USER_AGENT = 'Convo-Webhooks/1.0';

export interface SignedPost {
  url: string;
  /** The raw body, already serialised: the signature covers these exact bytes. */
  body: string;
  /** Signature, timestamp and delivery headers (and any header the tenant configured). */
  headers: Record<string, string>;
  timeoutMs?: number | undefined;
  /** The server's outbound guard unless a test gives another. */
  fetch?: typeof fetch | undefined;
}

/** What an attempt came to: the receiver's status (null when none answered) and why it failed (null: 2xx). */
export interface PostOutcome {
  statusCode: number | null;
  error: string | null;
}

/**
 * The reason an attempt failed, as the delivery logs show it to the tenant: "timeout", or that the
 * address could not be reached. Never the socket's error: a log telling a refused port from a
 * closed one would make webhooks a port scanner.
 */
function reasonOf(err: unknown): string {
  if (err instanceof Error && (err.name === 'TimeoutError' || err.name === 'AbortError')) return 'timeout';
  return outboundErrorIn(err)?.message ?? OUTBOUND_FAILURE;
}

export async function postSigned(post: SignedPost): Promise<PostOutcome> {
  const send = post.fetch ?? outbound.fetch;
  try {
    const res = await send(post.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'user-agent': USER_AGENT, ...post.headers },
      body: post.body,
      redirect: 'manual',
      signal: AbortSignal.timeout(post.timeoutMs ?? DELIVERY_TIMEOUT_MS),
    });
    // Free the connection without reading an answer nobody needs.
    await res.body?.cancel().catch(() => {});
    return {
      statusCode: res.status,
      error: res.status >= 200 && res.status <= 299 ? null : `HTTP ${res.status}`,
    };
  } catch (err) {
    return { statusCode: null, error: reasonOf(err).slice(0, 500) };
  }
}

/** Thrown once a failed attempt is recorded: the job queue retries the delivery. */
export class DeliveryFailed extends Error {}

/**
 * A delivery row's fields after an attempt: delivered, or retrying until the job's last attempt
 * and failed then (webhooks and automation hooks log attempts alike).
 */
export function attemptRecord(outcome: PostOutcome, job: { attempts: number; maxAttempts: number }) {
  const base = { attempts: job.attempts, lastStatusCode: outcome.statusCode };
  return outcome.error === null
    ? { ...base, status: 'delivered' as const, lastError: null, deliveredAt: new Date() }
    : {
        ...base,
        status: job.attempts >= job.maxAttempts ? ('failed' as const) : ('retrying' as const),
        lastError: outcome.error,
      };
}
