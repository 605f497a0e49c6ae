import { type FulfillmentRequest, fulfillmentResponseSchema, WEBHOOK_HEADERS } from '@convo/api';
import type { Db } from '../../../platform/db/database.js';
import { OUTBOUND_FAILURE, outbound, outboundErrorIn } from '../../../platform/outbound/index.js';
import { openSecret, signWebhookBody } from '../../webhooks/index.js';
import * as builderRepo from '../builder/repository.js';
import type { BotMessage } from '../engine.js';
import { findEntities } from '../engines/kompose/entities.js';
import type { BotRow } from '../repository.js';

// The bot's fulfillment webhook (SPEC §2 /settings/webhook): when the answer's intent is one the
// admin flagged, the bot POSTs the customer's message, the intent and the entities found in it to
// the bot's URL, signed like the application's webhooks (X-Convo-Signature: sha256 HMAC of the raw
// body with the bot's secret), and sends the messages it answers instead of the static reply. Any
// failure (timeout, non-2xx, a body that is not `{ messages: [...] }`) keeps the static reply and
// becomes the bot's last error, which the admin sees.

export const FULFILLMENT_TIMEOUT_MS = 5_000;
const USER_AGENT = 'Convo-Bot-Fulfillment/1.0';
const MAX_RESPONSE_BYTES = 256 * 1024;

export interface BotWebhookSettings {
  url: string | null;
  intents: string[];
}

/** The webhook part of a bot's stored settings (not part of the engine settings' contract). */
export function webhookSettingsOf(settings: Record<string, unknown>): BotWebhookSettings {
  const url =
    typeof settings.webhookUrl === 'string' && settings.webhookUrl !== '' ? settings.webhookUrl : null;
  const intents = Array.isArray(settings.webhookIntents)
    ? settings.webhookIntents.filter((v): v is string => typeof v === 'string')
    : [];
  return { url, intents };
}

/** Whether this answer's reply comes from the webhook. */
export function callsWebhook(bot: BotRow, intent: string): boolean {
  const webhook = webhookSettingsOf(bot.settings);
  return webhook.url !== null && bot.webhookSecretSealed !== null && webhook.intents.includes(intent);
}

export type FulfillmentResult = { ok: true; messages: BotMessage[] } | { ok: false; error: string };

export interface FulfillmentInput {
  db: Db;
  appSecret: string;
  bot: BotRow;
  groupId: number;
  messageId: number;
  message: string;
  intent: string;
  confidence: number;
  language: string;
  timeoutMs?: number | undefined;
}

/** Timeout, or that the address could not be reached: never the socket's error (it would name what answered). */
function reasonOf(err: unknown): string {
  if (err instanceof Error && (err.name === 'TimeoutError' || err.name === 'AbortError')) return 'timeout';
  return outboundErrorIn(err)?.message ?? OUTBOUND_FAILURE;
}

/** Calls the bot's webhook for one answer; never throws. */
export async function callFulfillment(input: FulfillmentInput): Promise<FulfillmentResult> {
  const { bot } = input;
  const url = webhookSettingsOf(bot.settings).url;
  const secret = bot.webhookSecretSealed ? openSecret(input.appSecret, bot.webhookSecretSealed) : null;
  if (url === null || secret === null) {
    return { ok: false, error: 'WEBHOOK_ERROR: the webhook or its secret is missing' };
  }
  try {
    const definitions = await builderRepo.listEntities(input.db, bot.applicationId, bot.id, input.language);
    const entities = Object.fromEntries(findEntities(input.message, definitions));
    const request: FulfillmentRequest = {
      botId: bot.id,
      groupId: input.groupId,
      messageId: input.messageId,
      message: input.message,
      intent: input.intent,
      confidence: input.confidence,
      language: input.language,
      entities,
    };
    const body = JSON.stringify(request);
    // Through the outbound guard: the admin's URL never reaches the server's own network.
    const res = await outbound.fetch(url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'user-agent': USER_AGENT,
        [WEBHOOK_HEADERS.signature]: signWebhookBody(secret, body),
        [WEBHOOK_HEADERS.timestamp]: String(Date.now()),
      },
      body,
      redirect: 'error',
      signal: AbortSignal.timeout(input.timeoutMs ?? FULFILLMENT_TIMEOUT_MS),
    });
    const text = await res.text();
    if (!res.ok) return { ok: false, error: `WEBHOOK_ERROR: the webhook answered ${res.status}` };
    if (text.length > MAX_RESPONSE_BYTES)
      return { ok: false, error: 'WEBHOOK_ERROR: the answer is too large' };
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      return { ok: false, error: 'WEBHOOK_ERROR: the answer is not JSON' };
    }
    const parsed = fulfillmentResponseSchema.safeParse(json);
    if (!parsed.success) {
      return { ok: false, error: 'WEBHOOK_ERROR: the answer is not { "messages": [{ "text": "…" }] }' };
    }
    return { ok: true, messages: parsed.data.messages };
  } catch (err) {
    return { ok: false, error: `WEBHOOK_ERROR: ${reasonOf(err)}` };
  }
}
