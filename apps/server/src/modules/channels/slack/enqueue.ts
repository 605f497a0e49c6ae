import { isMirroredToSlack } from '@convo/domain';
import type { Db } from '../../../platform/db/database.js';
import { enqueue } from '../../../platform/jobs/job-queue.js';
import { accountForDelivery } from '../account-cache.js';
import * as repo from './repository.js';

// Called by the message send (inside its transaction) for every new message of an application that
// mirrors to Slack: the message goes into the Slack outbox and a `slack.mirror` job (mirror.ts)
// wakes the conversation's poster. Kept apart from the job so the messages module loads no SDK.

export const SLACK_MIRROR_QUEUE = 'slack.mirror';
/** As the channels' replies: the queue's backoff (capped at 5 min) outlasts an outage of hours. */
export const SLACK_MIRROR_MAX_ATTEMPTS = 40;
const SLACK = 'slack';

/**
 * Whether the application mirrors to Slack: read before a send's transaction from the channel
 * accounts' short cache (account-cache.ts), so a send costs no query for it; a connect or
 * disconnect on another node is seen within the cache's 2 s.
 */
export async function slackMirrorOn(db: Db, applicationId: string): Promise<boolean> {
  const found = await accountForDelivery(db, applicationId, SLACK);
  return found !== undefined && found.account.status !== 'disabled';
}

export interface MirroredMessage {
  conversation: { id: number };
  message: { id: number; senderType: number; contentType: number; metadata?: Record<string, unknown> };
}

/** Called by the send inside its transaction with the batch's new messages; answers how many were queued. */
export async function enqueueSlackMirror(
  tx: Db,
  applicationId: string,
  sent: readonly MirroredMessage[],
): Promise<number> {
  const rows = sent
    .filter((s) => isMirroredToSlack(s.message))
    .map((s) => ({ applicationId, conversationId: s.conversation.id, messageId: s.message.id }));
  if (rows.length === 0) return 0;
  await repo.insertOutbox(tx, rows);
  for (const conversationId of new Set(rows.map((r) => r.conversationId))) {
    await enqueue(tx, {
      queue: SLACK_MIRROR_QUEUE,
      applicationId,
      payload: { conversationId },
      maxAttempts: SLACK_MIRROR_MAX_ATTEMPTS,
    });
  }
  return rows.length;
}
