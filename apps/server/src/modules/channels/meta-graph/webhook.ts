import { createHmac } from 'node:crypto';
import { safeEqual } from '../../../platform/crypto.js';

// What every Meta webhook shares: the GET verification handshake with the verify token the admin
// typed in Meta's dashboard, and `X-Hub-Signature-256: sha256=<hex HMAC-SHA256 of the raw body
// with the app secret>` on every POST.

export const META_SIGNATURE_HEADER = 'x-hub-signature-256';

export function metaSignature(appSecret: string, rawBody: string): string {
  return `sha256=${createHmac('sha256', appSecret).update(rawBody, 'utf8').digest('hex')}`;
}

export function verifyMetaSignature(
  headers: Readonly<Record<string, string | string[] | undefined>>,
  appSecret: string,
  rawBody: string,
): boolean {
  const given = headers[META_SIGNATURE_HEADER];
  return typeof given === 'string' && rawBody !== '' && safeEqual(given, metaSignature(appSecret, rawBody));
}

/** hub.challenge when hub.mode is subscribe and hub.verify_token is the channel's; null otherwise. */
export function metaChallenge(query: Readonly<Record<string, unknown>>, verifyToken: string): string | null {
  const mode = query['hub.mode'];
  const token = query['hub.verify_token'];
  const challenge = query['hub.challenge'];
  if (mode !== 'subscribe' || typeof token !== 'string' || typeof challenge !== 'string') return null;
  return safeEqual(token, verifyToken) ? challenge : null;
}
