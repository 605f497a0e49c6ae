import { type IntegrationType, integrationTypeSchema } from '@convo/api';
import type { AuthContext } from '../../http/auth.js';
import { AppError, notFound } from '../../http/errors.js';
import type { Db } from '../../platform/db/database.js';
import { isUniqueViolation } from '../../platform/db/errors.js';
import { createKeyedBatcher, type KeyedBatcher } from '../../platform/keyed-batcher.js';
import type { FileStorage } from '../../platform/storage/storage.js';
import * as accounts from '../accounts/index.js';
import { storeUpload } from '../attachments/index.js';
import { createConversation, type MessagingDeps } from '../conversations/index.js';
import { sendMessage } from '../messages/index.js';
import { accountForDelivery } from './account-cache.js';
import { ChannelProviderError, type InboundMessage, type WebhookReply } from './connector.js';
import type { ChannelRegistry } from './registry.js';
import * as repo from './repository.js';
import { openConfig } from './service.js';
import { applyStatusUpdates } from './status.js';

// The inbound pipeline every channel shares: the provider's delivery is checked (account, then
// signature), each customer message finds or creates its customer and conversation by the
// provider's ids, and is stored through the same send as a widget message, so routing, bots,
// webhooks and the inbox's real-time events work unchanged. The provider's message id is the
// message's client key: a retried delivery is stored once.

export interface InboundDeps extends MessagingDeps {
  appSecret: string;
  publicUrl: string;
  storage: FileStorage;
  connectors: ChannelRegistry;
}

// Lookups of one application's inbound messages that arrive while one is being read go together
// in the next (group commit, as the sends): on the embedded database every statement waits for the
// one before it, and a lookup per delivery kept the sends from forming batches.
const MAX_LOOKUP_BATCH = 200;
const lookups = new WeakMap<Db, KeyedBatcher<repo.InboundKeys, repo.InboundKnown>>();

function lookupsOf(db: Db) {
  let batcher = lookups.get(db);
  if (!batcher) {
    batcher = createKeyedBatcher<repo.InboundKeys, repo.InboundKnown>(async (applicationId, keys) => {
      const known = await repo.lookupInbound(db, applicationId, keys);
      return known.map((value) => ({ ok: true, value }));
    }, MAX_LOOKUP_BATCH);
    lookups.set(db, batcher);
  }
  return batcher;
}

const channelNotFound = () =>
  notFound('No such channel: the application does not exist or has not connected this channel.');

/** SPEC §3 group metadata.source of a channel's conversations (mail marks a mail group). */
const SOURCE_OF: Partial<Record<IntegrationType, string>> = { email: 'mail' };

/** A conversation's client id: one conversation per customer and channel in an application. */
export const channelGroupId = (kind: IntegrationType, externalUserId: string) => `${kind}:${externalUserId}`;
/** The customer's id at the provider, read back from the conversation's client id. */
export function externalUserIdOf(kind: string, clientGroupId: string): string | null {
  return clientGroupId.startsWith(`${kind}:`) ? clientGroupId.slice(kind.length + 1) : null;
}

/**
 * Handles a webhook delivery; answers how many new messages were stored and the provider-format
 * answer the connector gives (if any). 404 for an unknown channel or application, 401 for a
 * missing or wrong signature (nothing stored).
 */
export async function receiveWebhook(
  deps: InboundDeps,
  type: string,
  applicationId: string,
  headers: Readonly<Record<string, string | string[] | undefined>>,
  body: unknown,
  rawBody = '',
): Promise<{ stored: number; reply: WebhookReply | undefined }> {
  const kind = integrationTypeSchema.safeParse(type);
  const connector = kind.success ? deps.connectors.get(kind.data) : undefined;
  if (!kind.success || !connector) throw channelNotFound();
  if (connector.isHandshake?.(body)) return { stored: 0, reply: connector.webhookReply };
  const found = await accountForDelivery(deps.db, applicationId, kind.data);
  if (!found || found.application.disabledAt) throw channelNotFound();
  const { account, application } = found;
  const config = openConfig(deps.appSecret, connector, account);
  if (config === null || !connector.verify(headers, config, rawBody)) {
    throw new AppError(401, 'INVALID_SIGNATURE', 'The delivery is not signed with this channel’s secret.');
  }
  const reply = () => connector.respond?.(body, config) ?? connector.webhookReply;
  // A disabled channel is acknowledged (the provider stops retrying) and ignored.
  if (account.status === 'disabled') return { stored: 0, reply: connector.webhookReply };
  let stored = 0;
  let inbound: InboundMessage[];
  try {
    inbound = await connector.parseInbound(body, config);
  } catch (err) {
    // The provider could not be asked for the rest of the delivery: it may send it again.
    if (err instanceof ChannelProviderError)
      throw new AppError(502, 'PROVIDER_UNAVAILABLE', `${kind.data}: ${err.message}`);
    throw err;
  }
  for (const message of inbound) {
    if (await receiveOne(deps, application, kind.data, message)) stored += 1;
  }
  const statuses = connector.parseStatuses?.(body, config) ?? [];
  if (statuses.length > 0) await applyStatusUpdates(deps, application.id, kind.data, statuses);
  return { stored, reply: reply() };
}

/**
 * A provider's webhook verification request (Meta's GET handshake): the challenge to echo back.
 * 404 as for deliveries; 403 when the verify token is not this channel's.
 */
export async function answerChallenge(
  deps: InboundDeps,
  type: string,
  applicationId: string,
  query: Readonly<Record<string, unknown>>,
): Promise<string> {
  const kind = integrationTypeSchema.safeParse(type);
  const connector = kind.success ? deps.connectors.get(kind.data) : undefined;
  if (!kind.success || !connector?.challenge) throw channelNotFound();
  const found = await accountForDelivery(deps.db, applicationId, kind.data);
  if (!found || found.application.disabledAt) throw channelNotFound();
  const config = openConfig(deps.appSecret, connector, found.account);
  const answer = config === null ? null : connector.challenge(query, config);
  if (answer === null)
    throw new AppError(403, 'INVALID_VERIFY_TOKEN', 'The verify token is not this channel’s.');
  return answer;
}

/**
 * Stores messages a connector fetched itself (an IMAP poll) rather than received by webhook:
 * the same pipeline after the signature check. Answers how many were new; nothing for an
 * unknown, disabled or disconnected account.
 */
export async function receivePolled(
  deps: InboundDeps,
  applicationId: string,
  kind: IntegrationType,
  inbound: readonly InboundMessage[],
): Promise<number> {
  const found = await accountForDelivery(deps.db, applicationId, kind);
  if (!found || found.application.disabledAt || found.account.status === 'disabled') return 0;
  let stored = 0;
  for (const message of inbound) {
    if (await receiveOne(deps, found.application, kind, message)) stored += 1;
  }
  return stored;
}

function customerCaller(application: accounts.ApplicationRow, id: string, userId: string): AuthContext {
  return {
    tokenHash: '',
    userId: id,
    userName: userId,
    applicationId: application.id,
    roleType: null,
    product: application.product === 'agent' ? 'agent' : 'classic',
    sessionExpiresAt: new Date(Date.now() + 60_000),
  };
}

/** The customer's row id: the one found, or a new end user named as the provider names them. */
async function customerOf(
  deps: InboundDeps,
  applicationId: string,
  kind: IntegrationType,
  message: InboundMessage,
  found: string | null,
): Promise<string> {
  if (found !== null) return found;
  const userId = `${kind}-${message.externalUserId}`;
  try {
    const created = await accounts.insertUser(deps.db, {
      applicationId,
      userId,
      displayName: message.displayName,
      roleType: null,
      roleName: 'USER',
      authenticationTypeId: 0,
      metadata: { channel: kind },
    });
    return created.id;
  } catch (err) {
    // Two first messages of one customer at once: the second finds the first's row.
    const again = isUniqueViolation(err)
      ? await accounts.findUserInApplication(deps.db, applicationId, userId)
      : undefined;
    if (!again) throw err;
    return again.id;
  }
}

async function conversationOf(
  deps: InboundDeps,
  caller: AuthContext,
  kind: IntegrationType,
  message: InboundMessage,
  found: number | null,
) {
  if (found !== null) return found;
  const clientGroupId = channelGroupId(kind, message.externalThreadId ?? message.externalUserId);
  const create = () =>
    createConversation(
      deps,
      caller,
      {
        clientGroupId,
        groupName: message.conversationName || message.displayName,
        type: 10,
        metadata: { source: SOURCE_OF[kind] ?? kind },
      },
      { channel: kind },
    );
  try {
    return (await create()).id;
  } catch (err) {
    // Created meanwhile by a parallel delivery of the same customer: the retry returns it.
    if (!isUniqueViolation(err)) throw err;
    return (await create()).id;
  }
}

/**
 * The customer's file in our storage: an image within the platform's limits. A refused file
 * (too large, not an image) leaves a visible note on the message instead; a provider outage
 * throws, so the provider retries the delivery.
 */
async function storeMedia(deps: InboundDeps, caller: AuthContext, message: InboundMessage) {
  if (!message.media) return { fileMeta: undefined, note: '' };
  try {
    const file = await message.media.fetch();
    const meta = await storeUpload(
      deps,
      caller,
      { filename: file.name, mimetype: file.contentType, bytes: Buffer.from(file.bytes) },
      message.media.kind ?? 'image',
    );
    return { fileMeta: { key: meta.key }, note: '' };
  } catch (err) {
    if (err instanceof ChannelProviderError && err.retryable) throw err;
    const reason = err instanceof Error ? err.message : String(err);
    return { fileMeta: undefined, note: `[The customer's file could not be received: ${reason}]` };
  }
}

async function receiveOne(
  deps: InboundDeps,
  application: accounts.ApplicationRow,
  kind: IntegrationType,
  message: InboundMessage,
): Promise<boolean> {
  const key = `${kind}:${message.externalMessageId}`;
  const userId = `${kind}-${message.externalUserId}`;
  const known = await lookupsOf(deps.db).submit(application.id, {
    clientKey: key,
    userId,
    clientGroupId: channelGroupId(kind, message.externalThreadId ?? message.externalUserId),
  });
  // A retried delivery: stored already (checked before fetching any file again).
  if (known.duplicate) return false;
  const customerId = await customerOf(deps, application.id, kind, message, known.customerId);
  const caller = customerCaller(application, customerId, userId);
  const groupId = await conversationOf(deps, caller, kind, message, known.conversationId);
  const { fileMeta, note } = await storeMedia(deps, caller, message);
  const text = [message.text, note].filter((part) => part !== '').join('\n');
  const { created } = await sendMessage(deps, caller, {
    groupId,
    key,
    message: text,
    contentType: message.contentType ?? 0,
    metadata: { ...message.metadata, channel: kind },
    fileMeta,
  });
  return created;
}
