import {
  bigCommerceAuthQuerySchema,
  bigCommerceLoadQuerySchema,
  STORE_PATHS,
  storeConnectRequestSchema,
  storeConnectResponseSchema,
  storeCustomerOrdersQuerySchema,
  storeCustomerOrdersResponseSchema,
  storeDisconnectResponseSchema,
  storeListResponseSchema,
  storeProviderParamsSchema,
} from '@convo/api';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAuth } from '../../http/auth.js';
import { AppError } from '../../http/errors.js';
import { PUBLIC_ROUTE, type RouteContext } from '../../http/route-context.js';
import { exchangeInstallCode, verifySignedPayload } from './bigcommerce/install.js';
import { storeConnectors } from './registry.js';
import * as service from './service.js';

export type StoresRouteContext = Pick<
  RouteContext,
  'database' | 'authenticate' | 'requirePrivilege' | 'config'
>;

/**
 * Online stores (issue 38 items 1–2). The hub connects and disconnects a store (privilege
 * integrations); the inbox reads a customer's orders (privilege conversations); the BigCommerce
 * marketplace calls the install and load callbacks (public: signed by BigCommerce).
 */
export function storeRoutes(ctx: StoresRouteContext): FastifyPluginAsyncZod {
  const deps: service.StoresDeps = {
    db: ctx.database.db,
    appSecret: ctx.config.appSecret,
    publicUrl: ctx.config.publicUrl,
    connectors: storeConnectors(ctx.config.stores),
  };
  const stores = ctx.config.stores;
  return async (app) => {
    const guard = { preHandler: [ctx.authenticate, ctx.requirePrivilege('integrations')] };
    const tags = ['stores'];
    const security = [{ bearer: [] }];
    const ok = <T>(data: T) => ({ code: 'SUCCESS' as const, data });

    app.get(
      STORE_PATHS.list,
      { ...guard, schema: { tags, security, response: { 200: storeListResponseSchema } } },
      async (req) => ok(await service.listStores(deps, requireAuth(req).applicationId)),
    );
    app.get(
      STORE_PATHS.customerOrders,
      {
        preHandler: [ctx.authenticate, ctx.requirePrivilege('conversations')],
        schema: {
          tags,
          security,
          querystring: storeCustomerOrdersQuerySchema,
          response: { 200: storeCustomerOrdersResponseSchema },
        },
      },
      async (req) => ok(await service.customerOrders(deps, requireAuth(req).applicationId, req.query.userId)),
    );
    app.post(
      STORE_PATHS.connect,
      {
        ...guard,
        schema: {
          tags,
          security,
          params: storeProviderParamsSchema,
          body: storeConnectRequestSchema,
          response: { 200: storeConnectResponseSchema },
        },
      },
      async (req) =>
        ok(await service.connectStore(deps, requireAuth(req).applicationId, req.params.provider, req.body)),
    );
    app.delete(
      STORE_PATHS.disconnect,
      {
        ...guard,
        schema: {
          tags,
          security,
          params: storeProviderParamsSchema,
          response: { 200: storeDisconnectResponseSchema },
        },
      },
      async (req) =>
        ok(await service.disconnectStore(deps, requireAuth(req).applicationId, req.params.provider)),
    );

    // The marketplace's auth callback: the code is exchanged for the store's token, which goes on
    // to /bigcommerce sealed (SPEC §2: accessToken, email, storeHash in the URL) and is connected
    // once the owner has signed up.
    app.get(
      STORE_PATHS.bigCommerceAuth,
      { config: PUBLIC_ROUTE, schema: { tags, querystring: bigCommerceAuthQuerySchema } },
      async (req, reply) => {
        if (!stores.bigCommerceApp)
          throw new AppError(404, 'NOT_FOUND', 'BigCommerce is not set up on this server.');
        let installed: Awaited<ReturnType<typeof exchangeInstallCode>>;
        try {
          installed = await exchangeInstallCode(stores.bigCommerceLoginUrl, stores.bigCommerceApp, {
            code: req.query.code,
            context: req.query.context,
            scope: req.query.scope,
            redirectUri: `${ctx.config.publicUrl}${STORE_PATHS.bigCommerceAuth}`,
          });
        } catch {
          throw new AppError(
            502,
            'STORE_UNAVAILABLE',
            'BigCommerce did not accept the install. Try installing again.',
          );
        }
        const params = new URLSearchParams({
          accessToken: service.sealInstallGrant(
            ctx.config.appSecret,
            installed.storeHash,
            installed.accessToken,
          ),
          email: installed.email,
          storeHash: installed.storeHash,
        });
        return reply.redirect(`${ctx.config.publicUrl}/bigcommerce?${params}`, 302);
      },
    );
    app.get(
      STORE_PATHS.bigCommerceLoad,
      { config: PUBLIC_ROUTE, schema: { tags, querystring: bigCommerceLoadQuerySchema } },
      async (req, reply) => {
        const appKeys = stores.bigCommerceApp;
        if (!appKeys) throw new AppError(404, 'NOT_FOUND', 'BigCommerce is not set up on this server.');
        if (!verifySignedPayload(req.query.signed_payload, appKeys.clientSecret))
          throw new AppError(401, 'UNAUTHORIZED', 'The signed payload is not BigCommerce’s.');
        return reply.redirect(`${ctx.config.publicUrl}/integrations?category=ecommerce`, 302);
      },
    );
  };
}
