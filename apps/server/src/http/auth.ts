import { isAllowed, type PrivilegeKey, type RoleType, toRoleType } from '@convo/domain';
import type { FastifyReply, FastifyRequest } from 'fastify';
import * as accounts from '../modules/accounts/repository.js';
import type { SessionCache } from '../modules/accounts/session-cache.js';
import { sha256 } from '../platform/crypto.js';
import type { Db } from '../platform/db/database.js';
import { forbidden, unauthorized } from './errors.js';
import { markPrivilege } from './security-route-table.js';

/** Who is calling: set on the request by `authenticate` for every route that needs a session. */
export interface AuthContext {
  tokenHash: string;
  userId: string;
  userName: string;
  applicationId: string;
  roleType: RoleType | null;
  product: 'classic' | 'agent';
  sessionExpiresAt: Date;
}

declare module 'fastify' {
  interface FastifyRequest {
    auth: AuthContext | null;
  }
}

/** Token from `Authorization: Bearer` (product API) or `X-Authorization` (messaging API). */
export function readToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (typeof header === 'string' && header.startsWith('Bearer ')) return header.slice(7).trim() || null;
  const x = request.headers['x-authorization'];
  if (typeof x === 'string' && x.trim()) return x.trim();
  return null;
}

const tokenHashes = new WeakMap<FastifyRequest, string | null>();

/** SHA-256 of the request's token (or null), hashed once per request whoever asks first. */
export function tokenHashOf(request: FastifyRequest): string | null {
  let hash = tokenHashes.get(request);
  if (hash === undefined) {
    const token = readToken(request);
    hash = token ? sha256(token) : null;
    tokenHashes.set(request, hash);
  }
  return hash;
}

/**
 * `membersOnly` guards the product API: an application's end users (no role type) hold messaging
 * tokens too, and the spec's "no role type means full access" must never reach them.
 */
export function authenticator(
  db: Db,
  opts: { membersOnly: boolean; sessions?: SessionCache<LiveSession> | undefined },
) {
  return async function authenticate(request: FastifyRequest, _reply: FastifyReply): Promise<void> {
    const tokenHash = tokenHashOf(request);
    if (!tokenHash) throw unauthorized();
    const found = await findSession(db, opts.sessions, tokenHash);
    if (!found || !isUsable(found)) throw unauthorized();
    // The messaging family names its application in a header; it must be the token's own.
    const appKey = request.headers['application-key'];
    if (
      typeof appKey === 'string' &&
      appKey !== '' &&
      appKey !== found.application.id &&
      appKey !== found.application.key
    ) {
      throw forbidden('This token does not belong to that application.');
    }
    if (opts.membersOnly && found.user.roleType === null) throw forbidden();
    request.auth = authContextOf(found, tokenHash);
  };
}

export type LiveSession = NonNullable<Awaited<ReturnType<typeof accounts.findLiveSession>>>;

/** Expired (2) and deleted (3) users and disabled applications are signed out. */
const isUsable = (found: LiveSession) =>
  found.user.status !== 2 && found.user.status !== 3 && !found.application.disabledAt;

/** The token's live session, from the cache when it holds it (see session-cache.ts). */
async function findSession(
  db: Db,
  cache: SessionCache<LiveSession> | undefined,
  tokenHash: string,
): Promise<LiveSession | undefined> {
  const now = new Date();
  const cached = cache?.get(tokenHash, now);
  if (cached) return cached;
  const mark = cache?.mark() ?? 0;
  const found = await accounts.findLiveSession(db, tokenHash, now);
  // Only sessions that pass: a refused one is asked again, so undoing the refusal shows at once.
  if (found && cache && isUsable(found)) cache.set(tokenHash, found, mark);
  return found;
}

/** Who a live session is, as every rule sees it (HTTP requests and WebSocket connections alike). */
export function authContextOf(found: LiveSession, tokenHash: string): AuthContext {
  return {
    tokenHash,
    userId: found.user.id,
    userName: found.user.userId,
    applicationId: found.application.id,
    roleType: toRoleType(found.user.roleType),
    product: found.application.product === 'agent' ? 'agent' : 'classic',
    sessionExpiresAt: found.session.expiresAt,
  };
}

export function requireAuth(request: FastifyRequest): AuthContext {
  if (!request.auth) throw unauthorized();
  return request.auth;
}

/** The SPEC §6 rule on the server: the same `isAllowed` the navigation uses. */
// End users of the messaging API have no role type, so `isAllowed` lets them through: their own
// rule (only their own conversations) is the services'. Marked, so the route table knows the key.
export function privilegeChecker(db: Db) {
  return (key: PrivilegeKey) =>
    markPrivilege(async function requirePrivilege(request: FastifyRequest): Promise<void> {
      const auth = requireAuth(request);
      const settings = await accounts.findAppSettings(db, auth.applicationId);
      if (!isAllowed(key, auth.roleType, settings?.companySetting ?? null, auth.product)) throw forbidden();
    }, key);
}
