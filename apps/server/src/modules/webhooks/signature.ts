import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

// The webhooks-security setting: every delivery is signed with the webhook's own secret, so the
// receiver can tell our calls from anybody else's. Header: `X-Convo-Signature: sha256=<hex>`, an
// HMAC-SHA256 of the raw request body.

const PREFIX = 'sha256=';

/** A new secret: 32 random bytes, hex, with a recognisable prefix. */
export function generateWebhookSecret(): string {
  return `whsec_${randomBytes(32).toString('hex')}`;
}

/** The X-Convo-Signature value for a raw body. */
export function signWebhookBody(secret: string, rawBody: string | Buffer): string {
  return PREFIX + createHmac('sha256', secret).update(rawBody).digest('hex');
}

/** What a receiver does: recompute the HMAC over the raw body and compare in constant time. */
export function verifyWebhookSignature(secret: string, rawBody: string | Buffer, header: unknown): boolean {
  if (typeof header !== 'string' || !header.startsWith(PREFIX)) return false;
  const expected = Buffer.from(signWebhookBody(secret, rawBody));
  const given = Buffer.from(header.trim());
  return expected.length === given.length && timingSafeEqual(expected, given);
}

/**
 * The timestamped form (the automation connector's REST hooks): an HMAC-SHA256 of
 * `<timestamp>.<raw body>`, so a receiver that checks the timestamp's age refuses a replayed
 * delivery too, not only a forged one.
 */
export function signTimestampedBody(secret: string, timestamp: string, rawBody: string | Buffer): string {
  return PREFIX + createHmac('sha256', secret).update(`${timestamp}.`).update(rawBody).digest('hex');
}

export function verifyTimestampedSignature(
  secret: string,
  timestamp: unknown,
  rawBody: string | Buffer,
  header: unknown,
): boolean {
  if (typeof timestamp !== 'string' || typeof header !== 'string' || !header.startsWith(PREFIX)) return false;
  const expected = Buffer.from(signTimestampedBody(secret, timestamp, rawBody));
  const given = Buffer.from(header.trim());
  return expected.length === given.length && timingSafeEqual(expected, given);
}
