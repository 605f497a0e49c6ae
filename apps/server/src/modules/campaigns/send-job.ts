import { CAMPAIGN_SEND_RATE_PER_SECOND, type CampaignPlatform, mayReplyWithFreeText } from '@convo/domain';
import { z } from 'zod';
import { enqueue, type JobHandler, jobRunToken } from '../../platform/jobs/job-queue.js';
import { type CampaignChannelDeps, type CampaignSender, campaignSender } from '../channels/index.js';
import { lastCustomerMessageTimes } from '../conversations/index.js';
import * as repo from './repository.js';
import { ProviderUnavailable, recoverAbandoned, UNSTAMPED_ABANDONED_AFTER_MS } from './send-recovery.js';
import {
  CAMPAIGN_SEND_MAX_ATTEMPTS,
  CAMPAIGN_SEND_QUEUE,
  type PlatformMessage,
  storedMessages,
} from './service.js';

// The `campaigns.send` job: sends a campaign's queued recipients a batch at a time, at each
// platform's rate, through the channel connectors, then queues itself again for the next batch
// (a job stays well inside the queue's claim, so a live worker never loses it). A recipient is
// claimed by one job run before it is sent to, and marked attempted just before the provider is
// called: two jobs of one campaign (the send pressed twice, a job retried) never send anyone twice,
// and what a killed worker left claimed is settled by send-recovery.ts (nobody twice, nobody left
// out). A provider outage puts the claimed rows back and the job retries with backoff; a refusal
// fails that recipient and the next one goes.

export interface CampaignSendDeps extends CampaignChannelDeps {
  /** Messages per second per platform; the domain's provider limits by default. */
  ratePerSecond?: number | undefined;
  /** Longest time one job sends before it hands over to the next (default 20 s). */
  batchMs?: number | undefined;
  /** Waits between sends (tests replace it). */
  sleep?: ((ms: number) => Promise<void>) | undefined;
}

const payloadSchema = z.object({ campaignId: z.string().uuid() });

const MAX_BATCH = 500;
const CANCEL_CHECK_MS = 1000;
/** How soon a campaign waiting for an earlier one on its account looks again. */
const WAIT_TURN_MS = 2000;

/** Why Meta would refuse a proactive message there now, per its Send API's 24-hour window. */
const WINDOW_CLOSED: Readonly<Record<string, string>> = {
  facebook:
    'Outside Messenger’s 24-hour window (the customer last wrote more than 24 hours ago): Meta allows no promotional message there, and its message tags are for other updates; not sent.',
  instagram:
    'Outside Instagram’s 24-hour window (the customer last wrote more than 24 hours ago): Instagram allows no business-initiated message there; not sent.',
};

/**
 * Messenger and Instagram take a business's proactive message (messaging_type UPDATE) only within
 * 24 hours of the customer's last message: a batch's recipients there whose conversation's window
 * is closed are told, once per batch, with the reason they fail with (and are never sent).
 */
async function closedWindows(
  deps: Pick<CampaignSendDeps, 'db'>,
  applicationId: string,
  batch: readonly repo.RecipientRow[],
): Promise<(row: repo.RecipientRow) => string | null> {
  const key = (row: repo.RecipientRow) => `${row.channel}:${row.address}`;
  const meta = batch.filter((r) => WINDOW_CLOSED[r.channel] !== undefined);
  const last = await lastCustomerMessageTimes(deps.db, applicationId, [...new Set(meta.map(key))]);
  const now = new Date();
  return (row) =>
    WINDOW_CLOSED[row.channel] !== undefined &&
    !mayReplyWithFreeText(row.channel, last.get(key(row)) ?? null, now)
      ? WINDOW_CLOSED[row.channel]!
      : null;
}

const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export function campaignSendHandler(deps: CampaignSendDeps): JobHandler {
  const sleep = deps.sleep ?? defaultSleep;
  const batchMs = deps.batchMs ?? 20_000;
  const rateOf = (platform: string) =>
    Math.max(0.1, deps.ratePerSecond ?? CAMPAIGN_SEND_RATE_PER_SECOND[platform as CampaignPlatform] ?? 1);

  return async (job) => {
    const { campaignId } = payloadSchema.parse(job.payload);
    const applicationId = job.applicationId;
    if (!applicationId) return;
    const campaign = await repo.findCampaign(deps.db, applicationId, campaignId);
    if (!campaign || campaign.status === 'cancelled' || campaign.status === 'done') return;
    if (campaign.status === 'scheduled' || campaign.status === 'draft') {
      // Early (a clock ahead of the database's): come back at the scheduled time.
      if (campaign.scheduledAt && campaign.scheduledAt.getTime() > Date.now() + 1000) {
        await enqueue(deps.db, {
          queue: CAMPAIGN_SEND_QUEUE,
          applicationId,
          payload: { campaignId: campaign.id },
          runAt: campaign.scheduledAt,
          maxAttempts: CAMPAIGN_SEND_MAX_ATTEMPTS,
        });
        return;
      }
      await repo.moveCampaign(deps.db, applicationId, campaign.id, ['scheduled', 'draft'], 'sending', {
        startedAt: new Date(),
      });
    }
    const messages = storedMessages(campaign.platforms);
    // One campaign at a time per account: an earlier one still sending on these channels goes first.
    const channels = [...new Set(Object.values(messages).map((m) => m.channel))];
    const started = (await repo.findCampaign(deps.db, applicationId, campaign.id)) ?? campaign;
    if (await repo.earlierCampaignSending(deps.db, applicationId, started, channels)) {
      await enqueue(deps.db, {
        queue: CAMPAIGN_SEND_QUEUE,
        applicationId,
        payload: { campaignId: campaign.id },
        runAt: new Date(Date.now() + WAIT_TURN_MS),
        maxAttempts: CAMPAIGN_SEND_MAX_ATTEMPTS,
      });
      return;
    }
    const senders = new Map<string, CampaignSender | { error: string }>();
    const senderOf = async (channel: string) => {
      let sender = senders.get(channel);
      if (!sender) {
        sender = await campaignSender(deps, applicationId, channel);
        senders.set(channel, sender);
      }
      return sender;
    };
    const run = jobRunToken(job);
    await recoverAbandoned(deps, campaign.id, run, messages, senderOf);

    // The batch: as many as the slowest checked platform sends in one job's time.
    const rates = Object.keys(messages).map(rateOf);
    const slowest = rates.length > 0 ? Math.min(...rates) : 1;
    const limit = Math.max(1, Math.min(MAX_BATCH, Math.floor((slowest * batchMs) / 1000)));
    const batch = await repo.claimRecipients(deps.db, campaign.id, limit, run);
    const windowClosed = await closedWindows(deps, applicationId, batch);
    let outage: string | null = null;
    let checkedAt = Date.now();
    for (let i = 0; i < batch.length; i += 1) {
      const row = batch[i]!;
      // Cancelled meanwhile (looked at once a second): what is still claimed goes back untouched
      // and is never sent.
      if (Date.now() - checkedAt >= CANCEL_CHECK_MS) {
        checkedAt = Date.now();
        const now = await repo.findCampaign(deps.db, applicationId, campaign.id);
        if (now?.status === 'cancelled') {
          await repo.requeue(
            deps.db,
            batch.slice(i).map((r) => r.id),
          );
          return;
        }
      }
      const message: PlatformMessage | undefined = messages[row.platform as CampaignPlatform];
      if (!message) {
        await repo.finishRecipient(deps.db, row, {
          status: 'failed',
          error: 'The platform’s message is missing.',
        });
        continue;
      }
      const sender = await senderOf(row.channel);
      if ('error' in sender) {
        await repo.finishRecipient(deps.db, row, { status: 'failed', error: sender.error });
        continue;
      }
      const closed = windowClosed(row);
      if (closed) {
        await repo.finishRecipient(deps.db, row, { status: 'failed', error: closed });
        continue;
      }
      const started = Date.now();
      await repo.markAttempted(deps.db, row.id);
      const outcome = await sender.send({
        externalUserId: row.address,
        id: row.id,
        text: message.text,
        metadata: message.metadata,
        fileKey: message.fileKey,
      });
      if (outcome.ok) {
        await repo.finishRecipient(deps.db, row, { status: 'sent', externalId: outcome.externalId });
      } else if (outcome.retryable) {
        outage = outcome.error;
        await repo.requeue(
          deps.db,
          batch.slice(i).map((r) => r.id),
        );
        break;
      } else {
        await repo.finishRecipient(deps.db, row, { status: 'failed', error: outcome.error });
      }
      const wait = 1000 / rateOf(row.platform) - (Date.now() - started);
      if (wait > 0 && i < batch.length - 1) await sleep(wait);
    }
    if (outage !== null) throw new ProviderUnavailable(outage);

    const left = await repo.unfinished(deps.db, campaign.id);
    if (left.queued > 0) {
      // The next batch, as a job of its own (the queue keeps it if this process stops now).
      await enqueue(deps.db, {
        queue: CAMPAIGN_SEND_QUEUE,
        applicationId,
        payload: { campaignId: campaign.id },
        maxAttempts: CAMPAIGN_SEND_MAX_ATTEMPTS,
      });
      return;
    }
    if (left.sending === 0) {
      await repo.moveCampaign(deps.db, applicationId, campaign.id, ['sending'], 'done', {
        finishedAt: new Date(),
      });
      return;
    }
    // Another job is still sending its batch; should its worker die, this check finishes the campaign.
    await enqueue(deps.db, {
      queue: CAMPAIGN_SEND_QUEUE,
      applicationId,
      payload: { campaignId: campaign.id },
      runAt: new Date(Date.now() + UNSTAMPED_ABANDONED_AFTER_MS + 1000),
      maxAttempts: CAMPAIGN_SEND_MAX_ATTEMPTS,
    });
  };
}
