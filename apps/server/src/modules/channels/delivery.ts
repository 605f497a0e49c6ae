import { integrationTypeSchema } from '@convo/api';
import { z } from 'zod';
import type { Db } from '../../platform/db/database.js';
import type { JobHandler } from '../../platform/jobs/job-queue.js';
import type { FileStorage } from '../../platform/storage/storage.js';
import { findAttachment } from '../attachments/index.js';
import { audiencesOf, findConversation, findUsersByIds, markDelivered } from '../conversations/index.js';
import type { Realtime } from '../realtime/index.js';
import { EVENT } from '../realtime/index.js';

import { ChannelProviderError, type OutboundMessage } from './connector.js';
import { recordFailed } from './failed-reply.js';
import { externalUserIdOf } from './inbound.js';
import { channelMediaUrl } from './media-link.js';
import type { ChannelRegistry } from './registry.js';
import * as repo from './repository.js';
import { openConfig } from './service.js';

// The `channels.send` job: sends a conversation's queued replies to its channel, oldest first,
// one at a time. A provider outage (retryable error) leaves the reply at the head of the queue and
// the job retries with backoff; the replies behind it wait, so they all go out in order once the
// provider is back. A refusal that retrying cannot fix (chat gone, bot blocked) fails that reply
// and the next one goes. The provider's last answer becomes the account's status in the hub.

export interface ChannelDeliveryDeps {
  db: Db;
  appSecret: string;
  storage: FileStorage | undefined;
  connectors: ChannelRegistry;
  realtime: Realtime;
  /** PUBLIC_URL: a reply's file is linked there for providers that fetch files by URL. */
  publicUrl?: string | undefined;
}

const payloadSchema = z.object({ conversationId: z.number().int().positive() });

/** Another worker holds the conversation's head: the job comes back after the backoff. */
class ConversationBusy extends Error {}

type Prepared =
  | {
      ok: true;
      send: () => Promise<{ externalId: string }>;
      accountId: string;
      /** The provider sends delivery callbacks: "delivered" waits for them. */
      confirmsDelivery: boolean;
    }
  | { ok: false; error: string };

/** A stored attachment's bytes for a connector (and its signed link), or undefined when gone. */
export async function readFile(
  deps: Pick<ChannelDeliveryDeps, 'db' | 'storage' | 'publicUrl' | 'appSecret'>,
  applicationId: string,
  fileMeta: Record<string, unknown> | null,
) {
  const key = typeof fileMeta?.key === 'string' ? fileMeta.key : null;
  if (!key || !deps.storage) return undefined;
  const row = await findAttachment(deps.db, applicationId, key);
  const object = row ? await deps.storage.get(row.storageKey) : null;
  if (!row || !object) return undefined;
  const chunks: Buffer[] = [];
  for await (const chunk of object.stream) chunks.push(chunk as Buffer);
  const url = deps.publicUrl
    ? channelMediaUrl(deps.publicUrl, deps.appSecret, applicationId, row.id)
    : undefined;
  return { bytes: new Uint8Array(Buffer.concat(chunks)), contentType: row.contentType, name: row.name, url };
}

/** Everything a send needs, or why it can never go (the reply then fails at once). */
async function prepare(
  deps: ChannelDeliveryDeps,
  applicationId: string,
  row: repo.OutboxRow,
): Promise<Prepared> {
  const message = await repo.findOutboundMessage(deps.db, applicationId, row.messageId);
  if (!message) return { ok: false, error: 'The message no longer exists.' };
  const kind = integrationTypeSchema.safeParse(message.channel);
  const connector = kind.success ? deps.connectors.get(kind.data) : undefined;
  const account = connector ? await repo.findAccount(deps.db, applicationId, message.channel) : undefined;
  if (!connector || !account) return { ok: false, error: `The ${message.channel} channel is not connected.` };
  if (account.status === 'disabled')
    return { ok: false, error: `The ${message.channel} channel is disabled.` };
  const config = openConfig(deps.appSecret, connector, account);
  const externalUserId = externalUserIdOf(message.channel, message.clientGroupId);
  if (config === null || externalUserId === null)
    return { ok: false, error: `The ${message.channel} channel must be connected again.` };
  const outbound: OutboundMessage = {
    externalUserId,
    applicationId,
    messageId: row.messageId,
    text: message.message,
    metadata: message.metadata,
    file: await readFile(deps, applicationId, message.fileMeta),
  };
  return {
    ok: true,
    accountId: account.id,
    send: () => connector.send(outbound, config),
    confirmsDelivery: connector.parseStatuses !== undefined,
  };
}

/** The provider took the reply: the customer's side shows it delivered, live. */
async function recordDelivered(deps: ChannelDeliveryDeps, applicationId: string, row: repo.OutboxRow) {
  await deps.realtime.transaction(deps.db, applicationId, async (tx, events) => {
    const conv = await findConversation(tx, applicationId, row.conversationId);
    if (!conv?.customerId) return;
    await markDelivered(tx, conv.id, conv.customerId, row.messageId);
    const [customer] = await findUsersByIds(tx, applicationId, [conv.customerId]);
    events.emit({
      type: EVENT.MESSAGE_DELIVERED,
      conversationId: conv.id,
      audiences: audiencesOf(conv),
      data: { groupId: conv.id, userId: customer?.userId ?? null, messageId: row.messageId },
    });
  });
}

export function channelSendHandler(deps: ChannelDeliveryDeps): JobHandler {
  return async (job) => {
    const { conversationId } = payloadSchema.parse(job.payload);
    const applicationId = job.applicationId;
    if (!applicationId) return;
    for (;;) {
      const row = await repo.claimHead(deps.db, conversationId);
      if (!row) {
        if (await repo.hasUnsent(deps.db, conversationId))
          throw new ConversationBusy('another worker is sending this conversation');
        return;
      }
      const prepared = await prepare(deps, applicationId, row);
      if (!prepared.ok) {
        await recordFailed(deps, applicationId, row, prepared.error);
        continue;
      }
      try {
        const { externalId } = await prepared.send();
        await repo.finishOutbox(deps.db, row.id, { status: 'sent', externalId });
        await repo.recordProviderOutcome(deps.db, prepared.accountId, null);
      } catch (err) {
        const error = err instanceof Error ? err.message : String(err);
        const retry = !(err instanceof ChannelProviderError) || err.retryable;
        if (retry) await repo.finishOutbox(deps.db, row.id, { status: 'pending', error });
        else await recordFailed(deps, applicationId, row, error);
        await repo.recordProviderOutcome(deps.db, prepared.accountId, error);
        if (retry) throw err;
        continue;
      }
      if (!prepared.confirmsDelivery) await recordDelivered(deps, applicationId, row);
    }
  };
}
