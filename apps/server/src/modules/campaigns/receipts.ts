import type { ChannelStatuses } from '../channels/index.js';
import * as repo from './repository.js';

// Subscribed to the channels' "channel.statuses" (app.ts): the provider's delivered, read and
// failed callbacks about a campaign's sends, found by the provider's message id, so the campaign's
// progress counts what reached the customers, not only what the provider took.

export async function receiptsOfChannelStatuses(statuses: ChannelStatuses): Promise<void> {
  for (const update of statuses.updates) {
    await repo.applyReceipt(statuses.db, statuses.applicationId, statuses.kind, update);
  }
}
