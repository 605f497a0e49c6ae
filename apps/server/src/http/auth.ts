import { isAllowed, type PrivilegeKey, type RoleType, toRoleType } from '@convo/domain';
import type { FastifyReply, FastifyRequest } from 'fastify';
import * as accounts from '../modules/accounts/repository.js';
import { sha256 } from '../platform/crypto.js';
import type { Db } from '../platform/db/database.js';
import { forbidden, unauthorized } from './errors.js';

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

/**
 * `membersOnly` guards the product API: an application's end users (no role type) hold messaging
 * tokens too, and the spec's "no role type means full access" must never reach them.
 */
export function authenticator(db: Db, opts: { membersOnly: boolean }) {
  return async function authenticate(request: FastifyRequest, _reply: FastifyReply): Promise<void> {
    const token = readToken(request);
    if (!token) throw unauthorized();
    const tokenHash = sha256(token);
    const found = await accounts.findLiveSession(db, tokenHash, new Date());
    if (!found || found.user.status === 2 || found.user.status === 3 || found.application.disabledAt) {
      throw unauthorized();
    }
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

type LiveSession = NonNullable<Awaited<ReturnType<typeof accounts.findLiveSession>>>;

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
export function privilegeChecker(db: Db) {
  return (key: PrivilegeKey) =>
    async function requirePrivilege(request: FastifyRequest): Promise<void> {
      const auth = requireAuth(request);
      const settings = await accounts.findAppSettings(db, auth.applicationId);
      if (!isAllowed(key, auth.roleType, settings?.companySetting ?? null, auth.product)) throw forbidden();
    };
}
