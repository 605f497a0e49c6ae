import { createHmac } from 'node:crypto';
import { MS_IN_DAY, SIGNED_FILE_LINK_DAYS } from '@convo/domain';
import { safeEqual } from '../../platform/crypto.js';

// Providers that send a reply's image by URL (LINE, Viber) fetch it from us without a session:
// the link names the application and file and carries an expiry and an HMAC of both with a key
// derived from the app secret. Nothing else of the file store is reachable without signing in.

export const CHANNEL_MEDIA_PATH = '/api/channels/media/:applicationId/:key';
/** LINE and Viber fetch the file when the customer opens the message, possibly days later. */
const LINK_TTL_MS = SIGNED_FILE_LINK_DAYS * MS_IN_DAY;

const signatureOf = (appSecret: string, applicationId: string, key: string, expires: number) =>
  createHmac('sha256', `channel-media:${appSecret}`)
    .update(`${applicationId}\n${key}\n${expires}`)
    .digest('base64url');

/** The public URL of one stored file for a provider, valid for 30 days. */
export function channelMediaUrl(
  publicUrl: string,
  appSecret: string,
  applicationId: string,
  key: string,
  now = Date.now(),
): string {
  const expires = now + LINK_TTL_MS;
  const signature = signatureOf(appSecret, applicationId, key, expires);
  return `${publicUrl}/api/channels/media/${encodeURIComponent(applicationId)}/${encodeURIComponent(key)}?expires=${expires}&signature=${signature}`;
}

/** Whether a media link is ours and still valid. */
export function verifyChannelMediaLink(
  appSecret: string,
  link: { applicationId: string; key: string; expires: number; signature: string },
  now = Date.now(),
): boolean {
  if (!Number.isSafeInteger(link.expires) || link.expires < now) return false;
  return safeEqual(link.signature, signatureOf(appSecret, link.applicationId, link.key, link.expires));
}
