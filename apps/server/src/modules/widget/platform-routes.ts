import {
  awayMessageParamsSchema,
  awayMessageQuerySchema,
  awayMessageResponseSchema,
  KOMMUNICATE_WIDGET_PATHS,
  pluginSettingsQuerySchema,
  pluginSettingsResponseSchema,
  TAB_INITIALIZE_REFUSALS,
  tabInitializeRequestSchema,
  tabInitializeResponseSchema,
} from '@convo/api';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../http/errors.js';
import { PUBLIC_ROUTE, type RouteContext } from '../../http/route-context.js';
import { INIT_LIMIT } from '../../http/visitor-limits.js';
import { hostOf } from './origin.js';
import * as service from './service.js';

// The Kommunicate web widget's bootstrap (shared/reference/applozic-api.md §2): its plugin
// settings and its login (`initialize.page`), answered by the widget's own settings and init:
// same allowed-domains check, same visitor registration, no second implementation.

/** The platform's string answers of initialize.page for our refusals (the widget logs out on them). */
const INIT_REFUSALS: Record<string, (typeof TAB_INITIALIZE_REFUSALS)[number]> = {
  APP_NOT_FOUND: 'INVALID_APPID',
  PASSWORD_INVALID: 'INVALID_PASSWORD',
};

/**
 * Where the widget opens its socket. Applozic's client (applozic.chat-6.2.9) strips "https://"
 * from websocketUrl and always opens `wss://<websocketUrl>:<websocketPort>/ws`, so the URL is the
 * public origin's host as `https://host` (no port, no path) and the port is separate. A plain-http
 * deployment gets the bare host: the widget then still asks for TLS on that port (it never speaks
 * ws://), so it needs TLS in front, as it did with Applozic's own servers.
 */
export function websocketOf(publicUrl: string): { url: string; port: number } {
  const url = new URL(publicUrl);
  const secure = url.protocol === 'https:';
  return {
    url: secure ? `https://${url.hostname}` : url.hostname,
    port: url.port ? Number(url.port) : secure ? 443 : 80,
  };
}

export function kommunicateWidgetRoutes(ctx: RouteContext): FastifyPluginAsyncZod {
  const deps: service.WidgetDeps = {
    db: ctx.database.db,
    realtime: ctx.realtime,
    publicUrl: ctx.config.publicUrl,
    sessionTtlMs: ctx.config.sessionTtlMs,
  };
  const publicHost = hostOf(ctx.config.publicUrl);
  return async (app) => {
    app.get(
      KOMMUNICATE_WIDGET_PATHS.pluginSettings,
      {
        schema: {
          tags: ['widget'],
          querystring: pluginSettingsQuerySchema,
          response: { 200: pluginSettingsResponseSchema },
        },
        config: { ...PUBLIC_ROUTE, rateLimit: INIT_LIMIT },
      },
      async (req) => {
        const found = await service.findWidgetApplication(deps.db, req.query.appId);
        if (!found) throw service.appNotFound(req.query.appId);
        const { application, settings } = found;
        return {
          code: 'SUCCESS' as const,
          response: {
            applicationId: application.id,
            appId: application.id,
            name: application.name,
            chatWidget: {
              primaryColor: settings.customization.primaryColor,
              secondaryColor: settings.customization.secondaryColor,
              position: settings.customization.position,
              popup: settings.configuration.popupWidget,
              allowedDomains: settings.configuration.allowedDomains,
              disableChatWidget: false,
              showPoweredBy: settings.configuration.showPoweredBy,
              csatRatingBase: 5 as const,
            },
            collectFeedback: settings.csat.enabled,
            collectLead: settings.preChatLeadCollection.enabled,
            currentActivatedPlan: application.product === 'agent' ? 'agent' : 'classic',
            settings,
          },
        };
      },
    );

    app.get(
      KOMMUNICATE_WIDGET_PATHS.awayMessage,
      {
        schema: {
          tags: ['widget'],
          params: awayMessageParamsSchema,
          querystring: awayMessageQuerySchema,
          response: { 200: awayMessageResponseSchema },
        },
        // Public like the plugin settings: the application's away message, nothing of a visitor.
        config: { ...PUBLIC_ROUTE, rateLimit: INIT_LIMIT },
      },
      async (req) => service.awayMessageOf(deps.db, req.params.applicationId),
    );

    app.post(
      KOMMUNICATE_WIDGET_PATHS.initialize,
      {
        schema: {
          tags: ['widget'],
          body: tabInitializeRequestSchema,
          // A session, or one of the platform's refusal words (a JSON string the widget compares).
          response: { 200: z.union([tabInitializeResponseSchema, z.enum(TAB_INITIALIZE_REFUSALS)]) },
        },
        config: { ...PUBLIC_ROUTE, rateLimit: INIT_LIMIT },
      },
      async (req) => {
        const body = req.body;
        // Without a password the site vouches for its visitor (0), as register/client decides.
        const authenticationTypeId = body.password ? Math.min(body.authenticationTypeId ?? 1, 1) : 0;
        try {
          const session = await service.startVisitorSession(
            deps,
            {
              appId: body.applicationId,
              userId: body.userId,
              userName: body.displayName,
              email: body.email,
              password: body.password,
              authenticationTypeId,
            },
            {
              host: hostOf(req.headers.origin) ?? hostOf(req.headers.referer),
              ownHosts: [publicHost, req.host.toLowerCase()].filter((h): h is string => h !== null),
            },
          );
          const socket = websocketOf(ctx.config.publicUrl);
          const encrypted = session.init.encryptionEnabled;
          return {
            token: session.userKey,
            deviceKey: session.deviceKey,
            userId: session.init.userId,
            displayName: session.init.displayName,
            imageLink: session.imageLink,
            authToken: session.init.token,
            // Clients encrypt their POST bodies with the user key when the application asks (SPEC §7).
            ...(encrypted ? { encryptionKey: session.userKey } : {}),
            encryptionType: encrypted ? 3 : 0,
            websocketUrl: socket.url,
            websocketPort: socket.port,
            fileBaseUrl: ctx.config.publicUrl,
            deactivated: false,
            totalUnreadCount: 0,
            connectedClientCount: 0,
            currentTimeStamp: Date.now(),
          };
        } catch (err) {
          const answer = err instanceof AppError ? INIT_REFUSALS[err.code] : undefined;
          if (!answer) throw err;
          return answer;
        }
      },
    );
  };
}
