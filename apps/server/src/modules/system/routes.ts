import { ACCOUNT_PATHS, clientConfigSchema, ipCountryResponseSchema } from '@convo/api';
import { RELEASE_VERSION } from '@convo/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { PUBLIC_ROUTE, type RouteContext } from '../../http/route-context.js';
import { loadIpCountryLookup } from '../../platform/ip-country.js';

/** Health for load balancers, and the run-time configuration the dashboard boots from. */
export function systemRoutes(ctx: RouteContext): FastifyPluginAsyncZod {
  return async (app) => {
    // Read once at start: a broken GEOIP_DB_PATH stops the start rather than every sign-up.
    const countryOf = loadIpCountryLookup(ctx.config.geoipDbPath);

    app.get(
      '/health',
      {
        config: PUBLIC_ROUTE,
        schema: {
          tags: ['system'],
          response: {
            200: z.object({ status: z.literal('ok'), database: z.string(), version: z.string() }),
            503: z.object({ code: z.string(), message: z.string() }),
          },
        },
      },
      async (_req, reply) => {
        try {
          await ctx.database.ping();
          return { status: 'ok' as const, database: ctx.database.kind, version: RELEASE_VERSION };
        } catch {
          return reply
            .status(503)
            .send({ code: 'DATABASE_UNAVAILABLE', message: 'The database does not answer.' });
        }
      },
    );

    app.get(
      ACCOUNT_PATHS.config,
      { config: PUBLIC_ROUTE, schema: { tags: ['system'], response: { 200: clientConfigSchema } } },
      async () => ({
        variant: ctx.config.variant,
        version: RELEASE_VERSION,
        apiBaseUrl: '',
        messagingBaseUrl: '',
        googleSignIn: ctx.config.google !== null,
        devMailbox: ctx.mailer.local,
        errorReporting: ctx.config.errorReporting,
        metabase: ctx.config.metabase !== null,
        supportAppId: ctx.config.supportAppId,
        region: ctx.config.region,
        captchaSiteKey: ctx.config.captcha?.siteKey ?? null,
      }),
    );

    app.get(
      ACCOUNT_PATHS.ipCountry,
      { config: PUBLIC_ROUTE, schema: { tags: ['system'], response: { 200: ipCountryResponseSchema } } },
      async (req) => ({ country: countryOf(req.ip) }),
    );
  };
}
