import { createHmac, timingSafeEqual } from 'node:crypto';
import { BIGCOMMERCE_STORE_HASH_PATTERN } from '@convo/api';
import { z } from 'zod';
import { StoreUnavailableError, storeJson } from '../store-http.js';

// The BigCommerce marketplace's app callbacks
// (https://developer.bigcommerce.com/docs/integrations/apps/guide/auth): the auth callback gets
// code, context ("stores/{hash}") and scope, which the app exchanges at login.bigcommerce.com's
// /oauth2/token for the store's token; the load callback gets a signed_payload (base64 JSON, a dot,
// base64 of the hex HMAC-SHA256 of that JSON under the client secret).

export interface BigCommerceApp {
  clientId: string;
  clientSecret: string;
}

const tokenSchema = z.object({
  access_token: z.string().min(1),
  context: z.string(),
  user: z.object({ email: z.string() }),
});

/** "stores/abc123" → "abc123", or null. */
export function storeHashOfContext(context: string): string | null {
  const hash = /^stores\/([a-z0-9]+)$/.exec(context)?.[1];
  return hash && BIGCOMMERCE_STORE_HASH_PATTERN.test(hash) ? hash : null;
}

export async function exchangeInstallCode(
  loginUrl: string,
  app: BigCommerceApp,
  input: { code: string; context: string; scope: string; redirectUri: string },
): Promise<{ accessToken: string; storeHash: string; email: string }> {
  const answer = await storeJson(`${loginUrl}/oauth2/token`, {
    method: 'POST',
    headers: {},
    body: {
      client_id: app.clientId,
      client_secret: app.clientSecret,
      code: input.code,
      context: input.context,
      scope: input.scope,
      grant_type: 'authorization_code',
      redirect_uri: input.redirectUri,
    },
    guarded: false,
  });
  const parsed = tokenSchema.safeParse(answer);
  const storeHash = parsed.success ? storeHashOfContext(parsed.data.context) : null;
  if (!parsed.success || storeHash === null)
    throw new StoreUnavailableError('BigCommerce refused the install code');
  return { accessToken: parsed.data.access_token, storeHash, email: parsed.data.user.email };
}

const payloadSchema = z.object({ context: z.string(), user: z.object({ email: z.string() }) });

/** The load callback's payload when its signature is the app's, else null. */
export function verifySignedPayload(
  signed: string,
  clientSecret: string,
): { storeHash: string; email: string } | null {
  const [data, signature] = signed.split('.');
  if (!data || !signature) return null;
  const json = Buffer.from(data, 'base64').toString('utf8');
  const expected = Buffer.from(createHmac('sha256', clientSecret).update(json).digest('hex'));
  const given = Buffer.from(Buffer.from(signature, 'base64').toString('utf8'));
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  let parsedJson: unknown;
  try {
    parsedJson = JSON.parse(json);
  } catch {
    return null;
  }
  const payload = payloadSchema.safeParse(parsedJson);
  const storeHash = payload.success ? storeHashOfContext(payload.data.context) : null;
  return payload.success && storeHash ? { storeHash, email: payload.data.user.email } : null;
}
