import type { Db } from '../../platform/db/database.js';
import { JobWorker, type WorkerLog } from '../../platform/jobs/job-queue.js';
import { transcriptOnResolveHandler } from '../transcripts/transcript-on-resolve.js';
import { TRANSCRIPT_ON_RESOLVE_QUEUE } from '../transcripts/transcript-on-resolve-queue.js';
import { webhookDeliveryHandler } from './delivery.js';
import { WEBHOOK_QUEUE } from './enqueue.js';

export interface WorkerDeps {
  db: Db;
  log: WorkerLog;
  /** Base of the links to attached files in mailed transcripts (PUBLIC_URL); relative links without. */
  publicUrl?: string;
  /** Poll interval of the job queue (default 500 ms). */
  pollMs?: number;
  /** First retry delay is twice this (default 1000 ms: 2 s, 4 s, 8 s… at most 1 hour). */
  backoffBaseMs?: number;
  /** Per webhook attempt (default 10 s). */
  webhookTimeoutMs?: number;
}

/**
 * The worker role: runs the durable job queues (outgoing webhooks, transcripts mailed on resolve).
 * Safe on several nodes at once; `stop()` waits for the jobs in progress.
 */
export function startWorkers(deps: WorkerDeps): JobWorker {
  const worker = new JobWorker({
    db: deps.db,
    log: deps.log,
    handlers: {
      [WEBHOOK_QUEUE]: webhookDeliveryHandler({ db: deps.db, timeoutMs: deps.webhookTimeoutMs }),
      [TRANSCRIPT_ON_RESOLVE_QUEUE]: transcriptOnResolveHandler({
        db: deps.db,
        publicUrl: deps.publicUrl ?? '',
      }),
    },
    pollMs: deps.pollMs,
    backoffBaseMs: deps.backoffBaseMs,
    // Longer than one webhook attempt, so a live worker never loses its claim.
    lockMs: Math.max(60_000, (deps.webhookTimeoutMs ?? 10_000) * 6),
  });
  worker.start();
  return worker;
}
