import type { FeatureKey, PrivilegeKey } from '@convo/domain';
import type { FastifyInstance, RouteOptions } from 'fastify';

// Every route the application declares, recorded as it is declared, with what the security tests
// need: whether it is public, which authenticator guards it, and its request schemas. The tests
// walk this table, so a route added later is covered without anyone listing it.

export type GuardKind = 'member' | 'messaging';

const GUARD = Symbol.for('convo.guard');

/** Marks a request hook as an authenticator, so the route table can tell guarded routes apart. */
export function markGuard<T extends object>(hook: T, kind: GuardKind): T {
  Object.defineProperty(hook, GUARD, { value: kind, enumerable: false });
  return hook;
}

function guardOf(hook: unknown): GuardKind | null {
  if (typeof hook !== 'function') return null;
  const kind = (hook as unknown as Record<symbol, unknown>)[GUARD];
  return kind === 'member' || kind === 'messaging' ? kind : null;
}

/**
 * What a route guard asks the policy (packages/domain/src/access/policy.ts), decided from the caller
 * alone: a SPEC §6 privilege key, the admin permissions, or a fixed plan feature.
 */
export type RoutePolicy =
  | { action: 'privilege.use'; key: PrivilegeKey }
  | { action: 'application.administer' }
  | { action: 'feature.use'; feature: FeatureKey };

const POLICY = Symbol.for('convo.policy');

/** Marks a request hook as asking the policy `check`, so the route table records the route's action. */
export function markPolicy<T extends object>(hook: T, check: RoutePolicy): T {
  Object.defineProperty(hook, POLICY, { value: check, enumerable: false });
  return hook;
}

/** Marks a request hook as the SPEC §6 check of `key`, so the route table records what it guards. */
export function markPrivilege<T extends object>(hook: T, key: PrivilegeKey): T {
  return markPolicy(hook, { action: 'privilege.use', key });
}

function policyOf(hook: unknown): RoutePolicy | null {
  if (typeof hook !== 'function') return null;
  const check = (hook as unknown as Record<symbol, unknown>)[POLICY];
  return typeof check === 'object' && check !== null ? (check as RoutePolicy) : null;
}

function privilegeOf(hook: unknown): PrivilegeKey | null {
  const check = policyOf(hook);
  return check?.action === 'privilege.use' ? check.key : null;
}

const AUTHORIZATION = Symbol.for('convo.authorization');

/**
 * Marks a request hook that decides from the caller alone (its session, role or plan, never the
 * body): it runs before validation (authorize-first.ts), as authenticators and privilege checks do.
 */
export function markAuthorization<T extends object>(hook: T): T {
  Object.defineProperty(hook, AUTHORIZATION, { value: true, enumerable: false });
  return hook;
}

/** An authenticator, a privilege check or another hook marked as deciding from the caller alone. */
export function isAuthorizationHook(hook: unknown): boolean {
  if (typeof hook !== 'function') return false;
  return (
    guardOf(hook) !== null ||
    policyOf(hook) !== null ||
    (hook as unknown as Record<symbol, unknown>)[AUTHORIZATION] === true
  );
}

export interface RouteSchemas {
  params?: unknown;
  querystring?: unknown;
  body?: unknown;
}

export interface RouteEntry {
  method: string;
  url: string;
  /** `config: PUBLIC_ROUTE` on the route, or registered inside `asPublic` (third-party plugins). */
  isPublic: boolean;
  /** The authenticator among the route's onRequest/preValidation/preHandler hooks, if any. */
  guard: GuardKind | null;
  /**
   * The SPEC §6 keys its hooks check, or 'any-member' when the route declares that every member
   * may call it (`config: ANY_MEMBER`: the caller's own profile, the session…); null when neither.
   */
  privilege: PrivilegeKey[] | 'any-member' | null;
  /** Every policy check its guards make (privilege keys, admin permissions, plan features). */
  policy: RoutePolicy[];
  schema: RouteSchemas;
}

export interface RouteTable {
  readonly routes: readonly RouteEntry[];
  /**
   * Runs a plugin registration whose routes are all public (docs UI, the dashboard's static files):
   * their routes cannot carry our marker.
   */
  asPublic<T>(register: () => PromiseLike<T>): Promise<T>;
}

declare module 'fastify' {
  interface FastifyInstance {
    routeTable: RouteTable;
  }
}

const hooksOf = (value: unknown): unknown[] =>
  value === undefined ? [] : Array.isArray(value) ? value : [value];

/** Records every route declared on `app` from now on; call it before any route or plugin. */
export function trackRoutes(app: FastifyInstance): RouteTable {
  const routes: RouteEntry[] = [];
  let publicDepth = 0;
  app.addHook('onRoute', (options: RouteOptions) => {
    const hooks = [options.onRequest, options.preValidation, options.preHandler].flatMap(hooksOf);
    const guards = hooks.map(guardOf).filter((g): g is GuardKind => g !== null);
    const keys = hooks.map(privilegeOf).filter((k): k is PrivilegeKey => k !== null);
    const policy = hooks.map(policyOf).filter((c): c is RoutePolicy => c !== null);
    const privilege = keys.length > 0 ? keys : options.config?.anyMember === true ? 'any-member' : null;
    const schema = (options.schema ?? {}) as RouteSchemas;
    for (const method of hooksOf(options.method)) {
      routes.push({
        method: String(method),
        url: options.url,
        isPublic: publicDepth > 0 || options.config?.public === true,
        guard: guards.includes('member') ? 'member' : (guards[0] ?? null),
        privilege,
        policy,
        schema: { params: schema.params, querystring: schema.querystring, body: schema.body },
      });
    }
  });
  const table: RouteTable = {
    routes,
    async asPublic(register) {
      publicDepth += 1;
      try {
        return await register();
      } finally {
        publicDepth -= 1;
      }
    },
  };
  app.decorate('routeTable', table);
  return table;
}

/** Routes that are neither declared public nor guarded by an authenticator (HEAD copies aside). */
export function unclassifiedRoutes(routes: readonly RouteEntry[]): RouteEntry[] {
  return routes.filter((r) => r.method !== 'HEAD' && !r.isPublic && r.guard === null);
}

/** Guarded routes that declare neither a privilege key nor `ANY_MEMBER` (SPEC §6 on the API). */
export function routesWithoutPrivilege(routes: readonly RouteEntry[]): RouteEntry[] {
  return routes.filter((r) => r.method !== 'HEAD' && !r.isPublic && r.guard !== null && r.privilege === null);
}
