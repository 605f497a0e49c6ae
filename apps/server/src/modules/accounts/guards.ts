import { APPLICATION, can, type PrivilegeKey, privilegeReadsCompanySetting, toRoleType } from '@convo/domain';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { type AuthContext, requireAuth, tokenHashOf } from '../../http/auth.js';
import { forbidden, unauthorized } from '../../http/errors.js';
import { authorize } from '../../http/policy.js';
import { markPolicy, markPrivilege } from '../../http/security-route-table.js';
import type { Db } from '../../platform/db/database.js';
import { actingAs } from './delegation.js';
import * as accounts from './repository.js';
import type { SessionCache } from './session-cache.js';

// The request guards every module's routes use (`ctx.authenticate`, `ctx.requirePrivilege`):
// who a token belongs to is this module's knowledge (its sessions), so the guards live here and
// `http/auth.ts` keeps only what any request needs (reading the token, `requireAuth`).

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
    const auth = authContextOf(found, tokenHash);
    if (opts.membersOnly && !can(auth, 'application.work', APPLICATION)) throw forbidden();
    // The messaging family's delegated calls: an admin acts for the user the header names.
    const ofUser = request.headers['of-user-id'];
    request.auth =
      !opts.membersOnly && typeof ofUser === 'string' && ofUser.trim() !== ''
        ? await actingAs(db, auth, ofUser.trim())
        : auth;
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

/** The SPEC §6 rule on the server: the policy's `privilege.use`, the rule the navigation uses. */
// End users of the messaging API have no role type, so the key lets them through: their own
// rule (only their own conversations) is the policy's ownership, asked by the services. Marked,
// so the route table knows the route's action.
export function privilegeChecker(db: Db) {
  return (key: PrivilegeKey) =>
    markPrivilege(async function requirePrivilege(request: FastifyRequest): Promise<void> {
      const auth = requireAuth(request);
      const settings = privilegeReadsCompanySetting(auth.roleType)
        ? await accounts.findAppSettings(db, auth.applicationId)
        : undefined;
      authorize(auth, 'privilege.use', { key, companySetting: settings?.companySetting ?? null });
    }, key);
}

/**
 * Changes only an admin (0 or 1) may make, on top of the route's privilege key (every bot change,
 * knowledge sources included: docs/decisions.md "AI agents: managing bots"). A route guard, so a
 * refused agent gets 403 before the body is validated; end users (no role type) are refused too.
 */
export function adminChecker() {
  return markPolicy(
    async function requireAdmin(request: FastifyRequest): Promise<void> {
      authorize(requireAuth(request), 'application.administer', APPLICATION, 'Only admins can do this.');
    },
    { action: 'application.administer' },
  );
}
