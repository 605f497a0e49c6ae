import type { Db } from '../../../platform/db/database.js';
import { enqueue } from '../../../platform/jobs/job-queue.js';

// The `knowledge.index` queue's name and how a source's indexing is queued (apart from the job's
// body in indexing.ts, so the help-center import can queue without importing the indexer).

export const KNOWLEDGE_INDEX_QUEUE = 'knowledge.index';
export const KNOWLEDGE_INDEX_ATTEMPTS = 3;

/** Queues the (re-)indexing of one source in the caller's transaction. */
export function queueIndexing(tx: Db, applicationId: string, sourceId: string): Promise<string> {
  return enqueue(tx, {
    queue: KNOWLEDGE_INDEX_QUEUE,
    applicationId,
    payload: { sourceId },
    maxAttempts: KNOWLEDGE_INDEX_ATTEMPTS,
  });
}
