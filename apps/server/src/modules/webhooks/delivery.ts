import { messageWebhookBodySchema, WEBHOOK_HEADERS } from '@convo/api';
import { z } from 'zod';
import type { Db } from '../../platform/db/database.js';
import { type Job, type JobHandler, PermanentJobError } from '../../platform/jobs/job-queue.js';
import { OUTBOUND_FAILURE, outbound, outboundErrorIn } from '../../platform/outbound/index.js';
import * as repo from './repository.js';
import { openSecret } from './secret-box.js';
import { signWebhookBody } from './signature.js';

// The 'webhook' queue's handler: one POST per attempt, the outcome written to the delivery log.
// A non-2xx answer, a network error or a timeout throws, and the job queue retries with backoff.

export const DELIVERY_TIMEOUT_MS = 10_000;
const USER_AGENT = 'Convo-Webhooks/1.0';

const jobPayloadSchema = z.object({ deliveryId: z.uuid() });

export interface DeliveryDeps {
  db: Db;
  /** Opens the sealed signing secrets and header values. */
  appSecret: string;
  /** Per attempt (default 10 s). */
  timeoutMs?: number;
  /** The server's outbound guard (platform/outbound) unless a test gives another. */
  fetch?: typeof fetch;
}

class DeliveryFailed extends Error {}

/**
 * The reason an attempt failed, as the delivery log shows it to the tenant: "timeout", or that the
 * address could not be reached. Never the socket's error: a log telling a refused port from a
 * closed one would make webhooks a port scanner.
 */
function reasonOf(err: unknown): string {
  if (err instanceof Error && (err.name === 'TimeoutError' || err.name === 'AbortError')) return 'timeout';
  return outboundErrorIn(err)?.message ?? OUTBOUND_FAILURE;
}

export function webhookDeliveryHandler(deps: DeliveryDeps): JobHandler {
  const send = deps.fetch ?? outbound.fetch;
  const timeoutMs = deps.timeoutMs ?? DELIVERY_TIMEOUT_MS;

  return async (job: Job) => {
    const parsed = jobPayloadSchema.safeParse(job.payload);
    if (!parsed.success || !job.applicationId) throw new PermanentJobError('malformed webhook job');
    const applicationId = job.applicationId;
    const { deliveryId } = parsed.data;
    const found = await repo.findDeliveryWithWebhook(deps.db, applicationId, deliveryId);
    // Deleted webhook: its log went with it; nothing left to deliver.
    if (!found) return;
    const { delivery, webhook, security } = found;
    if (delivery.status === 'delivered') return;
    if (!webhook.enabled) {
      await repo.updateDelivery(deps.db, applicationId, deliveryId, {
        status: 'skipped',
        lastError: 'Webhook disabled before delivery',
      });
      return;
    }

    // jsonb does not keep key order: the schema puts the documented order back.
    const stored = messageWebhookBodySchema.safeParse(delivery.payload);
    if (!stored.success) throw new PermanentJobError('stored webhook body is malformed');
    const body = JSON.stringify(stored.data);
    const secret = openSecret(deps.appSecret, webhook.secret);
    // Another app secret than the one that sealed it: no attempt can ever be signed.
    if (secret === null) throw new PermanentJobError('the webhook secret does not open with this app secret');
    const authValue =
      security?.authHeaderName && security.authHeaderSealed
        ? openSecret(deps.appSecret, security.authHeaderSealed)
        : null;
    const last = job.attempts >= job.maxAttempts;
    let statusCode: number | null = null;
    let error: string | null = null;
    try {
      const res = await send(webhook.url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'user-agent': USER_AGENT,
          ...(security?.authHeaderName && authValue !== null ? { [security.authHeaderName]: authValue } : {}),
          [WEBHOOK_HEADERS.signature]: signWebhookBody(secret, body),
          [WEBHOOK_HEADERS.timestamp]: String(Date.now()),
          [WEBHOOK_HEADERS.delivery]: delivery.id,
        },
        body,
        redirect: 'manual',
        signal: AbortSignal.timeout(timeoutMs),
      });
      statusCode = res.status;
      // Free the connection without reading an answer nobody needs.
      await res.body?.cancel().catch(() => {});
      if (res.status < 200 || res.status > 299) error = `HTTP ${res.status}`;
    } catch (err) {
      error = reasonOf(err).slice(0, 500);
    }

    if (error === null) {
      await repo.updateDelivery(deps.db, applicationId, deliveryId, {
        status: 'delivered',
        attempts: job.attempts,
        lastStatusCode: statusCode,
        lastError: null,
        deliveredAt: new Date(),
      });
      return;
    }
    await repo.updateDelivery(deps.db, applicationId, deliveryId, {
      status: last ? 'failed' : 'retrying',
      attempts: job.attempts,
      lastStatusCode: statusCode,
      lastError: error,
    });
    throw new DeliveryFailed(error);
  };
}
