import { slackParentText, slackThreadText } from '@convo/domain';
import { z } from 'zod';
import type { Db } from '../../../platform/db/database.js';
import type { JobHandler } from '../../../platform/jobs/job-queue.js';
import { ChannelProviderError } from '../connector.js';
import * as channels from '../repository.js';
import { openSlackConfig, type SlackConfig, slackApiOf } from './connector.js';
import * as repo from './repository.js';

// The `slack.mirror` job (enqueue.ts writes its rows): posts a conversation's outbox rows in
// order: the first opens the conversation's thread (its parent names the customer and links the
// conversation), the next ones go in that thread. Slack down or rate limiting: the row stays at the
// head and the job retries with the queue's backoff; a refusal retrying cannot fix (token revoked,
// bot removed from the channel) fails the row, and the hub shows Slack's error.

export interface SlackMirrorDeps {
  db: Db;
  appSecret: string;
  /** SLACK_API_URL. */
  apiUrl: string;
  /** PUBLIC_URL: the parent message links the conversation in the dashboard there. */
  publicUrl: string;
}

const payloadSchema = z.object({ conversationId: z.number().int().positive() });

/** Another worker holds the conversation's head: the job comes back after the backoff. */
class ConversationBusy extends Error {}

type Account = { id: string; config: SlackConfig } | { error: string };

export async function slackAccountOf(deps: SlackMirrorDeps, applicationId: string): Promise<Account> {
  const row = await channels.findAccount(deps.db, applicationId, 'slack');
  if (!row) return { error: 'Slack is not connected.' };
  if (row.status === 'disabled') return { error: 'Slack is disabled.' };
  const config = openSlackConfig(deps.appSecret, row.sealedConfig);
  if (config === null) return { error: 'Slack must be connected again.' };
  return { id: row.id, config };
}

/** Posts one outbox row: in the conversation's thread, or as the thread's parent when it has none. */
async function post(
  deps: SlackMirrorDeps,
  applicationId: string,
  config: SlackConfig,
  row: repo.SlackOutboxRow,
): Promise<string | null> {
  const found = await repo.findMirrorMessage(deps.db, applicationId, row.messageId);
  if (!found) return null;
  const fileName = typeof found.fileMeta?.name === 'string' ? found.fileMeta.name : null;
  const message = {
    senderType: found.senderType,
    senderName: found.senderName ?? '',
    text: found.message,
    fileName,
  };
  const slack = slackApiOf(deps.apiUrl, config);
  const thread = await repo.findThread(deps.db, row.conversationId, config.channelId);
  if (thread) return slack.post(config.channelId, slackThreadText(message), thread.threadTs);
  const ts = await slack.post(
    config.channelId,
    slackParentText({
      customerName: found.customerName || found.conversationName,
      conversationUrl: `${deps.publicUrl}/conversations/${row.conversationId}`,
      first: message,
    }),
  );
  await repo.saveThread(deps.db, {
    applicationId,
    conversationId: row.conversationId,
    channelId: config.channelId,
    threadTs: ts,
  });
  return ts;
}

export function slackMirrorHandler(deps: SlackMirrorDeps): JobHandler {
  return async (job) => {
    const { conversationId } = payloadSchema.parse(job.payload);
    const applicationId = job.applicationId;
    if (!applicationId) return;
    for (;;) {
      const row = await repo.claimHead(deps.db, conversationId);
      if (!row) {
        if (await repo.hasUnsent(deps.db, conversationId))
          throw new ConversationBusy('another worker is posting this conversation');
        return;
      }
      const account = await slackAccountOf(deps, applicationId);
      if ('error' in account) {
        await repo.finishOutbox(deps.db, row.id, { status: 'failed', error: account.error });
        continue;
      }
      try {
        const ts = await post(deps, applicationId, account.config, row);
        // The row's outcome and the hub's status together: one seen without the other confuses
        // whoever looks in between (the hub said "connected" beside a failed message).
        await deps.db.transaction(async (tx) => {
          if (ts === null)
            await repo.finishOutbox(tx, row.id, { status: 'failed', error: 'The message no longer exists.' });
          else await repo.finishOutbox(tx, row.id, { status: 'sent', externalId: ts });
          await channels.recordProviderOutcome(tx, account.id, null);
        });
      } catch (err) {
        const error = err instanceof Error ? err.message : String(err);
        const retry = !(err instanceof ChannelProviderError) || err.retryable;
        await deps.db.transaction(async (tx) => {
          await repo.finishOutbox(tx, row.id, { status: retry ? 'pending' : 'failed', error });
          await channels.recordProviderOutcome(tx, account.id, error);
        });
        if (retry) throw err;
      }
    }
  };
}
