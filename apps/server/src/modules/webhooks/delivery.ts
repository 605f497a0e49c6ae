import { messageWebhookBodySchema, WEBHOOK_HEADERS } from '@convo/api';
import { z } from 'zod';
import type { Db } from '../../platform/db/database.js';
import { type Job, type JobHandler, PermanentJobError } from '../../platform/jobs/job-queue.js';
import * as repo from './repository.js';
import { openSecret } from './secret-box.js';
import { signWebhookBody } from './signature.js';
import { attemptRecord, DELIVERY_TIMEOUT_MS, DeliveryFailed, postSigned } from './signed-post.js';

// The 'webhook' queue's handler: one POST per attempt, the outcome written to the delivery log.
// A non-2xx answer, a network error or a timeout throws, and the job queue retries with backoff.
// The POST itself is signed-post.ts, shared with the automation connector's REST hooks.

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

export function webhookDeliveryHandler(deps: DeliveryDeps): JobHandler {
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
    const outcome = await postSigned({
      url: webhook.url,
      headers: {
        ...(security?.authHeaderName && authValue !== null ? { [security.authHeaderName]: authValue } : {}),
        [WEBHOOK_HEADERS.signature]: signWebhookBody(secret, body),
        [WEBHOOK_HEADERS.timestamp]: String(Date.now()),
        [WEBHOOK_HEADERS.delivery]: delivery.id,
      },
      body,
      timeoutMs,
      fetch: deps.fetch,
    });

    await repo.updateDelivery(deps.db, applicationId, deliveryId, attemptRecord(outcome, job));
    if (outcome.error !== null) throw new DeliveryFailed(outcome.error);
  };
}
