import type { IntegrationType } from '@convo/api';
import type { z } from 'zod';

// The one interface every messaging channel implements (docs/architecture.md, "Where the next
// contexts go"). The shared pipeline (inbound.ts, delivery.ts) does everything that is the same
// for every channel: accounts, customers, conversations, routing, the outbox and retries; a
// connector only speaks its provider's wire format.

/** A file the customer sent, fetched from the provider only when the message is new. */
export interface InboundMedia {
  fetch(): Promise<{ bytes: Uint8Array; contentType: string; name: string }>;
  /** 'image' (default): only an image is accepted; 'file': any file within the upload limits. */
  mode?: 'image' | 'file' | undefined;
}

/** One customer message as the provider delivered it. */
export interface InboundMessage {
  /** The customer at the provider (a Telegram chat id): one conversation per customer and account. */
  externalUserId: string;
  displayName: string;
  /** The provider's id of this message: a retried delivery carries the same one. */
  externalMessageId: string;
  text: string;
  media?: InboundMedia | undefined;
  /** The conversation at the provider when it is not one per customer (an e-mail thread). */
  externalThreadId?: string | undefined;
  /** The new conversation's name (an e-mail's subject); the customer's name by default. */
  conversationName?: string | undefined;
  /** The message's content type (SPEC §3), 0 (text) by default; 3 for sanitized HTML. */
  contentType?: number | undefined;
}

/** A reply to send: the message's text and, for a file, its bytes. */
export interface OutboundMessage {
  /** The conversation's key at the provider: the customer (or the thread, see externalThreadId). */
  externalUserId: string;
  applicationId: string;
  /** Our message's id. */
  messageId: number;
  text: string;
  file?: { bytes: Uint8Array; contentType: string; name: string } | undefined;
}

/**
 * A provider failure. `retryable` (outage, 429, 5xx, network): the send is tried again later
 * and the messages after it wait; otherwise the message is marked failed and the next one goes.
 */
export class ChannelProviderError extends Error {
  constructor(
    message: string,
    readonly retryable: boolean,
  ) {
    super(message);
  }
}

/** Stored sealed with the account; what `connect` returns is never sent to a client. */
export interface ConnectedAccount<Config> {
  config: Config;
  /** What the admin recognises the account by (a bot's @username). */
  displayName: string;
}

export interface ChannelConnector<Config, ConnectInput> {
  readonly kind: IntegrationType;
  /** Reads its provider itself (an IMAP poll) rather than by webhook: the hub shows no webhook URL. */
  readonly polled?: boolean;
  /** The sealed configuration, checked again when it is read back. */
  readonly configSchema: z.ZodType<Config>;
  /**
   * Validates the credentials with the provider and points its webhook at us; `webhookSecret`
   * is ours, the provider sends it back (or signs with it) on every delivery.
   */
  connect(input: ConnectInput, webhook: { url: string; secret: string }): Promise<ConnectedAccount<Config>>;
  /** Stops the provider's deliveries (best effort: the account is removed either way). */
  disconnect(config: Config): Promise<void>;
  /** Whether a delivery carries this account's signature. */
  verify(headers: Readonly<Record<string, string | string[] | undefined>>, config: Config): boolean;
  /** The customer messages in a delivery (none for updates we do not handle). */
  parseInbound(body: unknown, config: Config): InboundMessage[];
  send(outbound: OutboundMessage, config: Config): Promise<{ externalId: string }>;
}

/**
 * A connector with its types erased, for the registry: methods (not function properties) are
 * checked bivariantly, so every connector fits; each one parses its own config and input.
 */
export type AnyChannelConnector = ChannelConnector<unknown, unknown>;
