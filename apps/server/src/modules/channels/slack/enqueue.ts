import { isMirroredToSlack } from '@convo/domain';
import type { Db } from '../../../platform/db/database.js';
import { enqueue } from '../../../platform/jobs/job-queue.js';
import { accountForDelivery } from '../account-cache.js';
import * as repo from './repository.js';

// Subscribed to the send path's "messages stored" event (app.ts): inside the send's transaction,
// every new message of an application that mirrors to Slack goes into the Slack outbox and a
// `slack.mirror` job (mirror.ts) wakes the conversation's poster. Kept apart from the job so the messages module loads no SDK.

export const SLACK_MIRROR_QUEUE = 'slack.mirror';
/** As the channels' replies: the queue's backoff (capped at 5 min) outlasts an outage of hours. */
export const SLACK_MIRROR_MAX_ATTEMPTS = 40;
const SLACK = 'slack';

/**
 * Whether the application mirrors to Slack, from the channel accounts' short cache kept for `db`
 * (account-cache.ts), so a send costs no query for it; on a miss `reader` (the send's transaction)
 * reads it. A connect or disconnect on another node is seen within the cache's 2 s.
 */
export async function slackMirrorOn(db: Db, applicationId: string, reader: Db = db): Promise<boolean> {
  const found = await accountForDelivery(db, applicationId, SLACK, reader);
  return found !== undefined && found.account.status !== 'disabled';
}

export interface MirroredMessage {
  conversation: { id: number };
  message: { id: number; senderType: number; contentType: number; metadata?: Record<string, unknown> };
}

/** Queues the batch's new messages for the Slack thread; answers how many were queued. */
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

/** What the Slack mirror needs of a batch of new messages (the "messages stored" event, app.ts). */
export interface SendsForSlack {
  applicationId: string;
  tx: Db;
  db: Db;
  messages: readonly { message: MirroredMessage['message'] & { conversationId: number } }[];
  wakeJobs(queue: string): void;
}

/**
 * Subscribed to the send path's "messages stored" event: an application that mirrors to Slack
 * gets every new message into its Slack outbox, with a job in the batch's transaction.
 */
export async function mirrorSendsToSlack(sends: SendsForSlack): Promise<void> {
  if (!(await slackMirrorOn(sends.db, sends.applicationId, sends.tx))) return;
  const queued = await enqueueSlackMirror(
    sends.tx,
    sends.applicationId,
    sends.messages.map(({ message }) => ({ conversation: { id: message.conversationId }, message })),
  );
  if (queued > 0) sends.wakeJobs(SLACK_MIRROR_QUEUE);
}
