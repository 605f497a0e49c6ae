import type { IntegrationType, WhatsAppIntegrationType, WhatsAppTemplate } from '@convo/api';
import { integrationTypeSchema } from '@convo/api';
import type { Db } from '../../platform/db/database.js';
import type { FileStorage } from '../../platform/storage/storage.js';
import { ChannelProviderError, type OutboundMessage, type SentQuery } from './connector.js';
import { readFile } from './delivery.js';
import type { ChannelRegistry } from './registry.js';
import * as repo from './repository.js';
import { listTemplatesOf, openConfig } from './service.js';
import { hasTemplates } from './whatsapp/template-ref.js';

// What campaigns (issue 35) use of the channels: the application's connected accounts (never their
// credentials), a WhatsApp account's templates, and a sender that puts one message to one customer
// through the account's connector, outside any conversation. A campaign's replies come back through
// the ordinary inbound pipeline and open conversations as usual.

export interface CampaignChannelDeps {
  db: Db;
  appSecret: string;
  connectors: ChannelRegistry;
  /** Where an image's bytes are read from (providers that fetch by link get a signed one). */
  storage?: FileStorage | undefined;
  publicUrl?: string | undefined;
}

/** A connected account as a campaign form shows it: what it is known by, nothing secret. */
export interface CampaignChannelAccount {
  type: IntegrationType;
  accountId: string;
  displayName: string;
  /** The page or account id at the provider (Facebook page, Instagram account), when there is one. */
  externalId: string | null;
  status: string;
}

export async function campaignChannelAccounts(
  db: Db,
  applicationId: string,
): Promise<CampaignChannelAccount[]> {
  const rows = await repo.listAccounts(db, applicationId);
  return rows.flatMap((row) => {
    const type = integrationTypeSchema.safeParse(row.kind);
    return type.success
      ? [
          {
            type: type.data,
            accountId: row.id,
            displayName: row.displayName,
            externalId: row.externalId,
            status: row.status,
          },
        ]
      : [];
  });
}

/** The connected WhatsApp account's templates, as its provider lists them (404 when not connected). */
export function campaignWhatsAppTemplates(
  deps: CampaignChannelDeps,
  applicationId: string,
  type: WhatsAppIntegrationType,
): Promise<WhatsAppTemplate[]> {
  return listTemplatesOf(
    { ...deps, publicUrl: deps.publicUrl ?? '' },
    applicationId,
    type,
    async (config) => {
      const connector = deps.connectors.get(type);
      if (!connector || !hasTemplates(connector)) return [];
      return connector.listTemplates(connector.configSchema.parse(config));
    },
  );
}

/** Whether a WhatsApp provider numbers its placeholders across the template (Twilio). */
export function variablesAcrossTemplate(
  deps: Pick<CampaignChannelDeps, 'connectors'>,
  type: IntegrationType,
) {
  const connector = deps.connectors.get(type);
  return connector !== undefined && hasTemplates(connector) && connector.variablesAcrossTemplate === true;
}

export interface CampaignOutbound {
  /** The customer's id at the provider. */
  externalUserId: string;
  /** The recipient row's id: stands for our message id where a connector logs one. */
  id: number;
  text: string;
  metadata?: Record<string, unknown> | undefined;
  /** An uploaded attachment (its key) sent with the text as caption. */
  fileKey?: string | undefined;
}

export type CampaignSendOutcome =
  | { ok: true; externalId: string }
  | { ok: false; error: string; retryable: boolean };

/** What the provider says of a send whose answer was lost: sent (its id), not sent, or cannot say. */
export type CampaignLookup =
  | { found: true; externalId: string }
  | { found: false }
  | { error: string; retryable: boolean };

export interface CampaignSender {
  send(message: CampaignOutbound): Promise<CampaignSendOutcome>;
  /** Present for providers that can be asked what they sent (SentQuery); absent otherwise. */
  findSent?: ((query: SentQuery) => Promise<CampaignLookup>) | undefined;
  /**
   * The provider echoes campaignSendTag(recipient) in its status callbacks (the connector's
   * `tagsSends`): a send whose answer was lost is settled when its callback arrives.
   */
  settlesByStatus: boolean;
}

const TAG_PREFIX = 'convo-campaign:';
/** What a campaign send is tagged with where the provider echoes a tag (biz_opaque_callback_data). */
export const campaignSendTag = (recipientId: number) => `${TAG_PREFIX}${recipientId}`;
/** The recipient row a status callback's tag names, or null when the tag is not a campaign's. */
export function recipientOfTag(tag: string | undefined): number | null {
  if (!tag?.startsWith(TAG_PREFIX)) return null;
  const id = tag.slice(TAG_PREFIX.length);
  return /^\d{1,15}$/.test(id) ? Number(id) : null;
}

/**
 * A sender for one application's account of one channel, or why there is none (not connected,
 * disabled, credentials unreadable). The provider's last answer becomes the account's status in
 * the hub, as for replies.
 */
export async function campaignSender(
  deps: CampaignChannelDeps,
  applicationId: string,
  type: string,
): Promise<CampaignSender | { error: string }> {
  const kind = integrationTypeSchema.safeParse(type);
  const connector = kind.success ? deps.connectors.get(kind.data) : undefined;
  const account = connector ? await repo.findAccount(deps.db, applicationId, type) : undefined;
  if (!connector || !account) return { error: `The ${type} channel is not connected.` };
  if (account.status === 'disabled') return { error: `The ${type} channel is disabled.` };
  const config = openConfig(deps.appSecret, connector, account);
  if (config === null) return { error: `The ${type} channel must be connected again.` };
  return {
    async send(message) {
      const outbound: OutboundMessage = {
        externalUserId: message.externalUserId,
        applicationId,
        messageId: message.id,
        text: message.text,
        metadata: message.metadata,
        ...(connector.tagsSends ? { callbackTag: campaignSendTag(message.id) } : {}),
        file: message.fileKey
          ? await readFile({ ...deps, storage: deps.storage }, applicationId, { key: message.fileKey })
          : undefined,
      };
      try {
        const { externalId } = await connector.send(outbound, config);
        await repo.recordProviderOutcome(deps.db, account.id, null);
        return { ok: true, externalId };
      } catch (err) {
        const error = err instanceof Error ? err.message : String(err);
        await repo.recordProviderOutcome(deps.db, account.id, error);
        return { ok: false, error, retryable: !(err instanceof ChannelProviderError) || err.retryable };
      }
    },
    settlesByStatus: connector.tagsSends === true,
    findSent: connector.findSent
      ? async (query) => {
          try {
            const hit = await connector.findSent!(query, config);
            return hit ? { found: true, externalId: hit.externalId } : { found: false };
          } catch (err) {
            const error = err instanceof Error ? err.message : String(err);
            return { error, retryable: !(err instanceof ChannelProviderError) || err.retryable };
          }
        }
      : undefined,
  };
}
