import type { Db } from '../../platform/db/database.js';
import { audiencesOf, findConversation, findUsersByIds } from '../conversations/index.js';
import type { Realtime } from '../realtime/index.js';
import { EVENT } from '../realtime/index.js';
import type { DeliveryStatusUpdate } from './connector.js';
import { type ChannelStatuses, channelBus } from './events.js';
import { recordFailed } from './failed-reply.js';
import * as repo from './repository.js';

// Status callbacks: the provider tells us a reply we sent was delivered, read or failed. The
// provider's message id (kept on the outbox row by the send) finds our message; the customer's
// receipt moves forward in the same way as a widget's delivered/read, with the same real-time
// event to the agents. Callbacks arrive repeated and out of order (read before delivered):
// receipts only move forward, and one that does not move announces nothing.

export interface StatusDeps {
  db: Db;
  realtime: Realtime;
}

async function outboxRowOf(
  deps: StatusDeps,
  applicationId: string,
  kind: string,
  update: DeliveryStatusUpdate,
) {
  if ('externalMessageId' in update) {
    return repo.findOutboxByExternalId(deps.db, applicationId, update.externalMessageId);
  }
  return repo.findLastSentUpTo(
    deps.db,
    applicationId,
    // The conversation's client id, as inbound.ts's channelGroupId makes it.
    `${kind}:${update.externalUserId}`,
    new Date(update.upTo),
  );
}

/** Applies one delivery's status callbacks; answers how many changed a message's status. */
export async function applyStatusUpdates(
  deps: StatusDeps,
  applicationId: string,
  kind: string,
  updates: readonly DeliveryStatusUpdate[],
): Promise<number> {
  let changed = 0;
  const unmatched: ChannelStatuses['updates'][number][] = [];
  for (const update of updates) {
    const row = await outboxRowOf(deps, applicationId, kind, update);
    // Not a reply (a campaign's send, told below) or not ours (sent from the provider's own app).
    if (!row) {
      if ('externalMessageId' in update)
        unmatched.push({
          externalMessageId: update.externalMessageId,
          status: update.status,
          error: update.error,
          ...(update.tag ? { tag: update.tag } : {}),
        });
      continue;
    }
    // A reply's receipt starts at delivered; its 'sent' was recorded when the provider took it.
    if (update.status === 'sent') continue;
    if (update.status === 'failed') {
      if (row.status === 'failed') continue;
      await recordFailed(deps, applicationId, row, update.error ?? 'The provider could not deliver it.');
      changed += 1;
      continue;
    }
    const status = update.status;
    const moved = await deps.realtime.transaction(deps.db, applicationId, async (tx, events) => {
      const conv = await findConversation(tx, applicationId, row.conversationId);
      if (!conv?.customerId) return false;
      if (!(await repo.advanceReceipt(tx, conv.id, conv.customerId, row.messageId, status))) return false;
      const [customer] = await findUsersByIds(tx, applicationId, [conv.customerId]);
      events.emit({
        type: status === 'read' ? EVENT.MESSAGE_READ : EVENT.MESSAGE_DELIVERED,
        conversationId: conv.id,
        audiences: audiencesOf(conv),
        data: { groupId: conv.id, userId: customer?.userId ?? null, messageId: row.messageId },
      });
      return true;
    });
    if (moved) changed += 1;
  }
  if (unmatched.length > 0)
    await channelBus.emit('channel.statuses', { db: deps.db, applicationId, kind, updates: unmatched });
  return changed;
}
