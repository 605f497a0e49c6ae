import { openSealedJson, sealJson } from '../../platform/crypto.js';

// Webhook secrets at rest: the signing secret and the custom header's value are sealed with the
// app secret (AES-GCM). Rows written before sealing hold the plain secret; they are read as they
// are and sealed by `sealLegacyWebhookSecrets` when the server starts.

const SEALED = 'sealed:';

export const isSealed = (stored: string) => stored.startsWith(SEALED);

export function sealSecret(appSecret: string, plain: string): string {
  return SEALED + sealJson(appSecret, plain);
}

/** The plain value, or null when the stored value does not open with this app secret. */
export function openSecret(appSecret: string, stored: string): string | null {
  if (!isSealed(stored)) return stored;
  const value = openSealedJson(appSecret, stored.slice(SEALED.length));
  return typeof value === 'string' ? value : null;
}
