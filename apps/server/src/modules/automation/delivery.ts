import { AUTOMATION_HEADERS, automationDeliveryBodySchema } from '@convo/api';
import { z } from 'zod';
import type { Db } from '../../platform/db/database.js';
import { type Job, type JobHandler, PermanentJobError } from '../../platform/jobs/job-queue.js';
import {
  attemptRecord,
  DELIVERY_TIMEOUT_MS,
  DeliveryFailed,
  openSecret,
  postSigned,
  signTimestampedBody,
} from '../webhooks/index.js';
import * as repo from './repository.js';
import { hooksChanged } from './triggers.js';

// The `automation.hook` queue's handler: one signed POST per attempt through the webhooks'
// delivery machinery, the outcome written to the usage table. A receiver answering 410 Gone has
// unsubscribed (the REST hooks convention): the hook is deleted and nothing is retried. Any other
// failure throws, and the job queue retries with backoff.

const jobPayloadSchema = z.object({ deliveryId: z.uuid() });

export interface AutomationDeliveryDeps {
  db: Db;
  /** Opens the sealed signing secret. */
  appSecret: string;
  timeoutMs?: number | undefined;
  fetch?: typeof fetch | undefined;
}

export function automationDeliveryHandler(deps: AutomationDeliveryDeps): JobHandler {
  return async (job: Job) => {
    const parsed = jobPayloadSchema.safeParse(job.payload);
    if (!parsed.success || !job.applicationId) throw new PermanentJobError('malformed automation job');
    const applicationId = job.applicationId;
    const { deliveryId } = parsed.data;
    const found = await repo.findDelivery(deps.db, applicationId, deliveryId);
    if (!found || found.delivery.status === 'delivered') return;
    const { delivery, hook, signingSecretSealed } = found;
    if (!hook) {
      await repo.updateDelivery(deps.db, applicationId, deliveryId, {
        status: 'skipped',
        lastError: 'Unsubscribed before delivery',
      });
      return;
    }
    // jsonb does not keep key order: the schema puts the documented order back.
    const stored = automationDeliveryBodySchema.safeParse(delivery.payload);
    if (!stored.success) throw new PermanentJobError('stored automation body is malformed');
    const secret = signingSecretSealed ? openSecret(deps.appSecret, signingSecretSealed) : null;
    // No key (deleted) or another app secret than the one that sealed it: no attempt can be signed.
    if (secret === null) {
      await repo.updateDelivery(deps.db, applicationId, deliveryId, {
        status: 'failed',
        lastError: 'No API key to sign with',
      });
      return;
    }
    const body = JSON.stringify(stored.data);
    const timestamp = String(Date.now());
    const outcome = await postSigned({
      url: hook.targetUrl,
      body,
      headers: {
        [AUTOMATION_HEADERS.signature]: signTimestampedBody(secret, timestamp, body),
        [AUTOMATION_HEADERS.timestamp]: timestamp,
        [AUTOMATION_HEADERS.delivery]: delivery.id,
        [AUTOMATION_HEADERS.event]: delivery.event,
      },
      timeoutMs: deps.timeoutMs ?? DELIVERY_TIMEOUT_MS,
      fetch: deps.fetch,
    });

    if (outcome.statusCode === 410) {
      // The platform turned the zap off: it unsubscribes, as Zapier's REST hooks expect.
      await repo.deleteHook(deps.db, applicationId, hook.id);
      hooksChanged(applicationId);
      await repo.updateDelivery(deps.db, applicationId, deliveryId, {
        status: 'unsubscribed',
        attempts: job.attempts,
        lastStatusCode: outcome.statusCode,
        lastError: 'The receiver answered 410 Gone: unsubscribed',
      });
      return;
    }
    await repo.updateDelivery(deps.db, applicationId, deliveryId, attemptRecord(outcome, job));
    if (outcome.error !== null) throw new DeliveryFailed(outcome.error);
  };
}
