import {
  BILLING_PATHS,
  billingOverviewResponseSchema,
  billingStateResponseSchema,
  helpCenterBillingResponseSchema,
} from '@convo/api';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAuth } from '../../http/auth.js';
import { ANY_MEMBER, type RouteContext } from '../../http/route-context.js';
import type { Entitlements } from './entitlements.js';
import type { PaymentProvider } from './provider.js';
import * as repo from './repository.js';
import * as service from './service.js';

declare module '../../http/route-context.js' {
  interface RouteContext {
    /** What each application's plan opens, from memory (modules/billing/entitlements.ts). */
    billing: Entitlements;
  }
}

export type BillingRouteContext = Pick<
  RouteContext,
  'database' | 'authenticate' | 'requirePrivilege' | 'billing'
>;

/** Product API: the account state (every member), /settings/billing and /settings/helpcenter-billing. */
export function billingRoutes(
  ctx: BillingRouteContext,
  provider: PaymentProvider | null,
): FastifyPluginAsyncZod {
  const deps: service.BillingDeps = { db: ctx.database.db, entitlements: ctx.billing, provider };
  return async (app) => {
    const tags = ['billing'];
    const security = [{ bearer: [] }];
    const ok = <T>(data: T) => ({ code: 'SUCCESS' as const, data });

    app.get(
      BILLING_PATHS.state,
      {
        preHandler: [ctx.authenticate],
        // Every member's dashboard follows the account state (trial expired, suspended…).
        config: ANY_MEMBER,
        schema: { tags, security, response: { 200: billingStateResponseSchema } },
      },
      async (req) => ok(await service.billingState(deps, requireAuth(req).applicationId)),
    );

    app.get(
      BILLING_PATHS.overview,
      {
        preHandler: [ctx.authenticate, ctx.requirePrivilege('settings.billing')],
        schema: { tags, security, response: { 200: billingOverviewResponseSchema } },
      },
      async (req) => {
        const auth = requireAuth(req);
        const timeZone = await repo.memberTimeZone(ctx.database.db, auth.userId);
        return ok(await service.billingOverview(deps, auth.applicationId, timeZone));
      },
    );

    app.get(
      BILLING_PATHS.helpCenter,
      {
        preHandler: [ctx.authenticate, ctx.requirePrivilege('settings.helpcenter-billing')],
        schema: { tags, security, response: { 200: helpCenterBillingResponseSchema } },
      },
      async () => ok(service.helpCenterBilling(deps)),
    );
  };
}
