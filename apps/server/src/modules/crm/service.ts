import {
  CRM_ERRORS,
  CRM_PROVIDERS,
  type CrmConnection,
  type CrmConversation as CrmConversationState,
  type CrmLink,
  type CrmProvider,
  type CrmSettingsRequest,
} from '@convo/api';
import type { AuthContext } from '../../http/auth.js';
import { AppError, badRequest, conflict, notFound } from '../../http/errors.js';
import { requireMember } from '../../http/policy.js';
import { openSealedJson, sealJson } from '../../platform/crypto.js';
import type { Db } from '../../platform/db/database.js';
import * as conversations from '../conversations/index.js';
import { buildTranscript } from '../transcripts/index.js';
import type { CrmConversation, CrmRecord } from './connector.js';
import { CrmAuthError, CrmRejectedError, CrmUnavailableError } from './http.js';
import type { CrmProviders } from './registry.js';
import * as repo from './repository.js';

// The rules of CRMs and helpdesks: settings sealed and never returned; a refusal of the
// credentials turns the integration to "reconnect" (the page and the conversation's action say
// so); each conversation keeps what it became at each provider; every read names the application.

export interface CrmDeps {
  db: Db;
  appSecret: string;
  publicUrl: string;
  providers: CrmProviders;
}

const NAMES: Record<CrmProvider, string> = {
  zendesk: 'Zendesk',
  hubspot: 'HubSpot',
  salesforce: 'Salesforce',
};

const reconnectMessage = (p: CrmProvider) =>
  `${NAMES[p]} refused the credentials. Reconnect it in Integrations → CRMs and helpdesks.`;

/** How a provider failure reaches the dashboard: a clear code, never a 500. */
function asAppError(provider: CrmProvider, err: unknown, onSave = false): unknown {
  if (err instanceof CrmAuthError)
    return new AppError(
      onSave ? 400 : 409,
      CRM_ERRORS.reconnect,
      onSave ? err.message : reconnectMessage(provider),
    );
  if (err instanceof CrmUnavailableError) return new AppError(502, CRM_ERRORS.unavailable, err.message);
  if (err instanceof CrmRejectedError) return badRequest('CRM_REJECTED', err.message);
  return err;
}

function toConnection(
  provider: CrmProvider,
  row: repo.CrmConnectionRow | undefined,
  appSecret: string,
): CrmConnection {
  if (!row)
    return {
      provider,
      status: 'not_connected',
      account: null,
      authKind: null,
      syncOnResolve: false,
      lastError: null,
      updatedAt: null,
    };
  const opened = openSealedJson(appSecret, row.configSealed);
  const authKind =
    provider === 'salesforce'
      ? opened && typeof opened === 'object' && (opened as { clientId?: unknown }).clientId
        ? 'client_credentials'
        : 'token'
      : 'token';
  return {
    provider,
    status: row.status === 'reconnect' || opened === null ? 'reconnect' : 'connected',
    account: row.account,
    authKind,
    syncOnResolve: row.syncOnResolve,
    lastError: opened === null ? 'The stored credentials cannot be read: enter them again.' : row.lastError,
    updatedAt: row.updatedAt.getTime(),
  };
}

export async function listConnections(deps: CrmDeps, applicationId: string): Promise<CrmConnection[]> {
  const rows = await repo.listConnections(deps.db, applicationId);
  return CRM_PROVIDERS.map((p) =>
    toConnection(
      p,
      rows.find((r) => r.provider === p),
      deps.appSecret,
    ),
  );
}

/** The stored settings, opened and checked; null when there are none (or they cannot be read). */
function openConfig(deps: CrmDeps, provider: CrmProvider, row: repo.CrmConnectionRow | undefined): unknown {
  if (!row) return null;
  const parsed = deps.providers
    .connector(provider)
    .configSchema.safeParse(openSealedJson(deps.appSecret, row.configSealed));
  return parsed.success ? parsed.data : null;
}

/** Saves the settings once the provider accepted them: a refused token is never stored as connected. */
export async function saveSettings(
  deps: CrmDeps,
  applicationId: string,
  input: CrmSettingsRequest,
): Promise<CrmConnection> {
  const { provider, syncOnResolve, ...fields } = input;
  const connector = deps.providers.connector(provider);
  const previous = openConfig(deps, provider, await repo.findConnection(deps.db, applicationId, provider));
  let connected: ReturnType<typeof connector.configure>;
  try {
    connected = connector.configure(fields, previous);
    await connector.test(deps.providers.http(provider), connected.config);
  } catch (err) {
    if (err instanceof TypeError) throw badRequest('INVALID_PARAMETER', 'The address is not valid.');
    throw asAppError(provider, err, true);
  }
  const row = await repo.upsertConnection(deps.db, {
    applicationId,
    provider,
    configSealed: sealJson(deps.appSecret, connected.config),
    account: connected.account,
    status: 'connected',
    syncOnResolve,
    lastError: null,
  });
  return toConnection(provider, row, deps.appSecret);
}

export async function removeSettings(db: Db, applicationId: string, provider: CrmProvider): Promise<void> {
  if (!(await repo.deleteConnection(db, applicationId, provider)))
    throw notFound(`${NAMES[provider]} is not connected.`);
}

/** The connection and its opened settings; refuses when there is none. */
async function connectionOf(deps: CrmDeps, applicationId: string, provider: CrmProvider) {
  const row = await repo.findConnection(deps.db, applicationId, provider);
  if (!row) throw conflict(CRM_ERRORS.notConnected, `${NAMES[provider]} is not connected.`);
  const config = openConfig(deps, provider, row);
  if (config === null || row.status === 'reconnect')
    throw conflict(CRM_ERRORS.reconnect, reconnectMessage(provider));
  return { row, config };
}

/** Runs one provider call, recording its outcome on the connection (a refusal: reconnect). */
async function withStatus<T>(
  deps: CrmDeps,
  applicationId: string,
  provider: CrmProvider,
  run: () => Promise<T>,
): Promise<T> {
  try {
    const result = await run();
    await repo.setStatus(deps.db, applicationId, provider, 'connected', null);
    return result;
  } catch (err) {
    if (err instanceof CrmAuthError)
      await repo.setStatus(deps.db, applicationId, provider, 'reconnect', err.message);
    else if (err instanceof CrmUnavailableError || err instanceof CrmRejectedError)
      await repo.setStatus(deps.db, applicationId, provider, 'connected', err.message);
    throw err;
  }
}

/** "Test connection": signs in again with the stored settings. */
export async function testConnection(
  deps: CrmDeps,
  applicationId: string,
  provider: CrmProvider,
): Promise<CrmConnection> {
  const row = await repo.findConnection(deps.db, applicationId, provider);
  if (!row) throw conflict(CRM_ERRORS.notConnected, `${NAMES[provider]} is not connected.`);
  const config = openConfig(deps, provider, row);
  if (config === null) throw conflict(CRM_ERRORS.reconnect, reconnectMessage(provider));
  const connector = deps.providers.connector(provider);
  try {
    await withStatus(deps, applicationId, provider, () =>
      connector.test(deps.providers.http(provider), config),
    );
  } catch (err) {
    throw asAppError(provider, err);
  }
  return toConnection(provider, await repo.findConnection(deps.db, applicationId, provider), deps.appSecret);
}

const toLink = (row: repo.CrmLinkRow): CrmLink => ({
  provider: row.provider as CrmProvider,
  kind: row.kind === 'ticket' ? 'ticket' : 'activity',
  externalId: row.externalId,
  url: row.url,
  contactId: row.contactId,
  syncedAt: row.syncedAt.getTime(),
});

export async function conversationState(
  deps: CrmDeps,
  caller: AuthContext,
  groupId: number,
): Promise<CrmConversationState> {
  requireMember(caller);
  const conv = await conversations.findVisible(deps.db, caller, { groupId });
  const [connections, links] = await Promise.all([
    listConnections(deps, caller.applicationId),
    repo.listLinks(deps.db, caller.applicationId, conv.id),
  ]);
  const zendesk = connections.find((c) => c.provider === 'zendesk');
  return {
    providers: connections
      .filter((c) => c.status !== 'not_connected')
      .map((c) => ({ provider: c.provider, status: c.status })),
    zendesk: {
      enabled: zendesk?.status === 'connected',
      integrated: links.some((l) => l.provider === 'zendesk' && l.kind === 'ticket'),
    },
    links: links.map(toLink),
  };
}

/** The conversation as it goes to a provider: the transcript and the customer's details. */
async function crmConversationOf(
  deps: CrmDeps,
  applicationId: string,
  conv: conversations.ConversationRow,
): Promise<CrmConversation> {
  const transcript = await buildTranscript({ db: deps.db, publicUrl: deps.publicUrl }, applicationId, conv);
  const [customer] = conv.customerId
    ? await conversations.findUsersByIds(deps.db, applicationId, [conv.customerId])
    : [];
  return {
    id: conv.id,
    name: conv.name,
    link: `${deps.publicUrl}/conversations/${conv.id}`,
    subject: transcript.subject,
    transcript: transcript.text,
    customer: customer
      ? {
          userId: customer.userId,
          name: customer.displayName || customer.userId,
          email: customer.email,
          phone: customer.contactNumber,
        }
      : null,
    resolvedAt: conv.resolvedAt,
    createdAt: conv.createdAt,
  };
}

/** SPEC §7 conversation update: the conversation carries what it became at the provider. */
async function markConversation(
  db: Db,
  applicationId: string,
  conversationId: number,
  provider: CrmProvider,
  record: CrmRecord,
): Promise<void> {
  await db.transaction(async (tx) => {
    const row = await conversations.lockConversation(tx, applicationId, conversationId);
    if (!row) return;
    const key = provider === 'zendesk' ? 'zendeskTicketId' : `${provider}ActivityId`;
    await conversations.updateConversation(tx, applicationId, conversationId, {
      metadata: { ...row.metadata, [key]: record.externalId },
    });
  });
}

/** Makes the provider's record for a conversation and keeps its link (kind: ticket or activity). */
async function push(
  deps: CrmDeps,
  applicationId: string,
  conv: conversations.ConversationRow,
  provider: CrmProvider,
): Promise<CrmLink> {
  const { config } = await connectionOf(deps, applicationId, provider);
  const connector = deps.providers.connector(provider);
  const http = deps.providers.http(provider);
  const kind = provider === 'zendesk' ? 'ticket' : 'activity';
  const run = kind === 'ticket' ? connector.createTicket : connector.logConversation;
  if (!run) throw new Error(`${provider} cannot ${kind}`);
  const payload = await crmConversationOf(deps, applicationId, conv);
  if (kind === 'activity' && !payload.customer?.email)
    throw badRequest(
      CRM_ERRORS.noEmail,
      'The customer has no e-mail address to find or make the contact by.',
    );
  const record = await withStatus(deps, applicationId, provider, () =>
    run.call(connector, http, config, payload),
  );
  const link = await repo.saveLink(deps.db, {
    applicationId,
    conversationId: conv.id,
    provider,
    kind,
    externalId: record.externalId,
    url: record.url,
    contactId: record.contactId,
  });
  await markConversation(deps.db, applicationId, conv.id, provider, record);
  return toLink(link);
}

/** SPEC §7 ticket-integration: one Zendesk ticket per conversation (asking again answers the same one). */
export async function createTicket(deps: CrmDeps, caller: AuthContext, groupId: number): Promise<CrmLink> {
  requireMember(caller);
  const conv = await conversations.findVisible(deps.db, caller, { groupId });
  const existing = await repo.findLink(deps.db, caller.applicationId, conv.id, 'zendesk');
  if (existing) return toLink(existing);
  try {
    return await push(deps, caller.applicationId, conv, 'zendesk');
  } catch (err) {
    throw asAppError('zendesk', err);
  }
}

/** SPEC §7 CRM-contact: the customer's contact made or updated, the conversation logged on it. */
export async function syncConversation(
  deps: CrmDeps,
  caller: AuthContext,
  groupId: number,
  provider: 'hubspot' | 'salesforce',
): Promise<CrmLink> {
  requireMember(caller);
  const conv = await conversations.findVisible(deps.db, caller, { groupId });
  try {
    return await push(deps, caller.applicationId, conv, provider);
  } catch (err) {
    throw asAppError(provider, err);
  }
}

/** The automatic sync of a resolved conversation (the job's work); errors are the job's to sort. */
export async function syncResolved(
  deps: CrmDeps,
  applicationId: string,
  conversationId: number,
  provider: CrmProvider,
): Promise<CrmLink | null> {
  const conv = await conversations.findConversation(deps.db, applicationId, conversationId);
  if (!conv) return null;
  if (provider === 'zendesk' && (await repo.findLink(deps.db, applicationId, conv.id, 'zendesk')))
    return null;
  return push(deps, applicationId, conv, provider);
}

/** The providers a resolve goes to: connected, with "on resolve" on. */
export async function providersOnResolve(db: Db, applicationId: string): Promise<CrmProvider[]> {
  const rows = await repo.listConnections(db, applicationId);
  return rows
    .filter((r) => r.syncOnResolve && r.status === 'connected')
    .map((r) => r.provider as CrmProvider)
    .filter((p) => (CRM_PROVIDERS as readonly string[]).includes(p));
}
