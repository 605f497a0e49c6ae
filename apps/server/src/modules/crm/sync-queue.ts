import { z } from 'zod';
import { AppError } from '../../http/errors.js';
import type { Db } from '../../platform/db/database.js';
import { enqueue, type JobHandler, PermanentJobError } from '../../platform/jobs/job-queue.js';
import { CrmAuthError, CrmRejectedError } from './http.js';
import { type CrmDeps, providersOnResolve, syncResolved } from './service.js';

// The automatic sync: a resolve (conversations' "conversation resolved" event, wired in app.ts)
// queues one job per provider set to sync on resolve, inside the resolve's transaction. The worker
// runs it; an unreachable or failing provider is retried with the queue's backoff, a refusal of the
// credentials or of the request is not (the connection shows "reconnect" or the reason).

export const CRM_SYNC_QUEUE = 'crm.sync';
/** With the queue's backoff (2 s doubling) the last try comes about 2 minutes after the first. */
export const CRM_SYNC_MAX_ATTEMPTS = 6;

const payloadSchema = z.object({
  conversationId: z.number().int().positive(),
  provider: z.enum(['zendesk', 'hubspot', 'salesforce']),
});

/** Subscribed to "conversation resolved" (app.ts); one indexed read when nothing is connected. */
export async function crmOnResolved(resolved: {
  tx: Db;
  conversation: { applicationId: string; id: number };
}): Promise<number> {
  const { tx, conversation } = resolved;
  const providers = await providersOnResolve(tx, conversation.applicationId);
  for (const provider of providers) {
    await enqueue(tx, {
      queue: CRM_SYNC_QUEUE,
      applicationId: conversation.applicationId,
      payload: { conversationId: conversation.id, provider },
      maxAttempts: CRM_SYNC_MAX_ATTEMPTS,
    });
  }
  return providers.length;
}

export function crmSyncHandler(deps: CrmDeps): JobHandler {
  return async (job) => {
    const payload = payloadSchema.safeParse(job.payload);
    if (!payload.success || !job.applicationId) throw new PermanentJobError('malformed crm job');
    try {
      await syncResolved(deps, job.applicationId, payload.data.conversationId, payload.data.provider);
    } catch (err) {
      // A refused token (the connection now says "reconnect"), a refused record, no e-mail: final.
      // An unreachable provider, a timeout or the database: thrown again, the queue retries.
      if (err instanceof AppError || err instanceof CrmAuthError || err instanceof CrmRejectedError)
        throw new PermanentJobError(err.message);
      throw err;
    }
  };
}
