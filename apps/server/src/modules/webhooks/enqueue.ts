import type { MessageWebhookBody } from '@convo/api';
import { createAppCache, rowsUnlessNone } from '../../platform/app-cache.js';
import type { Db } from '../../platform/db/database.js';
import { enqueue } from '../../platform/jobs/job-queue.js';
import * as accounts from '../accounts/index.js';
import type { ConversationRow } from '../conversations/index.js';
import type { MessageRow } from '../messages/index.js';
import * as repo from './repository.js';

export const WEBHOOK_QUEUE = 'webhook';
export const MESSAGE_RECEIVED = 'message.received';
/** With the default backoff (2 s doubling, at most 1 h) the last try comes about 4 hours later. */
export const WEBHOOK_MAX_ATTEMPTS = 15;

export interface MessageWebhookInput {
  applicationId: string;
  conversation: Pick<ConversationRow, 'id' | 'clientGroupId' | 'name' | 'customerId' | 'assigneeId'>;
  message: Pick<
    MessageRow,
    'id' | 'clientKey' | 'message' | 'createdAt' | 'metadata' | 'fileMeta' | 'senderId'
  >;
  /** The sender's user id (the messaging user name), as `from`. */
  senderUserId: string | null;
}

/** What the message webhooks need of a batch of new messages (the "messages stored" event, app.ts). */
export interface SendsForWebhooks {
  applicationId: string;
  tx: Db;
  /** The database outside the batch: the key of the subscribed webhooks' cache. */
  db: Db;
  messages: readonly {
    message: MessageWebhookInput['message'];
    /** The conversation as the message found it (its receiver is the assignee of that moment). */
    conversationAtSend: MessageWebhookInput['conversation'];
    senderUserId: string | null;
  }[];
}

/**
 * Whether an application has an enabled webhook that listens to message.received, which every
 * batch of sends asks: kept per process, dropped on every node when a webhook changes
 * (`webhooksChanged`). Only "none" saves the query: an application that has some reads them in
 * the batch, so a delivery never names a webhook another node deleted a moment ago.
 */
const hasWebhooks = createAppCache<boolean>('webhooks.message-received');

/** After a webhook of the application was created, changed or deleted (its write committed). */
export function webhooksChanged(applicationId: string): void {
  hasWebhooks.invalidate(applicationId);
}

/**
 * Subscribed to the send path's "messages stored" event: inside the batch's transaction, for every
 * enabled webhook of the application that listens to message.received, a delivery row and a job
 * per new message, so a webhook goes out exactly when the message was stored. No query when the
 * application has no such webhook (see `hasWebhooks`).
 */
export async function enqueueWebhooksOfSends(sends: SendsForWebhooks): Promise<number> {
  const targets = await rowsUnlessNone(hasWebhooks, sends.db, sends.applicationId, () =>
    repo.listSubscribedWebhooks(sends.tx, sends.applicationId, MESSAGE_RECEIVED),
  );
  if (targets.length === 0) return 0;
  let queued = 0;
  for (const { message, conversationAtSend, senderUserId } of sends.messages) {
    queued += await enqueueFor(
      sends.tx,
      { applicationId: sends.applicationId, conversation: conversationAtSend, message, senderUserId },
      targets,
    );
  }
  return queued;
}

async function enqueueFor(
  tx: Db,
  input: MessageWebhookInput,
  targets: readonly { id: string }[],
): Promise<number> {
  if (targets.length === 0) return 0;
  const body = await messageWebhookBody(tx, input);
  for (const target of targets) {
    const delivery = await repo.insertDelivery(tx, {
      applicationId: input.applicationId,
      webhookId: target.id,
      eventType: MESSAGE_RECEIVED,
      messageId: input.message.id,
      payload: body,
    });
    await enqueue(tx, {
      queue: WEBHOOK_QUEUE,
      applicationId: input.applicationId,
      payload: { deliveryId: delivery.id },
      maxAttempts: WEBHOOK_MAX_ATTEMPTS,
    });
  }
  return targets.length;
}

/** The documented Kommunicate message webhook body (applozic-api.md §6). */
async function messageWebhookBody(tx: Db, input: MessageWebhookInput): Promise<MessageWebhookBody> {
  const { conversation, message } = input;
  // The receiver: the customer when a member writes, otherwise the assignee.
  const receiverId =
    message.senderId !== null && message.senderId === conversation.customerId
      ? conversation.assigneeId
      : conversation.customerId;
  const receiver = receiverId ? await accounts.findUserById(tx, input.applicationId, receiverId) : undefined;
  const file = toWebhookFile(message.fileMeta);
  return {
    key: message.clientKey,
    from: input.senderUserId,
    groupId: conversation.id,
    clientGroupId: conversation.clientGroupId,
    groupName: conversation.name,
    message: message.message,
    timeStamp: message.createdAt.getTime(),
    // Presence lives in the real-time nodes' memory, not in the database: we cannot know it here.
    receiverConnected: false,
    receiverLastSeenAtTime: receiver?.lastLoggedInAt ? receiver.lastLoggedInAt.getTime() : null,
    ...(file ? { file } : {}),
    metadata: message.metadata,
  };
}

const text = (v: unknown): string | null => (typeof v === 'string' && v !== '' ? v : null);
const count = (v: unknown): number | null => {
  const n = typeof v === 'string' ? Number(v) : v;
  return typeof n === 'number' && Number.isFinite(n) ? n : null;
};

function toWebhookFile(fileMeta: Record<string, unknown> | null): MessageWebhookBody['file'] {
  if (!fileMeta) return undefined;
  return {
    name: text(fileMeta.name),
    url: text(fileMeta.url) ?? text(fileMeta.blobKey),
    contentType: text(fileMeta.contentType),
    size: count(fileMeta.size),
    thumbnailUrl: text(fileMeta.thumbnailUrl),
  };
}
