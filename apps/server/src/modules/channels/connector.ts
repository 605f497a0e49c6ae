import type { IntegrationType } from '@convo/api';
import type { z } from 'zod';

// The one interface every messaging channel implements (docs/architecture.md, "Where the next
// contexts go"). The shared pipeline (inbound.ts, delivery.ts) does everything that is the same
// for every channel: accounts, customers, conversations, routing, the outbox and retries; a
// connector only speaks its provider's wire format.

/** A file the customer sent, fetched from the provider only when the message is new. */
export interface InboundMedia {
  /** How the file is checked: an image (the default) or any document within the file limits. */
  kind?: 'image' | 'file' | undefined;
  fetch(): Promise<{ bytes: Uint8Array; contentType: string; name: string }>;
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
  /** The message's content type (SPEC §3), 0 (text) by default; 3 for sanitized HTML; 102/103 for calls. */
  contentType?: number | undefined;
  /** Details stored with the message beside its channel (a call's duration and who answered it). */
  metadata?: Record<string, string | number> | undefined;
}

/** A webhook's answer in the provider's own format (Twilio's TwiML). */
export interface WebhookReply {
  contentType: string;
  body: string;
}

/**
 * What the provider says became of a reply we sent (a status callback). Meta's Messenger says
 * "read up to" a time instead of naming messages: `upTo` (ms) then stands for every reply sent
 * to that customer until then.
 */
export type DeliveryStatusUpdate = {
  /** The customer at the provider: the conversation the reply belongs to. */
  externalUserId: string;
  /** 'sent' is told only for a tagged send (see `tag`): a reply's receipt starts at delivered. */
  status: 'sent' | 'delivered' | 'read' | 'failed';
  /** The provider's reason for a failure, as the team should read it. */
  error?: string | undefined;
  /** What we tagged the send with (OutboundMessage.callbackTag), echoed by the provider. */
  tag?: string | undefined;
} & ({ externalMessageId: string } | { upTo: number });

/** A reply to send: the message's text and, for a file, its bytes (and a signed public URL to it). */
export interface OutboundMessage {
  /** The conversation's key at the provider: the customer (or the thread, see externalThreadId). */
  externalUserId: string;
  applicationId: string;
  /** Our message's id. */
  messageId: number;
  text: string;
  /** The message's metadata (a WhatsApp template reply names its template there). */
  metadata?: Record<string, unknown> | undefined;
  file?: { bytes: Uint8Array; contentType: string; name: string; url?: string | undefined } | undefined;
  /** A tag the provider echoes in its status callbacks (connectors with `tagsSends`). */
  callbackTag?: string | undefined;
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
  /** The account's id at the provider, when deliveries may come through an app-wide webhook. */
  externalId?: string | undefined;
}

export interface ChannelConnector<Config, ConnectInput> {
  readonly kind: IntegrationType;
  /** Reads its provider itself (an IMAP poll) rather than by webhook: the hub shows no webhook URL. */
  readonly polled?: boolean;
  /**
   * What a webhook delivery is answered with when the provider expects its own format (Twilio:
   * empty TwiML); by default `{ ok, stored }` JSON.
   */
  readonly webhookReply?: WebhookReply;
  /**
   * The answer when it depends on the delivery (Twilio Voice: the call's next TwiML instructions);
   * given after the delivery's messages are stored. Takes precedence over `webhookReply`.
   */
  respond?(body: unknown, config: Config): WebhookReply;
  /** The sealed configuration, checked again when it is read back. */
  readonly configSchema: z.ZodType<Config>;
  /**
   * Validates the credentials with the provider and points its webhook at us; `webhookSecret`
   * is ours, the provider sends it back (or signs with it) on every delivery.
   */
  connect(input: ConnectInput, webhook: { url: string; secret: string }): Promise<ConnectedAccount<Config>>;
  /** Stops the provider's deliveries (best effort: the account is removed either way). */
  disconnect(config: Config): Promise<void>;
  /** Whether a delivery carries this account's signature (`rawBody`: the bytes as sent, for HMACs). */
  verify(
    headers: Readonly<Record<string, string | string[] | undefined>>,
    config: Config,
    rawBody: string,
  ): boolean;
  /**
   * A provider's check of a new webhook URL (Viber posts one while its webhook is being set,
   * before the account is stored): answered 200 without reading any account; it stores nothing.
   */
  isHandshake?(body: unknown): boolean;
  /**
   * A provider's webhook verification (Meta's GET with hub.mode, hub.verify_token and
   * hub.challenge): the text to answer, or null to refuse. Absent: no such handshake.
   */
  challenge?(query: Readonly<Record<string, unknown>>, config: Config): string | null;
  /**
   * Status callbacks in a delivery (delivered, read, failed). A connector that has them marks a
   * reply delivered only when the provider says so, not when it accepts the send.
   */
  parseStatuses?(body: unknown, config: Config): DeliveryStatusUpdate[];
  /**
   * The customer messages in a delivery (none for updates we do not handle); a promise when the
   * provider must be asked for more (who answered a call).
   */
  parseInbound(body: unknown, config: Config): InboundMessage[] | Promise<InboundMessage[]>;
  send(outbound: OutboundMessage, config: Config): Promise<{ externalId: string }>;
  /**
   * Asks the provider whether a message went to this customer since `since` (a send whose answer
   * was lost when the worker died): its id, or null when the provider has none. Only providers
   * that list what they sent have it; throws ChannelProviderError when the provider cannot say.
   */
  findSent?(query: SentQuery, config: Config): Promise<{ externalId: string } | null>;
  /**
   * The provider carries OutboundMessage.callbackTag with the send and echoes it in its status
   * callbacks (WhatsApp Cloud API's `biz_opaque_callback_data`), 'sent' included: a send whose
   * answer was lost is then settled by its callback.
   */
  tagsSends?: boolean;
}

/** A send to look up at the provider: to whom, from when, and its text (not for a template). */
export interface SentQuery {
  externalUserId: string;
  since: Date;
  /** The text sent, to tell it from other messages to the customer; null for a template. */
  text: string | null;
}

/**
 * A connector with its types erased, for the registry: methods (not function properties) are
 * checked bivariantly, so every connector fits; each one parses its own config and input.
 */
export type AnyChannelConnector = ChannelConnector<unknown, unknown>;
