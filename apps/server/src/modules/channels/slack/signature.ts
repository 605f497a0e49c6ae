import { createHmac } from 'node:crypto';
import { safeEqual } from '../../../platform/crypto.js';

// Slack's request signing (api.slack.com/authentication/verifying-requests-from-slack): the
// signature is `v0=` + hex HMAC-SHA256, keyed with the app's signing secret, of
// `v0:{X-Slack-Request-Timestamp}:{raw body}`; a timestamp more than five minutes from now is a
// replay and refused whatever its signature.

export const SLACK_SIGNATURE_HEADER = 'x-slack-signature';
export const SLACK_TIMESTAMP_HEADER = 'x-slack-request-timestamp';
export const SLACK_REPLAY_WINDOW_S = 5 * 60;

export function slackSignature(signingSecret: string, timestamp: string, rawBody: string): string {
  return `v0=${createHmac('sha256', signingSecret).update(`v0:${timestamp}:${rawBody}`).digest('hex')}`;
}

export function verifySlackSignature(
  headers: Readonly<Record<string, string | string[] | undefined>>,
  signingSecret: string,
  rawBody: string,
  nowMs = Date.now(),
): boolean {
  const signature = headers[SLACK_SIGNATURE_HEADER];
  const timestamp = headers[SLACK_TIMESTAMP_HEADER];
  if (typeof signature !== 'string' || typeof timestamp !== 'string') return false;
  if (!/^\d{1,12}$/.test(timestamp)) return false;
  if (Math.abs(nowMs / 1000 - Number(timestamp)) > SLACK_REPLAY_WINDOW_S) return false;
  return safeEqual(signature, slackSignature(signingSecret, timestamp, rawBody));
}
