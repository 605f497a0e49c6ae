import { type ChannelStatuses, recipientOfTag } from '../channels/index.js';
import * as repo from './repository.js';
import { AWAITING_STATUS_ERROR } from './send-recovery.js';

// Subscribed to the channels' "channel.statuses" (app.ts): the provider's sent, delivered, read
// and failed callbacks about a campaign's sends, found by the tag the send carried (a send whose
// answer was lost with a killed worker is settled this way) or else by the provider's message id,
// so the campaign's progress counts what reached the customers, not only what the provider took.

export async function receiptsOfChannelStatuses(statuses: ChannelStatuses): Promise<void> {
  for (const update of statuses.updates) {
    const recipientId = recipientOfTag(update.tag);
    if (
      recipientId !== null &&
      (await repo.settleTagged(
        statuses.db,
        statuses.applicationId,
        statuses.kind,
        recipientId,
        update,
        AWAITING_STATUS_ERROR,
      ))
    )
      continue;
    await repo.applyReceipt(statuses.db, statuses.applicationId, statuses.kind, update);
  }
}
