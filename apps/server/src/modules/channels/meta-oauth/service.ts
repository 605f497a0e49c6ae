import {
  type Integration,
  META_OAUTH_PATHS,
  type MetaOAuthAccount,
  type MetaOAuthPending,
  type MetaOAuthType,
} from '@convo/api';
import { z } from 'zod';
import type { AuthContext } from '../../../http/auth.js';
import { AppError, badRequest, notFound } from '../../../http/errors.js';
import { openSealedJson, randomToken, safeEqual, sealJson } from '../../../platform/crypto.js';
import { ChannelProviderError } from '../connector.js';
import { type InboundDeps, receiveWebhook } from '../inbound.js';
import { exchangeCode, listPages, loginDialogUrl, type MetaApp, type MetaPage } from '../meta-graph/oauth.js';
import { metaChallenge, verifyMetaSignature } from '../meta-graph/webhook.js';
import * as channels from '../repository.js';
import { type ChannelServiceDeps, connectIntegration } from '../service.js';
import * as repo from './repository.js';

// Facebook and Instagram connected through Facebook Login with the operator's Meta app
// (docs/decisions.md). The state is sealed with the app secret and names the application, the
// member and the channel, expires, and carries a nonce also kept in an HttpOnly cookie of the
// browser that started (so a login link sent to someone else cannot put their pages in our
// list). The pages' tokens stay on the server, sealed in a pending row of that member, until
// one is picked and connected through the same connect as the pasted form.

const STATE_TTL_MS = 10 * 60 * 1000;
const PENDING_TTL_MS = 30 * 60 * 1000;

export interface MetaOAuthDeps extends ChannelServiceDeps {
  metaApp: (MetaApp & { verifyToken: string | null }) | null;
  graphUrl: string;
}

const stateSchema = z.object({
  a: z.string(),
  u: z.string(),
  k: z.enum(['facebook', 'instagram']),
  n: z.string(),
  exp: z.number(),
});
const pagesSchema = z.array(
  z.object({
    id: z.string(),
    name: z.string(),
    accessToken: z.string(),
    instagram: z.object({ id: z.string(), username: z.string().nullable() }).nullable(),
  }),
);

export const notConfigured = () =>
  notFound('Connecting with Facebook needs a Meta app on this server (META_APP_ID and META_APP_SECRET).');

function appOf(deps: MetaOAuthDeps) {
  if (!deps.metaApp) throw notConfigured();
  return deps.metaApp;
}

export const callbackUrl = (publicUrl: string) => `${publicUrl}${META_OAUTH_PATHS.callback}`;

/** The browser's half of the state's nonce. */
export const NONCE_COOKIE = 'convo_meta_oauth';

export function nonceCookie(publicUrl: string, nonce: string | null): string {
  const secure = publicUrl.startsWith('https:') ? '; Secure' : '';
  const age = nonce ? Math.floor(STATE_TTL_MS / 1000) : 0;
  return `${NONCE_COOKIE}=${nonce ?? ''}; Path=${META_OAUTH_PATHS.callback}; HttpOnly; SameSite=Lax; Max-Age=${age}${secure}`;
}

export function readNonceCookie(header: string | undefined): string | null {
  for (const part of (header ?? '').split(';')) {
    const [k, v] = part.trim().split('=');
    if (k === NONCE_COOKIE && v) return v;
  }
  return null;
}

/** Facebook Login's dialog for this member and channel, and the nonce the browser must keep. */
export function startLogin(deps: MetaOAuthDeps, caller: AuthContext, type: MetaOAuthType) {
  const app = appOf(deps);
  const nonce = randomToken(16);
  const state = sealJson(deps.appSecret, {
    a: caller.applicationId,
    u: caller.userId,
    k: type,
    n: nonce,
    exp: Date.now() + STATE_TTL_MS,
  });
  return { url: loginDialogUrl(app, type, callbackUrl(deps.publicUrl), state), nonce };
}

const invalidState = () =>
  badRequest(
    'INVALID_STATE',
    'This Facebook Login link has expired or is not yours. Start again from the integration.',
  );

function readState(deps: MetaOAuthDeps, sealed: string | undefined, browserNonce: string | null) {
  const parsed = stateSchema.safeParse(sealed ? openSealedJson(deps.appSecret, sealed) : null);
  if (
    !parsed.success ||
    parsed.data.exp < Date.now() ||
    !browserNonce ||
    !safeEqual(parsed.data.n, browserNonce)
  )
    throw invalidState();
  return parsed.data;
}

/**
 * Facebook Login's redirect: keeps the pages (or Meta's refusal, or the cancel) for the member
 * and answers where the browser goes next, the integration's page with `pending=<id>`. A missing,
 * forged, foreign or expired state is refused (400) before anything is asked of Meta.
 */
export async function completeLogin(
  deps: MetaOAuthDeps,
  query: { state?: string | undefined; code?: string | undefined; error?: string | undefined },
  browserNonce: string | null,
): Promise<string> {
  const app = appOf(deps);
  const state = readState(deps, query.state, browserNonce);
  let pages: MetaPage[] | null = null;
  let error: { code: string; message: string } | null = null;
  if (query.error || !query.code) {
    error = {
      code: 'META_OAUTH_CANCELLED',
      message: 'Facebook Login was cancelled: nothing was connected.',
    };
  } else {
    try {
      const token = await exchangeCode(deps.graphUrl, app, query.code, callbackUrl(deps.publicUrl));
      pages = await listPages(deps.graphUrl, token);
    } catch (err) {
      if (!(err instanceof ChannelProviderError)) throw err;
      error = { code: 'META_ERROR', message: err.message };
    }
  }
  const id = await repo.insertPending(deps.db, {
    applicationId: state.a,
    userId: state.u,
    kind: state.k,
    sealedAccounts: pages ? sealJson(deps.appSecret, pages) : null,
    errorCode: error?.code ?? null,
    errorMessage: error?.message ?? null,
    expiresAt: new Date(Date.now() + PENDING_TTL_MS),
  });
  const back = new URL('/integration-details', deps.publicUrl);
  back.searchParams.set('type', state.k);
  back.searchParams.set('pending', id);
  return back.toString();
}

/** What the admin can pick: pages for Messenger, linked professional accounts for Instagram. */
function accountsOf(kind: MetaOAuthType, pages: readonly MetaPage[]): MetaOAuthAccount[] {
  if (kind === 'facebook')
    return pages.map((p) => ({ id: p.id, name: p.name || p.id, pageId: p.id, pageName: p.name }));
  return pages.flatMap((p) =>
    p.instagram
      ? [
          {
            id: p.instagram.id,
            name: p.instagram.username ? `@${p.instagram.username}` : p.instagram.id,
            pageId: p.id,
            pageName: p.name,
          },
        ]
      : [],
  );
}

const pendingGone = () =>
  notFound('This list of pages has expired or was already used. Connect with Facebook again.');

async function openPending(deps: MetaOAuthDeps, caller: AuthContext, id: string) {
  const row = await repo.findPending(deps.db, id, caller.applicationId, caller.userId);
  if (!row) throw pendingGone();
  const kind = row.kind === 'instagram' ? 'instagram' : 'facebook';
  const pages = row.sealedAccounts
    ? pagesSchema.safeParse(openSealedJson(deps.appSecret, row.sealedAccounts))
    : null;
  if (pages && !pages.success) throw pendingGone();
  return { row, kind, pages: pages?.data ?? [] } as const;
}

/** The pending answer as the dashboard shows it: names and ids, never a token. */
export async function pendingOf(
  deps: MetaOAuthDeps,
  caller: AuthContext,
  id: string,
): Promise<MetaOAuthPending> {
  const { row, kind, pages } = await openPending(deps, caller, id);
  return {
    type: kind,
    status: row.errorCode ? 'failed' : 'ready',
    accounts: accountsOf(kind, pages),
    pageCount: pages.length,
    error: row.errorCode ? { code: row.errorCode, message: row.errorMessage ?? '' } : null,
    expiresAt: row.expiresAt.getTime(),
  };
}

/**
 * Connects the page (or Instagram account) the admin picked: the same connect as the pasted form
 * (the page read with its token, the app subscribed to its webhooks, the config sealed), signed
 * with the Meta app's secret; the pending answer is removed in the account's transaction.
 */
export async function selectAccount(
  deps: MetaOAuthDeps,
  caller: AuthContext,
  id: string,
  accountId: string,
): Promise<Integration> {
  const app = appOf(deps);
  const { kind, pages } = await openPending(deps, caller, id);
  const account = accountsOf(kind, pages).find((a) => a.id === accountId);
  const page = pages.find((p) => p.id === account?.pageId);
  if (!account || !page)
    throw badRequest('INVALID_PARAMETER', 'Pick one of the accounts Facebook Login gave access to.');
  const common = {
    pageId: page.id,
    pageAccessToken: page.accessToken,
    appSecret: app.appSecret,
    verifyToken: app.verifyToken ?? randomToken(16),
  };
  const input = kind === 'instagram' ? { ...common, instagramAccountId: account.id } : common;
  return connectIntegration(deps, caller.applicationId, kind, input, (tx) =>
    repo.deletePending(tx, id, caller.applicationId),
  );
}

const deliverySchema = z.object({
  object: z.string(),
  entry: z.array(z.object({ id: z.string() }).passthrough()).default([]),
});
const KIND_OF_OBJECT: Readonly<Record<string, 'facebook' | 'instagram'>> = {
  page: 'facebook',
  instagram: 'instagram',
};

/** The Meta app's webhook verification: hub.challenge when hub.verify_token is META_VERIFY_TOKEN. */
export function answerAppChallenge(deps: MetaOAuthDeps, query: Readonly<Record<string, unknown>>): string {
  const token = deps.metaApp?.verifyToken;
  const answer = token ? metaChallenge(query, token) : null;
  if (answer === null)
    throw new AppError(
      403,
      'INVALID_VERIFY_TOKEN',
      'The verify token is not this server’s META_VERIFY_TOKEN.',
    );
  return answer;
}

/**
 * A delivery to the Meta app's one webhook, signed with the app secret: each application that
 * connected one of its pages (or Instagram accounts) gets it through its own channel's pipeline,
 * which keeps that account's events only and checks the signature with the account's config.
 */
export async function receiveAppDelivery(
  deps: MetaOAuthDeps,
  inboundDeps: InboundDeps,
  headers: Readonly<Record<string, string | string[] | undefined>>,
  rawBody: string,
): Promise<number> {
  const app = appOf(deps);
  if (!verifyMetaSignature(headers, app.appSecret, rawBody))
    throw new AppError(401, 'INVALID_SIGNATURE', 'The delivery is not signed with the Meta app’s secret.');
  let body: unknown;
  try {
    body = JSON.parse(rawBody);
  } catch {
    return 0;
  }
  const delivery = deliverySchema.safeParse(body);
  const kind = delivery.success ? KIND_OF_OBJECT[delivery.data.object] : undefined;
  if (!delivery.success || !kind) return 0;
  const ids = [...new Set(delivery.data.entry.map((e) => e.id))];
  let stored = 0;
  for (const applicationId of await channels.applicationsWithExternalIds(deps.db, kind, ids)) {
    try {
      stored += (await receiveWebhook(inboundDeps, kind, applicationId, headers, body, rawBody)).stored;
    } catch (err) {
      // An account connected with another app's secret (pasted) has its own webhook URL.
      if (!(err instanceof AppError && (err.statusCode === 401 || err.statusCode === 404))) throw err;
    }
  }
  return stored;
}
