import type { PrivilegeKey } from '@convo/domain';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppConfig } from '../platform/config.js';
import type { Database } from '../platform/db/database.js';
import type { Mailer } from '../platform/mail/mailer.js';
import type { AuthContext } from './auth.js';

type Hook = (request: FastifyRequest, reply: FastifyReply) => Promise<void>;

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * Reachable without a token (sign-up, login, health, widget init…). Every other route must use
     * `authenticate`/`authenticateMessaging`: the security tests walk the route table and fail on a
     * route that is neither.
     */
    public?: boolean;
    /**
     * Every member may call it, whatever the SPEC §6 matrix says (their own session, profile
     * basics…). A guarded route must check a privilege key or declare this: the privileges test
     * walks the API and fails on a route that does neither.
     */
    anyMember?: boolean;
  }
}

/** Route config of a public route: `config: PUBLIC_ROUTE` or `config: { ...PUBLIC_ROUTE, rateLimit }`. */
export const PUBLIC_ROUTE = { public: true } as const;

/** Route config of a guarded route open to every member: `config: ANY_MEMBER` (or spread it). */
export const ANY_MEMBER = { anyMember: true } as const;

/**
 * What every module's routes receive: the platform and the shared request guards. Modules that
 * put a service of their own here declare its field themselves (`declare module` on this file,
 * as `realtime` does in modules/realtime/realtime.ts and `accounts` in modules/accounts/service.ts),
 * so this plumbing imports no module; the composition root (`../app.ts`) fills every field.
 */
export interface RouteContext {
  config: AppConfig;
  database: Database;
  mailer: Mailer;
  /** Product API: a member's session (agent, admin…), never an end user's. */
  authenticate: Hook;
  /** Messaging API: any session of the application, members and end users alike. */
  authenticateMessaging: Hook;
  requirePrivilege: (key: PrivilegeKey) => Hook;
  /** After a privilege check: only a super admin or an admin (role 0 or 1) may go on. */
  requireAdmin: Hook;
  /**
   * The messaging family's delegation in a body (`fromUserName`): an admin acting for another user
   * of the application, as the `Of-User-Id` header does in `authenticateMessaging`.
   */
  actAs: (caller: AuthContext, userId: string) => Promise<AuthContext>;
}
