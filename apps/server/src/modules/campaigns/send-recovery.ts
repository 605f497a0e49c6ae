import { liveJobRuns } from '../../platform/jobs/job-queue.js';
import { type CampaignChannelDeps, type CampaignSender, TEMPLATE_METADATA_KEY } from '../channels/index.js';
import * as repo from './repository.js';
import type { PlatformMessage } from './service.js';

// What a `campaigns.send` run does first: the rows a dead worker left claimed are settled so that
// nobody gets the campaign twice and nobody is left out. A row is claimed by one job run; once that
// run is over (its lock expired, or it is this job's earlier attempt) the row is abandoned:
// - never attempted (the provider was not called for it): back to the queue, sent normally;
// - attempted (the worker may have died between the provider's answer and our write): the
//   provider is asked (findSent) — sent there: recorded as sent; not there: back to the queue;
// - attempted on a provider that tags its sends and echoes the tag in its status callbacks
//   (WhatsApp Cloud API, 360dialog: biz_opaque_callback_data): settled by that callback
//   (receipts.ts); if it has not come yet, failed for now with AWAITING_STATUS_ERROR, which the
//   callback turns into sent (or the provider's failure) when it arrives; never sent again;
// - attempted on a provider that cannot be asked: failed with a reason, never sent again.
// A worker dies with at most one attempted row per run (sends are one at a time), so only that
// row can end up failed, and only on a provider without a lookup.

/** An unstamped claim (made before runs were stamped) older than this was left by a dead worker. */
export const UNSTAMPED_ABANDONED_AFTER_MS = 2 * 60_000;
export const ABANDONED_ERROR =
  'The worker stopped while this message was being sent and the provider cannot say whether it went; not sent again so nobody gets it twice.';

export const AWAITING_STATUS_ERROR =
  'The worker stopped while this message was being sent; not sent again so nobody gets it twice. The provider has not reported it yet: its status callback will settle it.';

export class ProviderUnavailable extends Error {}

export interface Recovered {
  requeued: number;
  confirmed: number;
  failed: number;
}

export async function recoverAbandoned(
  deps: Pick<CampaignChannelDeps, 'db'>,
  campaignId: string,
  thisRun: string,
  messages: Partial<Record<string, PlatformMessage>>,
  senderOf: (channel: string) => Promise<CampaignSender | { error: string }>,
): Promise<Recovered> {
  const done: Recovered = { requeued: 0, confirmed: 0, failed: 0 };
  const held = (await repo.claimsHeld(deps.db, campaignId)).filter(
    (c): c is string => c !== null && c !== thisRun,
  );
  const live = await liveJobRuns(deps.db, held);
  const dead = held.filter((c) => !live.has(c));
  const rows = await repo.abandonedRecipients(
    deps.db,
    campaignId,
    dead,
    new Date(Date.now() - UNSTAMPED_ABANDONED_AFTER_MS),
  );
  if (rows.length === 0) return done;
  // An unstamped claim (from before attempts were written) may have reached the provider.
  const attemptOf = (r: repo.RecipientRow) => r.attemptedAt ?? (r.claimJob === null ? r.claimedAt : null);
  const untouched = rows.filter((r) => attemptOf(r) === null);
  await repo.requeue(
    deps.db,
    untouched.map((r) => r.id),
  );
  done.requeued += untouched.length;
  for (const row of rows) {
    const attemptedAt = attemptOf(row);
    if (attemptedAt === null) continue;
    const sender = await senderOf(row.channel);
    const message = messages[row.platform];
    if (!('error' in sender) && sender.settlesByStatus && !sender.findSent) {
      await repo.finishRecipient(deps.db, row, { status: 'failed', error: AWAITING_STATUS_ERROR });
      done.failed += 1;
      continue;
    }
    if ('error' in sender || !sender.findSent || !message) {
      await repo.finishRecipient(deps.db, row, { status: 'failed', error: ABANDONED_ERROR });
      done.failed += 1;
      continue;
    }
    const answer = await sender.findSent({
      externalUserId: row.address,
      since: attemptedAt,
      text: message.metadata?.[TEMPLATE_METADATA_KEY] ? null : message.text,
    });
    if ('error' in answer) {
      // The provider cannot say now: the row stays claimed by its dead run and the job retries.
      if (answer.retryable) throw new ProviderUnavailable(answer.error);
      await repo.finishRecipient(deps.db, row, { status: 'failed', error: ABANDONED_ERROR });
      done.failed += 1;
    } else if (answer.found) {
      await repo.finishRecipient(deps.db, row, { status: 'sent', externalId: answer.externalId });
      done.confirmed += 1;
    } else {
      await repo.requeue(deps.db, [row.id]);
      done.requeued += 1;
    }
  }
  return done;
}
