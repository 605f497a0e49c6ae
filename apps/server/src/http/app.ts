import { randomUUID } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { RELEASE_VERSION } from '@convo/domain';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { Redis } from 'ioredis';
import type { Logger } from 'pino';
import type { AppConfig } from '../platform/config.js';
import type { Database } from '../platform/db/database.js';
import { AccessLog } from './access-log.js';
import { isFamilyPath } from './api-paths.js';
import { authorizeBeforeValidation } from './authorize-first.js';
import { registerErrorHandling } from './errors.js';
import { createLimitStore, rateLimited, routeLimitStore } from './limit-store.js';
import { registerPayloadEncryption } from './payload-encryption.js';
import { dashboardCsp, inlineScriptHashes, registerSecurityHeaders } from './security-headers.js';
import { type RouteTable, trackRoutes } from './security-route-table.js';
import { registerTextGuard } from './text-guard.js';
import { fastifyTrustProxy } from './trust-proxy.js';

/** What the HTTP plumbing needs; the composition root (`../app.ts`) adds the rest. */
export interface HttpDeps {
  config: AppConfig;
  database: Database;
  logger: Logger;
  /** Shared rate-limit counters across nodes when Redis is configured. */
  redis?: Redis | undefined;
  /** Hooks that must see responses before payload encryption (the composition root's choice). */
  beforeEncryption?: ((app: FastifyInstance) => void) | undefined;
  /**
   * Rewrites a request's URL before routing (synchronous, Fastify's `rewriteUrl`): the help
   * center's custom domains are served at their `/`.
   */
  rewriteUrl?:
    | ((req: { url?: string; headers: Record<string, string | string[] | undefined> }) => string)
    | undefined;
}

const API_PREFIXES = ['/api/', '/ws', '/health'];

/**
 * The Fastify instance every module's routes are registered on: request ids, validation, security
 * headers, error handling, payload encryption, rate limits and the OpenAPI document. Which routes
 * exist is decided above the modules, in `../app.ts` (`buildApp`), which ends with
 * `registerDashboard`.
 */
export async function createHttpApp(
  deps: HttpDeps,
): Promise<{ app: FastifyInstance; routeTable: RouteTable }> {
  const app = Fastify({
    loggerInstance: deps.logger as FastifyBaseLogger,
    genReqId: (req) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && /^[\w.-]{1,64}$/.test(given) ? given : randomUUID();
    },
    bodyLimit: 1024 * 1024,
    logController: new AccessLog(deps.logger),
    // X-Forwarded-For only from the configured proxies (TRUST_PROXY), so limits key on real addresses.
    trustProxy: fastifyTrustProxy(deps.config.trustProxy),
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 200 },
    ...(deps.rewriteUrl ? { rewriteUrl: deps.rewriteUrl } : {}),
  }).withTypeProvider<ZodTypeProvider>();
  // First: every route declared below is recorded (the security tests walk this table).
  const routeTable = trackRoutes(app);
  // Guards before validation: a caller without the privilege gets 403, never the schema's 400.
  authorizeBeforeValidation(app);

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorateRequest('auth', null);
  app.addHook('onSend', async (req, reply) => {
    reply.header('x-request-id', req.id);
  });
  registerSecurityHeaders(app, deps.config);
  registerErrorHandling(app);
  deps.beforeEncryption?.(app);
  registerPayloadEncryption(app, deps.database.db);
  registerTextGuard(app);

  // One set of counters (Redis-backed when configured, this node's memory when Redis fails) for
  // the per-route limits, the limits shared by several routes and sign-in throttling.
  const limits = createLimitStore(deps.redis, deps.logger);
  app.decorate('limits', limits);
  await app.register(rateLimit, {
    global: false,
    store: routeLimitStore(limits),
    errorResponseBuilder: (_req, context) => rateLimited(context.ttl),
  });

  await app.register(swagger, {
    openapi: {
      info: { title: 'Convo API', version: RELEASE_VERSION },
      components: {
        securitySchemes: {
          bearer: { type: 'http', scheme: 'bearer' },
          messaging: { type: 'apiKey', in: 'header', name: 'X-Authorization' },
          // The automation connector's API key (/api/automation/v1/...).
          automationKey: { type: 'apiKey', in: 'header', name: 'X-Api-Key' },
        },
      },
    },
    transform: jsonSchemaTransform,
  });
  await routeTable.asPublic(() => app.register(swaggerUi, { routePrefix: '/api/docs' }));

  return { app, routeTable };
}

/** How long a browser keeps a file named by its hash (a year, never asked again). */
export const IMMUTABLE_ASSET = 'public, max-age=31536000, immutable';

/** Serves the built dashboard with an SPA fallback; API paths keep their JSON 404. */
export async function registerDashboard(app: FastifyInstance, config: AppConfig, routeTable: RouteTable) {
  // From src/http (tsx, tests) or from the bundled dist/ of the server.
  const candidates = config.dashboardDist
    ? [config.dashboardDist]
    : [
        path.resolve(import.meta.dirname, '../../../dashboard/dist'),
        path.resolve(import.meta.dirname, '../../dashboard/dist'),
      ];
  const dist = candidates.find((c) => existsSync(path.join(c, 'index.html'))) ?? candidates[0]!;
  const hasDashboard = existsSync(path.join(dist, 'index.html'));
  // Its inline early start runs by its hash; a new build needs a restart, as its files do.
  const indexPolicy = dashboardCsp(
    hasDashboard ? inlineScriptHashes(readFileSync(path.join(dist, 'index.html'), 'utf8')) : [],
  );
  if (hasDashboard) {
    await routeTable.asPublic(() =>
      app.register(fastifyStatic, {
        root: dist,
        wildcard: false,
        index: false,
        maxAge: '1h',
        // The build writes .br and .gz beside each file (apps/dashboard/vite.config.ts).
        preCompressed: true,
        setHeaders: (reply, filePath) => {
          // Names under assets/ carry their content's hash: a new release has new names.
          if (path.relative(dist, filePath).startsWith(`assets${path.sep}`))
            reply.header('cache-control', IMMUTABLE_ASSET);
        },
      }),
    );
  }
  app.setNotFoundHandler((req, reply) => {
    const isFamily = isFamilyPath(req.url);
    const isApi = isFamily || API_PREFIXES.some((p) => req.url.startsWith(p));
    // A missing script or style must fail as such (the dashboard then offers a reload), not as HTML.
    const isAsset =
      req.url.startsWith('/assets/') ||
      req.url.startsWith('/locales/') ||
      req.url.startsWith('/widget/') ||
      // The help center's public site answers its own HTML 404 pages.
      req.url.startsWith('/hc/');
    if (req.method === 'GET' && !isApi && !isAsset && hasDashboard) {
      // Checked again on every load (it names the release's chunks): the plugin's one hour is off.
      return reply
        .header('cache-control', 'no-cache')
        .header('content-security-policy', indexPolicy)
        .sendFile('index.html', dist, { cacheControl: false });
    }
    const message = `No route ${req.method} ${req.url.split('?')[0]}`;
    if (isFamily) {
      return reply.status(404).send({
        status: 'error',
        code: 'NOT_FOUND',
        message,
        errorResponse: [
          { errorCode: 'NOT_FOUND', description: message, displayMessage: 'Unable to process' },
        ],
        generatedAt: Date.now(),
      });
    }
    return reply.status(404).send({ code: 'NOT_FOUND', message });
  });
}
