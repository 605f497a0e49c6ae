import { openSealedJson, sealJson } from '../../../platform/crypto.js';

// The OAuth `state` of a Dialogflow authorization: which bot of which application, until when,
// sealed with the app secret, so a code can only be attached to the bot the admin started from.

const TTL_MS = 15 * 60_000;

export function signState(secret: string, botId: string, applicationId: string, now = Date.now()): string {
  return sealJson(secret, { kind: 'dialogflow-oauth', b: botId, a: applicationId, e: now + TTL_MS });
}

/** The bot and application the state names, or null when forged or expired. */
export function openState(
  secret: string,
  state: string,
  now = Date.now(),
): { botId: string; applicationId: string } | null {
  const o = openSealedJson(secret, state) as { kind?: unknown; b?: unknown; a?: unknown; e?: unknown } | null;
  if (o?.kind !== 'dialogflow-oauth') return null;
  if (typeof o.b !== 'string' || typeof o.a !== 'string' || typeof o.e !== 'number' || o.e < now) return null;
  return { botId: o.b, applicationId: o.a };
}
