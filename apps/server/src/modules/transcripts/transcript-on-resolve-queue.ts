import type { Db } from '../../platform/db/database.js';
import { enqueue } from '../../platform/jobs/job-queue.js';
import { mailsTranscriptOnResolve, transcriptSettingsOf } from '../conversation-settings/index.js';

// The resolve path's side of Settings → Conversation transcript, kept apart from the job's handler
// (transcript-on-resolve.ts): subscribed to the conversations' "conversation resolved" event in
// app.ts, inside the transaction that resolves.

export const TRANSCRIPT_ON_RESOLVE_QUEUE = 'transcript.on-resolve';
/** Building and queueing the mail only fails while the database does; a few tries are enough. */
export const TRANSCRIPT_ON_RESOLVE_MAX_ATTEMPTS = 5;

/**
 * Called inside the transaction that resolves the conversation: a job exactly when the resolve
 * commits, and only when the application mails transcripts to somebody (one primary-key read
 * otherwise).
 */
export async function enqueueTranscriptOnResolve(
  tx: Db,
  applicationId: string,
  conversationId: number,
): Promise<boolean> {
  if (!mailsTranscriptOnResolve(await transcriptSettingsOf(tx, applicationId))) return false;
  await enqueue(tx, {
    queue: TRANSCRIPT_ON_RESOLVE_QUEUE,
    applicationId,
    payload: { conversationId },
    maxAttempts: TRANSCRIPT_ON_RESOLVE_MAX_ATTEMPTS,
  });
  return true;
}

/** Subscribed to "conversation resolved" (app.ts). */
export async function transcriptOnResolved(resolved: {
  tx: Db;
  conversation: { applicationId: string; id: number };
}): Promise<void> {
  await enqueueTranscriptOnResolve(
    resolved.tx,
    resolved.conversation.applicationId,
    resolved.conversation.id,
  );
}
