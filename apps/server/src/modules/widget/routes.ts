import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import {
  scriptSnippet,
  WIDGET_API_PATHS,
  WIDGET_PUBLIC_PATHS,
  widgetGroupParamsSchema,
  widgetInitRequestSchema,
  widgetInitResponseSchema,
  widgetRatingRequestSchema,
  widgetRatingSchema,
  widgetVisitorPatchSchema,
  widgetVisitorSchema,
} from '@convo/api';
import fastifyStatic from '@fastify/static';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAuth } from '../../http/auth.js';
import { requestOrigin } from '../../http/request-origin.js';
import { PUBLIC_ROUTE, type RouteContext } from '../../http/route-context.js';
import { INIT_LIMIT } from '../../http/visitor-limits.js';
import { demoStorePage, noDemoPage } from './demo-page.js';
import { frameAncestors, hostOf } from './origin.js';
import * as service from './service.js';

// The Kommunicate widget's bootstrap routes and the family's CORS, wired by the composition root.
export { registerPlatformCors } from './cross-origin.js';
export { kommunicateWidgetRoutes } from './platform-routes.js';

export interface WidgetRouteOptions {
  /** The built widget (loader, app); found beside the server when not given. */
  dist?: string | undefined;
}

function findWidgetDist(given: string | undefined): string | null {
  const candidates = given
    ? [given]
    : [
        // From src/modules/widget (tsx, tests) or from the bundled dist/ of the server.
        path.resolve(import.meta.dirname, '../../../../widget/dist'),
        path.resolve(import.meta.dirname, '../../widget/dist'),
      ];
  return candidates.find((c) => existsSync(path.join(c, 'loader.js'))) ?? null;
}

const API_PREFIX = '/widget/api/';
/** Hashed file names never change content; the loader keeps its URL, so it is cached briefly. */
const LONG_CACHE = 'public, max-age=31536000, immutable';
const SHORT_CACHE = 'public, max-age=300';

/** The widget: its files, its public API (init, visitor, rating) and the /demo store page. */
export function widgetRoutes(ctx: RouteContext, options: WidgetRouteOptions = {}): FastifyPluginAsyncZod {
  const deps: service.WidgetDeps = {
    db: ctx.database.db,
    realtime: ctx.realtime,
    publicUrl: ctx.config.publicUrl,
    sessionTtlMs: ctx.config.sessionTtlMs,
  };
  const publicHost = hostOf(ctx.config.publicUrl);
  const ownHosts = (req: FastifyRequest) =>
    [publicHost, req.host.toLowerCase()].filter((h): h is string => h !== null);
  const dist = findWidgetDist(options.dist);

  return async (app) => {
    // CORS: the loader calls init from the customer's site. Which sites may use the widget is
    // decided by init (allowedDomains), so every origin may read the answer, refusals included.
    app.addHook('onRequest', async (req, reply) => {
      if (!req.url.startsWith(API_PREFIX)) return;
      const origin = req.headers.origin;
      if (origin) {
        reply.header('access-control-allow-origin', origin);
        reply.header('vary', 'Origin');
      }
    });
    app.options(`${API_PREFIX}*`, { schema: { hide: true }, config: PUBLIC_ROUTE }, async (_req, reply) =>
      reply
        .header('access-control-allow-methods', 'GET, POST, PATCH, OPTIONS')
        .header('access-control-allow-headers', 'content-type, x-authorization, application-key')
        .header('access-control-max-age', '600')
        .status(204)
        .send(),
    );

    app.post(
      WIDGET_API_PATHS.init,
      {
        schema: {
          tags: ['widget'],
          body: widgetInitRequestSchema,
          response: { 200: widgetInitResponseSchema },
        },
        config: { ...PUBLIC_ROUTE, rateLimit: INIT_LIMIT },
      },
      async (req) =>
        service.initVisitor(deps, req.body, {
          host: hostOf(req.headers.origin) ?? hostOf(req.headers.referer),
          ownHosts: ownHosts(req),
        }),
    );

    app.patch(
      WIDGET_API_PATHS.visitor,
      {
        preHandler: [ctx.authenticateMessaging, ctx.requirePrivilege('conversations')],
        schema: { tags: ['widget'], body: widgetVisitorPatchSchema, response: { 200: widgetVisitorSchema } },
      },
      async (req) => service.updateVisitor(deps, requireAuth(req), req.body),
    );

    app.post(
      WIDGET_API_PATHS.rating,
      {
        preHandler: [ctx.authenticateMessaging, ctx.requirePrivilege('conversations')],
        schema: {
          tags: ['widget'],
          params: widgetGroupParamsSchema,
          body: widgetRatingRequestSchema,
          response: { 200: widgetRatingSchema },
        },
      },
      async (req) => service.rateConversation(deps, requireAuth(req), req.params.groupId, req.body),
    );

    app.get(
      WIDGET_API_PATHS.rating,
      {
        preHandler: [ctx.authenticateMessaging, ctx.requirePrivilege('conversations')],
        schema: { tags: ['widget'], params: widgetGroupParamsSchema, response: { 200: widgetRatingSchema } },
      },
      async (req) =>
        service.toRating(await service.readRating(deps.db, requireAuth(req), req.params.groupId)),
    );

    // The demo store, with the demo application's widget; `?appId=` makes it a test page of the
    // widget of the application named (the setup guide's install step: the app id is public, it is in
    // the snippet every customer page carries).
    app.get(
      '/demo',
      {
        schema: { hide: true, querystring: z.object({ appId: z.string().trim().min(1).max(64).optional() }) },
        config: PUBLIC_ROUTE,
      },
      async (req, reply) => {
        const appId = req.query.appId;
        const application =
          appId === undefined
            ? await service.findDemoApplication(deps.db)
            : await service.findLiveApplication(deps.db, appId);
        reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8');
        if (!application) return reply.send(noDemoPage());
        // Behind a proxy, the address the browser used (forwarded host and port, TRUST_PROXY).
        const origin = requestOrigin(req, ctx.config.trustProxy, ctx.config.publicUrl);
        const snippet = scriptSnippet({
          origin,
          appId: application.id,
          variant: application.product === 'agent' ? 'agentic' : 'classic',
        });
        return reply.send(demoStorePage({ appName: application.name, snippet, dashboardUrl: `${origin}/` }));
      },
    );

    if (!dist) return;
    // The chat frame carries the application's allowed domains as frame-ancestors.
    app.get(
      WIDGET_PUBLIC_PATHS.frame,
      {
        schema: { hide: true, querystring: z.object({ appId: z.string().max(64).optional() }).passthrough() },
        config: PUBLIC_ROUTE,
      },
      async (req, reply) => {
        // Read each time (a few hundred bytes): a rebuilt widget is served without a restart.
        const frameHtml = await readFile(path.join(dist, 'frame.html'), 'utf8');
        const found = req.query.appId ? await service.findWidgetApplication(deps.db, req.query.appId) : null;
        return reply
          .header('cache-control', 'no-cache')
          .header(
            'content-security-policy',
            frameAncestors(found?.settings.configuration.allowedDomains ?? []),
          )
          .type('text/html; charset=utf-8')
          .send(frameHtml);
      },
    );
    // The widget's files are public by nature (customers' sites load them).
    await app.routeTable.asPublic(() =>
      app.register(fastifyStatic, {
        root: dist,
        prefix: '/widget/',
        decorateReply: false,
        index: false,
        // The build writes .br and .gz beside each file (apps/widget/build.mjs, issue 39).
        preCompressed: true,
        setHeaders(res, filePath) {
          const hashed = filePath.includes(`${path.sep}assets${path.sep}`);
          res.header('cache-control', hashed ? LONG_CACHE : SHORT_CACHE);
          // The loader runs on customers' sites, which fetch it cross-origin.
          res.header('access-control-allow-origin', '*');
        },
      }),
    );
  };
}
