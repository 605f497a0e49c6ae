import type { FastifyInstance, RouteOptions } from 'fastify';
import { isAuthorizationHook } from './security-route-table.js';

// Routes declare their guards in `preHandler` (`[ctx.authenticate, ctx.requirePrivilege(key)]`),
// which Fastify runs after validating params, query and body: a caller without the privilege
// would get a 400 describing the schema before the 403 (issue 32). Rather than ask every route to
// remember `preValidation`, the guards (authenticators, privilege and admin checks, fixed plan
// gates: the hooks marked in security-route-table.ts) are moved in front of validation as each
// route is declared. Hooks that read the body (a gate that depends on the settings sent) stay
// where they are, after validation.

const hooksOf = (value: unknown): unknown[] =>
  value === undefined ? [] : Array.isArray(value) ? value : [value];

/** Call before any route is declared. */
export function authorizeBeforeValidation(app: FastifyInstance): void {
  app.addHook('onRoute', (options: RouteOptions) => {
    const preHandler = hooksOf(options.preHandler);
    const moved = preHandler.filter(isAuthorizationHook);
    if (moved.length === 0) return;
    const kept = preHandler.filter((h) => !isAuthorizationHook(h));
    // In their declared order, ahead of any preValidation hook of the route itself.
    (options as { preValidation?: unknown }).preValidation = [...moved, ...hooksOf(options.preValidation)];
    (options as { preHandler?: unknown }).preHandler = kept.length > 0 ? kept : undefined;
  });
}
