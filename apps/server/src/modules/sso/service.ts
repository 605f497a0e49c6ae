import * as oidc from 'openid-client';
import type { AuthContext } from '../../http/auth.js';
import { AppError, badRequest, conflict } from '../../http/errors.js';
import type { AppConfig } from '../../platform/config.js';
import { openSealedJson, randomToken, sealJson } from '../../platform/crypto.js';
import type { Db } from '../../platform/db/database.js';
import { outbound, outboundErrorIn, outboundPolicy, webUrlProblem } from '../../platform/outbound/index.js';
import { type AccountsDeps, signInVouchedMember } from '../accounts/index.js';
import * as repo from './repository.js';

// Company SSO with OpenID Connect (SPEC §2 login /sso, settings.sso): a company names its provider
// (issuer, client id and secret) and the e-mail domains it serves. Sign-in: the person gives their
// work e-mail, the domain picks the company, the provider signs them in (authorization code + PKCE,
// state and nonce), and the verified e-mail must be a member of that company.

export const CALLBACK_PATH = '/api/auth/sso/callback';
const STATE_TTL_MS = 10 * 60 * 1000;
export const SSO_COOKIE = 'convo_sso_nonce';

const DOMAIN = /^(?=.{1,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/;
const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

export interface SsoSettingsInput {
  issuer: string;
  clientId: string;
  clientSecret?: string | undefined;
  allowedDomains: string[];
  enabled: boolean;
}

export const redirectUri = (config: AppConfig) => `${config.publicUrl}${CALLBACK_PATH}`;

/** https only, except a provider on this machine (development and tests). */
function checkIssuer(issuer: string): URL {
  let url: URL;
  try {
    url = new URL(issuer);
  } catch {
    throw badRequest('INVALID_PARAMETER', 'The issuer must be a URL.', [
      { path: 'issuer', message: 'is not a URL' },
    ]);
  }
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && LOCAL_HOSTS.has(url.hostname))) {
    throw badRequest('INVALID_PARAMETER', 'The issuer must use https.', [
      { path: 'issuer', message: 'must use https' },
    ]);
  }
  // A provider on the server's own network only when the operator allows it (OUTBOUND_ALLOW).
  const problem = webUrlProblem(url.href, outboundPolicy());
  if (problem)
    throw badRequest('ADDRESS_NOT_ALLOWED', `The issuer ${problem}.`, [{ path: 'issuer', message: problem }]);
  return url;
}

/** What the company admin reads: the provider's own refusal, or that its address could not be reached. */
function failureText(err: unknown): string {
  const unreachable = outboundErrorIn(err);
  if (unreachable) return unreachable.message;
  const name = err instanceof Error ? err.name : '';
  if (name === 'TimeoutError' || name === 'AbortError') return 'it did not answer in time';
  // A network failure the guard did not wrap (fetch's TypeError) names nothing either.
  if (err instanceof TypeError) return 'could not reach the address';
  return err instanceof Error ? err.message : 'unknown error';
}

async function discover(issuer: string, clientId: string, clientSecret: string): Promise<oidc.Configuration> {
  const url = checkIssuer(issuer);
  try {
    return await oidc.discovery(url, clientId, clientSecret, undefined, {
      ...(url.protocol === 'http:' ? { execute: [oidc.allowInsecureRequests] } : {}),
      timeout: 10,
      // Discovery, and every later call (token, userinfo, keys: addresses the document names),
      // through the outbound guard.
      // Its body type (Uint8Array) is a BodyInit at run time; the DOM typings disagree.
      [oidc.customFetch]: (url, init) => outbound.fetch(url, init as RequestInit),
    });
  } catch (err) {
    throw badRequest(
      'SSO_DISCOVERY_FAILED',
      `The provider at ${issuer} did not answer its OpenID configuration: ${failureText(err)}`,
    );
  }
}

const secretOf = (config: AppConfig, row: repo.SsoRow) => {
  const opened = openSealedJson(config.appSecret, row.sealedClientSecret);
  if (typeof opened === 'object' && opened !== null && 's' in opened && typeof opened.s === 'string')
    return opened.s;
  throw new Error('SSO client secret is unreadable');
};

export async function readSettings(db: Db, config: AppConfig, caller: AuthContext) {
  const row = await repo.find(db, caller.applicationId);
  return {
    configured: row !== undefined,
    issuer: row?.issuer ?? '',
    clientId: row?.clientId ?? '',
    hasSecret: row !== undefined,
    allowedDomains: row?.allowedDomains ?? [],
    enabled: row?.enabled ?? false,
    redirectUri: redirectUri(config),
  };
}

/** Saves the connection after checking the provider answers its discovery document. */
export async function saveSettings(db: Db, config: AppConfig, caller: AuthContext, input: SsoSettingsInput) {
  const domains = [...new Set(input.allowedDomains.map((d) => d.trim().toLowerCase().replace(/^@/, '')))];
  const bad = domains.filter((d) => !DOMAIN.test(d));
  if (domains.length === 0 || bad.length > 0) {
    throw badRequest(
      'INVALID_PARAMETER',
      bad.length > 0 ? `Not a domain: ${bad.join(', ')}` : 'Name at least one e-mail domain.',
      [{ path: 'allowedDomains', message: 'must be e-mail domains like example.com' }],
    );
  }
  const current = await repo.find(db, caller.applicationId);
  const secret = input.clientSecret?.trim() || (current ? secretOf(config, current) : '');
  if (secret === '') {
    throw badRequest('INVALID_PARAMETER', 'The client secret is required.', [
      { path: 'clientSecret', message: 'is required' },
    ]);
  }
  const taken = await repo.domainTakenElsewhere(db, caller.applicationId, domains);
  if (taken) throw conflict('SSO_DOMAIN_TAKEN', `${taken} already signs in to another company.`);
  await discover(input.issuer, input.clientId, secret);
  await repo.upsert(db, {
    applicationId: caller.applicationId,
    issuer: input.issuer.trim(),
    clientId: input.clientId.trim(),
    sealedClientSecret: sealJson(config.appSecret, { s: secret }),
    allowedDomains: domains,
    enabled: input.enabled,
  });
  return readSettings(db, config, caller);
}

export async function deleteSettings(db: Db, caller: AuthContext) {
  await repo.remove(db, caller.applicationId);
}

interface SsoState {
  a: string;
  v: string;
  n: string;
  o: string;
  c: string;
  exp: number;
}

export function nonceCookie(config: AppConfig, value: string | null): string {
  const secure = config.publicUrl.startsWith('https:') ? '; Secure' : '';
  const age = value ? Math.floor(STATE_TTL_MS / 1000) : 0;
  return `${SSO_COOKIE}=${value ?? ''}; Path=/api/auth/sso; HttpOnly; SameSite=Lax; Max-Age=${age}${secure}`;
}

export function readNonceCookie(header: string | undefined): string | null {
  for (const part of (header ?? '').split(';')) {
    const [k, v] = part.trim().split('=');
    if (k === SSO_COOKIE && v) return v;
  }
  return null;
}

export const notConfigured = () =>
  new AppError(404, 'SSO_NOT_CONFIGURED', 'No company signs in with SSO for this e-mail domain.');

/** Where to send the browser: the company's provider, with a sealed state bound to this browser. */
export async function start(db: Db, config: AppConfig, email: string, origin: string) {
  const domain = email.split('@')[1]?.toLowerCase() ?? '';
  const row = await repo.findByDomain(db, domain);
  if (!row) throw notConfigured();
  const provider = await discover(row.issuer, row.clientId, secretOf(config, row));
  const verifier = oidc.randomPKCECodeVerifier();
  const cookie = randomToken(16);
  const nonce = oidc.randomNonce();
  const state = sealJson(config.appSecret, {
    a: row.applicationId,
    v: verifier,
    n: nonce,
    o: origin,
    c: cookie,
    exp: Date.now() + STATE_TTL_MS,
  } satisfies SsoState);
  const url = oidc.buildAuthorizationUrl(provider, {
    redirect_uri: redirectUri(config),
    scope: 'openid email',
    response_type: 'code',
    code_challenge: await oidc.calculatePKCECodeChallenge(verifier),
    code_challenge_method: 'S256',
    state,
    nonce,
    login_hint: email,
  });
  return { url: url.toString(), cookie };
}

/** The origin the state carries (to send errors back), or null when the state is unreadable. */
export function stateOrigin(config: AppConfig, state: string): string | null {
  try {
    const s = openSealedJson(config.appSecret, state) as SsoState;
    return typeof s.o === 'string' ? s.o : null;
  } catch {
    return null;
  }
}

/** Completes the sign-in from the provider's redirect; returns a session token. */
export async function complete(
  accounts: AccountsDeps,
  config: AppConfig,
  callbackUrl: URL,
  cookie: string | null,
): Promise<string> {
  const stateParam = callbackUrl.searchParams.get('state') ?? '';
  let state: SsoState;
  try {
    state = openSealedJson(config.appSecret, stateParam) as SsoState;
  } catch {
    throw badRequest('SSO_STATE_INVALID', 'The sign-in took too long or did not start here. Try again.');
  }
  if (!cookie || cookie !== state.c || state.exp < Date.now()) {
    throw badRequest('SSO_STATE_INVALID', 'The sign-in took too long or did not start here. Try again.');
  }
  if (callbackUrl.searchParams.get('error'))
    throw new AppError(400, 'SSO_CANCELLED', 'SSO sign-in was cancelled.');
  const row = await repo.find(accounts.db, state.a);
  if (!row?.enabled) throw notConfigured();
  const provider = await discover(row.issuer, row.clientId, secretOf(config, row));
  let claims: Record<string, unknown> | undefined;
  try {
    const tokens = await oidc.authorizationCodeGrant(provider, callbackUrl, {
      pkceCodeVerifier: state.v,
      expectedState: stateParam,
      expectedNonce: state.n,
      idTokenExpected: true,
    });
    const idToken = tokens.claims();
    claims = idToken ? { ...idToken } : undefined;
    // Many providers put the e-mail only in the userinfo answer, not in the ID token.
    if (idToken && typeof idToken.email !== 'string') {
      claims = { ...(await oidc.fetchUserInfo(provider, tokens.access_token, idToken.sub)) };
    }
  } catch (err) {
    throw new AppError(
      400,
      'SSO_FAILED',
      `The identity provider did not confirm the sign-in: ${failureText(err)}`,
    );
  }
  const email = typeof claims?.email === 'string' ? claims.email.toLowerCase() : null;
  if (!email || claims?.email_verified === false) {
    throw new AppError(
      403,
      'SSO_EMAIL_UNVERIFIED',
      'The identity provider did not give a verified e-mail address.',
    );
  }
  if (!row.allowedDomains.includes(email.split('@')[1] ?? '')) {
    throw new AppError(403, 'SSO_DOMAIN_NOT_ALLOWED', 'This e-mail domain does not sign in to this company.');
  }
  const member = await repo.findMember(accounts.db, state.a, email);
  if (!member) {
    throw new AppError(
      404,
      'SSO_ACCOUNT_NOT_FOUND',
      'No member of this company uses this e-mail. Ask an admin to invite you.',
    );
  }
  return signInVouchedMember(accounts, member);
}
