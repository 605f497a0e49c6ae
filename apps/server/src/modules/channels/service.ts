import {
  channelWebhookPath,
  INTEGRATION_CATEGORY_OF,
  INTEGRATION_TYPES,
  type Integration,
  type IntegrationStatus,
  type IntegrationType,
} from '@convo/api';
// zod's core error: what classic and mini schemas (the contracts are mini) both throw.
import { $ZodError } from 'zod/v4/core';
import { AppError, badRequest, notFound } from '../../http/errors.js';
import { openSealedJson, randomToken, sealJson } from '../../platform/crypto.js';
import type { Db } from '../../platform/db/database.js';
import { forgetAccount } from './account-cache.js';
import { type AnyChannelConnector, ChannelProviderError } from './connector.js';
import type { ChannelRegistry } from './registry.js';
import * as repo from './repository.js';

// The integrations hub: which integrations exist, their status, connect / disconnect /
// enable / disable. Credentials are sealed with the app secret and never leave the server.

export interface ChannelServiceDeps {
  db: Db;
  appSecret: string;
  /** PUBLIC_URL: the providers post to our webhook there. */
  publicUrl: string;
  connectors: ChannelRegistry;
  /** INBOUND_MAIL_DOMAIN when the built-in SMTP receiver runs (SMTP_RECEIVER_PORT); else none. */
  inboundMailDomain?: string | null | undefined;
}

const STATUS_OF: Record<string, IntegrationStatus> = {
  connected: 'connected',
  error: 'error',
  disabled: 'disabled',
};

function toIntegration(
  deps: ChannelServiceDeps,
  applicationId: string,
  type: IntegrationType,
  row: repo.ChannelAccountRow | undefined,
): Integration {
  return {
    type,
    category: INTEGRATION_CATEGORY_OF[type],
    status: row ? (STATUS_OF[row.status] ?? 'error') : 'not_connected',
    displayName: row?.displayName ?? '',
    lastError: row?.lastError ?? null,
    lastErrorAt: row?.lastErrorAt?.getTime() ?? null,
    connectedAt: row?.createdAt.getTime() ?? null,
    webhookUrl:
      row && !deps.connectors.get(type)?.polled
        ? `${deps.publicUrl}${channelWebhookPath(type, applicationId)}`
        : null,
    inboundAddress:
      row && type === 'email' && deps.inboundMailDomain ? `${applicationId}@${deps.inboundMailDomain}` : null,
  };
}

export const integrationNotFound = (type: string) =>
  notFound(`No ${type} integration is connected to this application.`);

function connectorOf(
  deps: Pick<ChannelServiceDeps, 'connectors'>,
  type: IntegrationType,
): AnyChannelConnector {
  const connector = deps.connectors.get(type);
  if (!connector) throw notFound(`The ${type} integration is not available on this server.`);
  return connector;
}

/** The account's configuration, opened and checked; null when it cannot be read (secret changed). */
export function openConfig(appSecret: string, connector: AnyChannelConnector, row: repo.ChannelAccountRow) {
  const parsed = connector.configSchema.safeParse(openSealedJson(appSecret, row.sealedConfig));
  return parsed.success ? parsed.data : null;
}

export async function listIntegrations(
  deps: ChannelServiceDeps,
  applicationId: string,
): Promise<Integration[]> {
  const rows = await repo.listAccounts(deps.db, applicationId);
  return INTEGRATION_TYPES.filter((type) => deps.connectors.has(type)).map((type) =>
    toIntegration(
      deps,
      applicationId,
      type,
      rows.find((r) => r.kind === type),
    ),
  );
}

export async function integrationDetail(
  deps: ChannelServiceDeps,
  applicationId: string,
  type: IntegrationType,
) {
  connectorOf(deps, type);
  return toIntegration(deps, applicationId, type, await repo.findAccount(deps.db, applicationId, type));
}

/** A provider's refusal as the admin should read it: their credentials (400) or the provider down (502). */
export function providerRefusal(type: IntegrationType, err: ChannelProviderError) {
  return err.retryable
    ? new AppError(502, 'PROVIDER_UNAVAILABLE', `${type} could not be reached; try again. (${err.message})`)
    : badRequest('INTEGRATION_REJECTED', `${type} refused these credentials: ${err.message}`);
}

/**
 * Connects (or reconnects): the connector checks the credentials with the provider and sets its
 * webhook to us with a fresh secret; only then is the account stored, sealed.
 */
export async function connectIntegration(
  deps: ChannelServiceDeps,
  applicationId: string,
  type: IntegrationType,
  input: unknown,
  /** More writes of the same user action, in the account's transaction (a used OAuth pick's removal). */
  alsoWrite?: (tx: Db) => Promise<void>,
): Promise<Integration> {
  const connector = connectorOf(deps, type);
  const webhook = {
    url: `${deps.publicUrl}${channelWebhookPath(type, applicationId)}`,
    secret: randomToken(32),
  };
  let connected: Awaited<ReturnType<AnyChannelConnector['connect']>>;
  try {
    connected = await connector.connect(input, webhook);
  } catch (err) {
    if (err instanceof ChannelProviderError) throw providerRefusal(type, err);
    // Another type's fields (the route's body is the union of every type's): this type's message.
    if (err instanceof $ZodError)
      throw badRequest('INVALID_PARAMETER', err.issues[0]?.message ?? `Give the ${type} credentials.`);
    throw err;
  }
  const row = await deps.db.transaction(async (tx) => {
    const stored = await repo.upsertAccount(tx, {
      applicationId,
      kind: type,
      sealedConfig: sealJson(deps.appSecret, connected.config),
      displayName: connected.displayName,
      externalId: connected.externalId,
    });
    await alsoWrite?.(tx);
    return stored;
  });
  // After the write: a lookup started before it cannot leave the old credentials cached.
  forgetAccount(deps.db, applicationId, type);
  return toIntegration(deps, applicationId, type, row);
}

/** Disconnects: the provider's webhook is removed when it still answers; the account is deleted either way. */
export async function disconnectIntegration(
  deps: ChannelServiceDeps,
  applicationId: string,
  type: IntegrationType,
) {
  const connector = connectorOf(deps, type);
  const row = await repo.findAccount(deps.db, applicationId, type);
  if (!row) throw integrationNotFound(type);
  const config = openConfig(deps.appSecret, connector, row);
  if (config !== null) await connector.disconnect(config).catch(() => undefined);
  await repo.deleteAccount(deps.db, applicationId, type);
  forgetAccount(deps.db, applicationId, type);
}

export async function setIntegrationEnabled(
  deps: ChannelServiceDeps,
  applicationId: string,
  type: IntegrationType,
  enabled: boolean,
): Promise<Integration> {
  connectorOf(deps, type);
  const row = await repo.setAccountEnabled(deps.db, applicationId, type, enabled);
  forgetAccount(deps.db, applicationId, type);
  if (!row) throw integrationNotFound(type);
  return toIntegration(deps, applicationId, type, row);
}

/**
 * Reads something from the provider with the connected account's configuration (a WhatsApp
 * account's templates); the provider's refusal answers as a connect does.
 */
export async function listTemplatesOf<T>(
  deps: ChannelServiceDeps,
  applicationId: string,
  type: IntegrationType,
  read: (config: unknown) => Promise<T>,
): Promise<T> {
  const connector = connectorOf(deps, type);
  const row = await repo.findAccount(deps.db, applicationId, type);
  if (!row) throw integrationNotFound(type);
  const config = openConfig(deps.appSecret, connector, row);
  if (config === null) throw badRequest('INTEGRATION_REJECTED', `Connect ${type} again.`);
  try {
    return await read(config);
  } catch (err) {
    if (err instanceof ChannelProviderError) throw providerRefusal(type, err);
    throw err;
  }
}
