import { isMessageToCustomer } from '@convo/domain';
import type { Db } from '../../platform/db/database.js';
import { enqueue } from '../../platform/jobs/job-queue.js';
import * as repo from './repository.js';

// Subscribed to the send path's "messages stored" event (app.ts), inside its transaction, with the
// batch's new messages: for each widget conversation the team wrote in, one check per enabled
// fallback type is planned after that type's delay (fallback-job.ts decides then what the customer missed). Nothing is read
// unless the batch has such a message.

export const EMAIL_FALLBACK_QUEUE = 'email-fallback.send';
/** E-mail conversations are already mailed; other channels have their provider's delivery. */
const WIDGET_CHANNEL = 'web';

export interface SentForFallback {
  conversation: { id: number; channel: string };
  message: { id: number; senderType: number; contentType: number };
}

export async function enqueueEmailFallbacks(
  tx: Db,
  applicationId: string,
  sent: readonly SentForFallback[],
): Promise<void> {
  const latest = new Map<number, number>();
  for (const { conversation, message } of sent) {
    if (conversation.channel !== WIDGET_CHANNEL || !isMessageToCustomer(message)) continue;
    latest.set(conversation.id, Math.max(latest.get(conversation.id) ?? 0, message.id));
  }
  if (latest.size === 0) return;
  const rules = await repo.enabledRules(tx, applicationId);
  if (rules.length === 0) return;
  const now = Date.now();
  for (const [conversationId, messageId] of latest) {
    for (const rule of rules) {
      await enqueue(tx, {
        queue: EMAIL_FALLBACK_QUEUE,
        applicationId,
        payload: { conversationId, messageId, fallbackType: rule.fallbackType },
        runAt: new Date(now + rule.delayMinutes * 60_000),
      });
    }
  }
}

/** What the e-mail fallback needs of a batch of new messages (the "messages stored" event, app.ts). */
export interface SendsForFallback {
  applicationId: string;
  tx: Db;
  messages: readonly { message: SentForFallback['message'] & { conversationId: number } }[];
  conversations: ReadonlyMap<number, SentForFallback['conversation']>;
}

/** Subscribed to "messages stored": the team's messages in widget conversations plan their checks. */
export function enqueueEmailFallbacksOfSends(sends: SendsForFallback): Promise<void> {
  return enqueueEmailFallbacks(
    sends.tx,
    sends.applicationId,
    sends.messages.map(({ message }) => ({
      conversation: sends.conversations.get(message.conversationId)!,
      message,
    })),
  );
}
