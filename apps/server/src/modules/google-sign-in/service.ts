import { z } from 'zod';
import { AppError, badRequest } from '../../http/errors.js';
import type { AppConfig } from '../../platform/config.js';
import { openSealedJson, sealJson } from '../../platform/crypto.js';
import { type AccountsDeps, loginByVerifiedEmail } from '../accounts/index.js';

// Google sign-in with the OAuth authorization-code flow. The state carries the product and the
// dashboard origin, sealed (AES-256-GCM) so nobody can forge a redirect target.

const STATE_TTL_MS = 10 * 60 * 1000;
const stateSchema = z.object({ product: z.string(), origin: z.string(), nonce: z.string(), exp: z.number() });
const tokenSchema = z.object({ access_token: z.string() });
const userinfoSchema = z.object({ email: z.string().email(), email_verified: z.boolean().optional() });

type GoogleConfig = NonNullable<AppConfig['google']>;

export function callbackUrl(config: AppConfig): string {
  return `${config.publicUrl}/api/auth/google/callback`;
}

/**
 * We only ever send a token back to our own public origin: the Host header is the caller's to
 * choose, so it must not decide where a session token goes.
 */
export function isAllowedOrigin(config: AppConfig, origin: string): boolean {
  try {
    return new URL(origin).origin === new URL(config.publicUrl).origin;
  } catch {
    return false;
  }
}

/** Cookie that binds the state to the browser that started the flow (no login CSRF). */
export const NONCE_COOKIE = 'convo_google_nonce';

export function nonceCookie(config: AppConfig, nonce: string | null): string {
  const secure = config.publicUrl.startsWith('https:') ? '; Secure' : '';
  const age = nonce ? Math.floor(STATE_TTL_MS / 1000) : 0;
  return `${NONCE_COOKIE}=${nonce ?? ''}; Path=/api/auth/google; HttpOnly; SameSite=Lax; Max-Age=${age}${secure}`;
}

export function readNonceCookie(header: string | undefined): string | null {
  for (const part of (header ?? '').split(';')) {
    const [k, v] = part.trim().split('=');
    if (k === NONCE_COOKIE && v) return v;
  }
  return null;
}

export function authorizationUrl(
  config: AppConfig,
  google: GoogleConfig,
  product: string,
  origin: string,
  nonce: string,
): string {
  const state = sealJson(config.appSecret, { product, origin, nonce, exp: Date.now() + STATE_TTL_MS });
  const url = new URL(google.authUrl);
  url.searchParams.set('client_id', google.clientId);
  url.searchParams.set('redirect_uri', callbackUrl(config));
  url.searchParams.set('response_type', 'code');
  url.searchParams.set('scope', 'openid email profile');
  url.searchParams.set('state', state);
  url.searchParams.set('prompt', 'select_account');
  return url.toString();
}

export function readState(config: AppConfig, sealed: string, browserNonce: string | null) {
  const parsed = stateSchema.safeParse(openSealedJson(config.appSecret, sealed));
  if (!parsed.success || parsed.data.exp < Date.now() || parsed.data.nonce !== browserNonce) {
    throw badRequest('INVALID_STATE', 'The sign-in link has expired. Try again.');
  }
  return parsed.data;
}

/** Exchanges the code, reads the verified e-mail, signs the member in; returns a session token. */
export async function completeSignIn(
  deps: AccountsDeps,
  google: GoogleConfig,
  code: string,
): Promise<string> {
  const tokenRes = await fetch(google.tokenUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
    body: new URLSearchParams({
      code,
      client_id: google.clientId,
      client_secret: google.clientSecret,
      redirect_uri: callbackUrl(deps.config),
      grant_type: 'authorization_code',
    }),
  });
  const token = tokenSchema.safeParse(await tokenRes.json().catch(() => null));
  if (!tokenRes.ok || !token.success)
    throw new AppError(502, 'GOOGLE_ERROR', 'Google did not accept the sign-in.');
  const infoRes = await fetch(google.userinfoUrl, {
    headers: { authorization: `Bearer ${token.data.access_token}` },
  });
  const info = userinfoSchema.safeParse(await infoRes.json().catch(() => null));
  if (!infoRes.ok || !info.success)
    throw new AppError(502, 'GOOGLE_ERROR', 'Google did not share the e-mail address.');
  if (info.data.email_verified !== true) {
    throw badRequest('EMAIL_NOT_VERIFIED', 'This Google address is not verified.');
  }
  return loginByVerifiedEmail(deps, info.data.email);
}
