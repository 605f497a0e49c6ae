import {
  BILLING_PATHS,
  billingAddonRequestSchema,
  billingAddonResponseSchema,
  billingChangePreviewQuerySchema,
  billingChangePreviewResponseSchema,
  billingCheckoutRequestSchema,
  billingCheckoutResponseSchema,
  billingOverviewResponseSchema,
  billingPortalResponseSchema,
  billingStateResponseSchema,
  helpCenterBillingResponseSchema,
} from '@convo/api';
import { defaultCurrency, PLAN } from '@convo/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { $ZodError } from 'zod/v4/core';
import { requireAuth } from '../../http/auth.js';
import { AppError, badRequest, conflict } from '../../http/errors.js';
import { ANY_MEMBER, PUBLIC_ROUTE, type RouteContext } from '../../http/route-context.js';
import { loadIpCountryLookup } from '../../platform/ip-country.js';
import type { Entitlements } from './entitlements.js';
import type { PaymentProvider } from './provider.js';
import { applyStripeEvent } from './providers/stripe/stripe-events.js';
import { type StripeProvider, UnknownPriceError } from './providers/stripe/stripe-provider.js';
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
  'config' | 'database' | 'authenticate' | 'requirePrivilege' | 'billing'
>;

/** Product API: the account state (every member), /settings/billing and /settings/helpcenter-billing. */
export function billingRoutes(
  ctx: BillingRouteContext,
  provider: PaymentProvider | null,
): FastifyPluginAsyncZod {
  const deps: service.BillingDeps = { db: ctx.database.db, entitlements: ctx.billing, provider };
  // A member without a time zone gets the currency of their address's country.
  const countryOf = loadIpCountryLookup(ctx.config.geoipDbPath);
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
        return ok(await service.billingOverview(deps, auth.applicationId, timeZone, countryOf(req.ip)));
      },
    );

    app.get(
      BILLING_PATHS.changePreview,
      {
        preHandler: [ctx.authenticate, ctx.requirePrivilege('settings.billing')],
        schema: {
          tags,
          security,
          querystring: billingChangePreviewQuerySchema,
          response: { 200: billingChangePreviewResponseSchema },
        },
      },
      async (req) => {
        const auth = requireAuth(req);
        const timeZone = await repo.memberTimeZone(ctx.database.db, auth.userId);
        try {
          return ok(await service.planChangePreview(deps, auth.applicationId, timeZone, req.query));
        } catch (err) {
          if (err instanceof service.SeatsInUseError) throw badRequest('SEATS_IN_USE', err.message);
          if (err instanceof service.BillingInputError) throw badRequest('PLAN_NOT_SOLD', err.message);
          throw err;
        }
      },
    );

    app.post(
      BILLING_PATHS.addons,
      {
        preHandler: [ctx.authenticate, ctx.requirePrivilege('settings.billing')],
        schema: {
          tags,
          security,
          body: billingAddonRequestSchema,
          response: { 200: billingAddonResponseSchema },
        },
      },
      async (req) => {
        const auth = requireAuth(req);
        // The currency the billing screen priced the add-on in.
        const timeZone = await repo.memberTimeZone(ctx.database.db, auth.userId);
        const currency = defaultCurrency(timeZone, countryOf(req.ip));
        try {
          const packs = await service.setAddonPacks(deps, auth.applicationId, currency, req.body.packs);
          return ok({ packs });
        } catch (err) {
          if (err instanceof service.AddonNotSoldError) throw badRequest('ADDON_NOT_SOLD', err.message);
          if (err instanceof service.NoSubscriptionError) throw badRequest('NO_SUBSCRIPTION', err.message);
          if (err instanceof service.BillingInputError) throw badRequest('INVALID_PARAMETER', err.message);
          throw err;
        }
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

    if (provider?.name === 'stripe') await app.register(stripeRoutes(ctx, provider as StripeProvider));
  };
}

/** Stripe Checkout for admins, and Stripe's webhook endpoint (public: its signature is the credential). */
function stripeRoutes(ctx: BillingRouteContext, stripe: StripeProvider): FastifyPluginAsyncZod {
  const db = ctx.database.db;
  return async (app) => {
    // The signature covers the exact bytes Stripe sent: this scope keeps JSON bodies as text.
    app.addContentTypeParser('application/json', { parseAs: 'string' }, (_req, body, done) =>
      done(null, body),
    );

    app.post(
      BILLING_PATHS.checkout,
      {
        preHandler: [ctx.authenticate, ctx.requirePrivilege('settings.billing')],
        schema: {
          tags: ['billing'],
          security: [{ bearer: [] }],
          response: { 200: billingCheckoutResponseSchema },
        },
      },
      async (req) => {
        const auth = requireAuth(req);
        const input = billingCheckoutRequestSchema.safeParse(JSON.parse(String(req.body ?? '{}')));
        if (!input.success) throw badRequest('INVALID_PARAMETER', 'Give a plan, a period and seats.');
        const back = `${ctx.config.publicUrl}/settings/billing`;
        // A second Checkout would start a second subscription: a subscriber changes plan in the portal.
        const current = await repo.findSubscription(db, auth.applicationId);
        if (current?.externalSubscriptionId && current.plan !== PLAN.CHURN) {
          throw conflict('ALREADY_SUBSCRIBED', 'Change your plan, seats or period in the customer portal.');
        }
        try {
          const url = await stripe.checkout({
            applicationId: auth.applicationId,
            plan: input.data.plan,
            period: input.data.period,
            seats: input.data.seats,
            customerId: await stripe.customerOf(auth.applicationId),
            successUrl: `${back}?checkout=done`,
            cancelUrl: back,
          });
          return { code: 'SUCCESS' as const, data: { url } };
        } catch (err) {
          if (err instanceof UnknownPriceError) throw badRequest('PLAN_NOT_SOLD', err.message);
          throw err;
        }
      },
    );

    app.post(
      BILLING_PATHS.portal,
      {
        preHandler: [ctx.authenticate, ctx.requirePrivilege('settings.billing')],
        schema: {
          tags: ['billing'],
          security: [{ bearer: [] }],
          response: { 200: billingPortalResponseSchema },
        },
      },
      async (req) => {
        const customerId = await stripe.customerOf(requireAuth(req).applicationId);
        if (!customerId)
          throw badRequest(
            'NO_SUBSCRIPTION',
            'Buy a plan first: there is no card or subscription to manage yet.',
          );
        const url = await stripe.portal(customerId, `${ctx.config.publicUrl}/settings/billing`);
        return { code: 'SUCCESS' as const, data: { url } };
      },
    );

    app.post(
      BILLING_PATHS.stripeWebhook,
      { config: PUBLIC_ROUTE, schema: { tags: ['billing'], hide: true } },
      async (req) => {
        const signature = req.headers['stripe-signature'];
        if (typeof signature !== 'string' || typeof req.body !== 'string') {
          throw badRequest('INVALID_SIGNATURE', 'Missing Stripe-Signature.');
        }
        let event: ReturnType<StripeProvider['verifiedEvent']>;
        try {
          event = stripe.verifiedEvent(req.body, signature);
        } catch {
          throw new AppError(400, 'INVALID_SIGNATURE', 'The Stripe-Signature does not match this endpoint.');
        }
        try {
          const outcome = await applyStripeEvent(
            db,
            ctx.billing,
            event,
            (price) => stripe.planOfPrice(price),
            (price) => stripe.addonOfPrice(price),
          );
          return { received: true, outcome };
        } catch (err) {
          // A well-signed event we cannot read is the sender's problem: 400, never 500.
          // zod's core error, whether the schema is classic or mini (the contracts are mini).
          if (err instanceof $ZodError) throw badRequest('INVALID_EVENT', 'Unreadable event.');
          throw err;
        }
      },
    );
  };
}
