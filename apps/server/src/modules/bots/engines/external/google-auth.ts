import { createHash } from 'node:crypto';
import { importPKCS8, SignJWT } from 'jose';
import { BotEngineError } from '../../engine.js';
import { callJson } from './http.js';

// Google access tokens for Dialogflow, from a service account key (the JWT bearer grant, RFC 7523,
// signed with `jose`) or from the refresh token /dialogflow-callback obtained (RFC 6749 §6). Plain
// REST instead of google-auth-library: it fetches with its own HTTP client (past the outbound
// guard) and reads the token URL from the key file; here the token URL is the server's
// (GOOGLE_TOKEN_URL, a local fake in tests) and every call goes through the guard
// (docs/decisions.md "External bot engines").

export const DIALOGFLOW_SCOPE = 'https://www.googleapis.com/auth/dialogflow';
/** Renew this long before the token expires. */
const EARLY_MS = 60_000;

export interface GoogleAuthConfig {
  tokenUrl: string;
  /** The OAuth client of /dialogflow-callback (refresh tokens need it); null when not configured. */
  oauthClient: { clientId: string; clientSecret: string } | null;
}

export type GoogleCredential =
  | { kind: 'service-account'; clientEmail: string; privateKey: string; keyId?: string | undefined }
  | { kind: 'refresh-token'; refreshToken: string };

interface Cached {
  token: string;
  expiresAt: number;
}

const PROVIDER = 'Google';

function tokenOf(json: unknown): Cached {
  const o = (typeof json === 'object' && json !== null ? json : {}) as Record<string, unknown>;
  if (typeof o.access_token !== 'string' || o.access_token === '')
    throw new BotEngineError('PROVIDER_ERROR', 'Google answered no access token.');
  const seconds = typeof o.expires_in === 'number' ? o.expires_in : 3600;
  return { token: o.access_token, expiresAt: Date.now() + seconds * 1000 };
}

export function createGoogleAuth(config: GoogleAuthConfig) {
  // Keyed by the bot and a digest of its credential: a token is never used for another bot, even
  // one of another application holding the same key file.
  const cache = new Map<string, Cached>();

  async function fetchToken(credential: GoogleCredential, signal: AbortSignal): Promise<Cached> {
    if (credential.kind === 'refresh-token') {
      if (!config.oauthClient)
        throw new BotEngineError(
          'INVALID_CREDENTIALS',
          'Google authorization is not configured on this server: use a service account key.',
        );
      const body = new URLSearchParams({
        grant_type: 'refresh_token',
        refresh_token: credential.refreshToken,
        client_id: config.oauthClient.clientId,
        client_secret: config.oauthClient.clientSecret,
      }).toString();
      return tokenOf(await callToken(body, signal));
    }
    let key: Awaited<ReturnType<typeof importPKCS8>>;
    try {
      key = await importPKCS8(credential.privateKey, 'RS256');
    } catch {
      throw new BotEngineError(
        'INVALID_CREDENTIALS',
        'The service account key cannot be read (private_key).',
      );
    }
    const now = Math.floor(Date.now() / 1000);
    const assertion = await new SignJWT({ scope: DIALOGFLOW_SCOPE })
      .setProtectedHeader({
        alg: 'RS256',
        typ: 'JWT',
        ...(credential.keyId ? { kid: credential.keyId } : {}),
      })
      .setIssuer(credential.clientEmail)
      .setSubject(credential.clientEmail)
      .setAudience(config.tokenUrl)
      .setIssuedAt(now)
      .setExpirationTime(now + 3600)
      .sign(key);
    const body = new URLSearchParams({
      grant_type: 'urn:ietf:params:oauth:grant-type:jwt-bearer',
      assertion,
    }).toString();
    return tokenOf(await callToken(body, signal));
  }

  async function callToken(body: string, signal: AbortSignal): Promise<unknown> {
    try {
      return await callJson({ url: config.tokenUrl, body, signal, provider: PROVIDER });
    } catch (err) {
      // The token endpoint says invalid_grant / invalid_client with a 400: the credentials are wrong.
      if (err instanceof BotEngineError && err.code === 'PROVIDER_ERROR' && / 40[0-3]\b/.test(err.message))
        throw new BotEngineError(
          'INVALID_CREDENTIALS',
          'Google refused the credentials. Check them on the bot integrations page.',
        );
      throw err;
    }
  }

  return {
    async accessToken(botId: string, credential: GoogleCredential, signal: AbortSignal): Promise<string> {
      const digest = createHash('sha256').update(JSON.stringify(credential)).digest('hex');
      const cacheKey = `${botId}:${digest}`;
      const cached = cache.get(cacheKey);
      if (cached && cached.expiresAt - EARLY_MS > Date.now()) return cached.token;
      const fresh = await fetchToken(credential, signal);
      cache.set(cacheKey, fresh);
      return fresh.token;
    },
    /** Forgets a bot's tokens (the provider refused one: its credential may have been revoked). */
    forget(botId: string): void {
      for (const key of cache.keys()) if (key.startsWith(`${botId}:`)) cache.delete(key);
    },
  };
}
export type GoogleAuth = ReturnType<typeof createGoogleAuth>;

/** Exchanges an authorization code (/dialogflow-callback) for a refresh token. */
export async function exchangeGoogleCode(
  config: GoogleAuthConfig,
  input: { code: string; redirectUri: string },
  signal: AbortSignal,
): Promise<string> {
  if (!config.oauthClient)
    throw new BotEngineError('INVALID_CREDENTIALS', 'Google authorization is not configured on this server.');
  const body = new URLSearchParams({
    grant_type: 'authorization_code',
    code: input.code,
    redirect_uri: input.redirectUri,
    client_id: config.oauthClient.clientId,
    client_secret: config.oauthClient.clientSecret,
  }).toString();
  let json: unknown;
  try {
    json = await callJson({ url: config.tokenUrl, body, signal, provider: PROVIDER });
  } catch (err) {
    if (err instanceof BotEngineError && / 40[0-3]\b/.test(err.message))
      throw new BotEngineError(
        'INVALID_CREDENTIALS',
        'Google refused the authorization code (expired or used).',
      );
    throw err;
  }
  const refresh = (json as { refresh_token?: unknown } | null)?.refresh_token;
  if (typeof refresh !== 'string' || refresh === '')
    throw new BotEngineError('PROVIDER_ERROR', 'Google answered no refresh token.');
  return refresh;
}
