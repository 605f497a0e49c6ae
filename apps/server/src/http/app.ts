import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { RELEASE_VERSION } from '@convo/domain';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import websocket from '@fastify/websocket';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { Redis } from 'ioredis';
import type { Logger } from 'pino';
import { accountRoutes } from '../modules/accounts/routes.js';
import { openSessionCache } from '../modules/accounts/session-cache.js';
import { attachmentRoutes } from '../modules/attachments/routes.js';
import { companyRoutes } from '../modules/company/routes.js';
import { conversationSearchRoutes } from '../modules/conversation-search/routes.js';
import { conversationSettingsRoutes } from '../modules/conversation-settings/routes.js';
import { conversationTimelineRoutes } from '../modules/conversation-timeline/routes.js';
import { startAutoResolve } from '../modules/conversations/auto-resolve-worker.js';
import { conversationRoutes } from '../modules/conversations/routes.js';
import { customerAttributeRoutes } from '../modules/customer-attributes/routes.js';
import { customerRoutes } from '../modules/customers/routes.js';
import { devMailboxRoutes } from '../modules/dev-mailbox/routes.js';
import { emailNotificationRoutes } from '../modules/email-notifications/routes.js';
import { googleSignInRoutes } from '../modules/google-sign-in/routes.js';
import { invitationRoutes } from '../modules/invitations/routes.js';
import { messageLogRoutes } from '../modules/message-logs/routes.js';
import { messageRoutes } from '../modules/messages/routes.js';
import { recordReceipt } from '../modules/messages/service.js';
import { messagingUserRoutes } from '../modules/messaging-users/routes.js';
import { notesRoutes } from '../modules/notes/routes.js';
import { notificationPreferenceRoutes } from '../modules/notification-preferences/routes.js';
import { profileRoutes } from '../modules/profile/routes.js';
import { pushNotificationRoutes } from '../modules/push-notifications/routes.js';
import { quickReplyRoutes } from '../modules/quick-replies/routes.js';
import { createHub, sessionRevoker } from '../modules/realtime/hub.js';
import { createRealtime } from '../modules/realtime/realtime.js';
import { registrationRoutes } from '../modules/registration/routes.js';
import { rolesPermissionsRoutes } from '../modules/roles-permissions/routes.js';
import { ssoRoutes } from '../modules/sso/routes.js';
import { statsRoutes } from '../modules/stats/routes.js';
import { systemRoutes } from '../modules/system/routes.js';
import { tagRoutes } from '../modules/tags/routes.js';
import { teamMemberRoutes } from '../modules/team-members/routes.js';
import { teamRoutes } from '../modules/teams/routes.js';
import { transcriptRoutes } from '../modules/transcripts/routes.js';
import { twoFactorRoutes } from '../modules/two-factor/routes.js';
import { webhookRoutes } from '../modules/webhooks/routes.js';
import { widgetRoutes } from '../modules/widget/routes.js';
import { widgetSettingsRoutes } from '../modules/widget-settings/routes.js';
import type { AppConfig } from '../platform/config.js';
import type { Database } from '../platform/db/database.js';
import type { Mailer } from '../platform/mail/mailer.js';
import { startQueuedMailWorker } from '../platform/mail/queued-mail-worker.js';
import { createMemoryPubSub, type PubSub } from '../platform/pubsub/pubsub.js';
import { createStorage, type FileStorage } from '../platform/storage/storage.js';
import { authenticator, type LiveSession, privilegeChecker } from './auth.js';
import { AppError, registerErrorHandling } from './errors.js';
import { registerPayloadEncryption } from './payload-encryption.js';
import { PUBLIC_ROUTE, type RouteContext } from './route-context.js';
import { registerSecurityHeaders } from './security-headers.js';
import { markGuard, type RouteTable, trackRoutes } from './security-route-table.js';
import { registerTextGuard } from './text-guard.js';

export interface AppDeps {
  config: AppConfig;
  database: Database;
  mailer: Mailer;
  logger: Logger;
  /** Shared rate-limit counters across nodes when Redis is configured. */
  redis?: Redis | undefined;
  /** Fan-out of real-time events between nodes; in-process when not given. */
  pubsub?: PubSub | undefined;
  /** Uploaded files; built from the configuration when not given. */
  storage?: FileStorage | undefined;
}

const API_PREFIXES = ['/api/', '/rest/', '/ws', '/health'];

/** Builds the whole HTTP application; `listen` is the caller's business (tests use `inject`). */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const app = Fastify({
    loggerInstance: deps.logger as FastifyBaseLogger,
    genReqId: (req) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && /^[\w.-]{1,64}$/.test(given) ? given : randomUUID();
    },
    bodyLimit: 1024 * 1024,
    trustProxy: true,
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 200 },
  }).withTypeProvider<ZodTypeProvider>();
  // First: every route declared below is recorded (the security tests walk this table).
  const routeTable = trackRoutes(app);

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorateRequest('auth', null);
  app.addHook('onSend', async (req, reply) => {
    reply.header('x-request-id', req.id);
  });
  registerSecurityHeaders(app, deps.config);
  registerErrorHandling(app);
  registerPayloadEncryption(app, deps.database.db);
  registerTextGuard(app);

  await app.register(rateLimit, {
    global: false,
    redis: deps.redis,
    nameSpace: 'convo-rl-',
    skipOnError: true,
    errorResponseBuilder: (_req, context) =>
      new AppError(
        429,
        'RATE_LIMITED',
        `Too many attempts. Try again in ${Math.max(1, Math.ceil(context.ttl / 60_000))} minute(s).`,
      ),
  });

  await app.register(swagger, {
    openapi: {
      info: { title: 'Convo API', version: RELEASE_VERSION },
      components: {
        securitySchemes: {
          bearer: { type: 'http', scheme: 'bearer' },
          messaging: { type: 'apiKey', in: 'header', name: 'X-Authorization' },
        },
      },
    },
    transform: jsonSchemaTransform,
  });
  await routeTable.asPublic(() => app.register(swaggerUi, { routePrefix: '/api/docs' }));

  const pubsub = deps.pubsub ?? createMemoryPubSub();
  const realtime = createRealtime(pubsub, deps.logger);
  const sessionCache =
    deps.config.sessionCacheMs > 0 ? openSessionCache<LiveSession>(deps.config.sessionCacheMs) : null;
  const sessions = sessionCache?.cache;
  const ctx: RouteContext = {
    config: deps.config,
    database: deps.database,
    mailer: deps.mailer,
    realtime,
    accounts: { db: deps.database.db, mailer: deps.mailer, config: deps.config, log: deps.logger },
    authenticate: markGuard(authenticator(deps.database.db, { membersOnly: true, sessions }), 'member'),
    authenticateMessaging: markGuard(
      authenticator(deps.database.db, { membersOnly: false, sessions }),
      'messaging',
    ),
    requirePrivilege: privilegeChecker(deps.database.db),
  };

  await app.register(systemRoutes(ctx));
  await app.register(accountRoutes(ctx));
  await app.register(googleSignInRoutes(ctx));
  await app.register(devMailboxRoutes(ctx));
  await app.register(registrationRoutes(ctx));
  await app.register(conversationRoutes(ctx));
  await app.register(messageRoutes(ctx));
  await app.register(notesRoutes(ctx));
  await app.register(teamRoutes(ctx));
  await app.register(messagingUserRoutes(ctx));
  await app.register(statsRoutes(ctx));
  await app.register(conversationTimelineRoutes(ctx));
  await app.register(conversationSearchRoutes(ctx));
  await app.register(messageLogRoutes(ctx));
  await app.register(attachmentRoutes(ctx, deps.storage ?? createStorage(deps.config.storage)));
  await app.register(transcriptRoutes(ctx));
  await app.register(webhookRoutes(ctx));
  await app.register(teamMemberRoutes(ctx, sessionRevoker(pubsub, app.log)));
  await app.register(invitationRoutes(ctx));
  await app.register(rolesPermissionsRoutes(ctx));
  await app.register(profileRoutes(ctx));
  await app.register(companyRoutes(ctx));
  await app.register(customerRoutes(ctx));
  await app.register(twoFactorRoutes(ctx));
  await app.register(ssoRoutes(ctx));
  await app.register(tagRoutes(ctx));
  await app.register(quickReplyRoutes(ctx));
  await app.register(conversationSettingsRoutes(ctx));
  await app.register(notificationPreferenceRoutes(ctx));
  await app.register(customerAttributeRoutes(ctx));
  await app.register(emailNotificationRoutes(ctx));
  await app.register(pushNotificationRoutes(ctx));
  await app.register(widgetRoutes(ctx));
  await app.register(widgetSettingsRoutes(ctx));

  // Real-time: one socket per tab; the first frame authenticates (browsers cannot set headers).
  const hub = await createHub(
    deps.database.db,
    pubsub,
    realtime,
    app.log,
    (caller, kind, groupId, messageId) =>
      recordReceipt({ db: deps.database.db, realtime }, caller, kind, groupId, messageId),
  );
  await app.register(websocket, { options: { maxPayload: 64 * 1024 } });
  // Public at the HTTP level: the socket's first frame carries the token.
  app.get('/ws', { websocket: true, schema: { hide: true }, config: PUBLIC_ROUTE }, (socket, req) =>
    hub.accept(socket, req.raw.socket),
  );
  const stopWorkers = deps.config.roles.has('worker')
    ? [
        startAutoResolve({ db: deps.database.db, realtime }, app.log),
        startQueuedMailWorker(deps.mailer, app.log),
      ]
    : [];
  app.addHook('onClose', async () => {
    sessionCache?.close();
    for (const stop of stopWorkers) stop();
    await hub.close();
    if (!deps.pubsub) await pubsub.close();
  });

  await registerDashboard(app, deps.config, routeTable);
  return app;
}

/** Serves the built dashboard with an SPA fallback; API paths keep their JSON 404. */
async function registerDashboard(app: FastifyInstance, config: AppConfig, routeTable: RouteTable) {
  // From src/http (tsx, tests) or from the bundled dist/ of the server.
  const candidates = config.dashboardDist
    ? [config.dashboardDist]
    : [
        path.resolve(import.meta.dirname, '../../../dashboard/dist'),
        path.resolve(import.meta.dirname, '../../dashboard/dist'),
      ];
  const dist = candidates.find((c) => existsSync(path.join(c, 'index.html'))) ?? candidates[0]!;
  const hasDashboard = existsSync(path.join(dist, 'index.html'));
  if (hasDashboard) {
    await routeTable.asPublic(() =>
      app.register(fastifyStatic, { root: dist, wildcard: false, index: false, maxAge: '1h' }),
    );
  }
  app.setNotFoundHandler((req, reply) => {
    const isApi = API_PREFIXES.some((p) => req.url.startsWith(p));
    // A missing script or style must fail as such (the dashboard then offers a reload), not as HTML.
    const isAsset =
      req.url.startsWith('/assets/') || req.url.startsWith('/locales/') || req.url.startsWith('/widget/');
    if (req.method === 'GET' && !isApi && !isAsset && hasDashboard) {
      return reply.header('cache-control', 'no-cache').sendFile('index.html', dist);
    }
    return reply
      .status(404)
      .send({ code: 'NOT_FOUND', message: `No route ${req.method} ${req.url.split('?')[0]}` });
  });
}
