import {
  type ChatWidgetSection,
  chatWidgetSettingsResponseSchema,
  chatWidgetSettingsUpdateRequestSchema,
  WIDGET_SETTINGS_PATHS,
} from '@convo/api';
import type { FeatureKey } from '@convo/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAuth } from '../../http/auth.js';
import { ANY_MEMBER, type RouteContext } from '../../http/route-context.js';
import { featureGuard } from '../billing/index.js';
import * as service from './service.js';

export type WidgetSettingsRouteContext = Pick<RouteContext, 'database' | 'authenticate' | 'billing'>;

/** The plan-gated features a settings patch touches. */
function gatedSections(body: unknown): FeatureKey[] {
  const patch = (body ?? {}) as Partial<Record<ChatWidgetSection, unknown>>;
  const features: FeatureKey[] = [];
  if (patch.businessHours !== undefined) features.push('businessHours');
  if (patch.csat !== undefined) features.push('csat');
  return features;
}

/**
 * Product API: the chat widget's settings document of the caller's application. Privileges are
 * checked per section in the service, because which ones apply depends on the body.
 */
export function widgetSettingsRoutes(ctx: WidgetSettingsRouteContext): FastifyPluginAsyncZod {
  const db = ctx.database.db;
  return async (app) => {
    const tags = ['settings'];
    const security = [{ bearer: [] }];
    const ok = <T>(data: T) => ({ code: 'SUCCESS' as const, data });

    app.get(
      WIDGET_SETTINGS_PATHS.chatWidget,
      {
        onRequest: [ctx.authenticate],
        // Each section checks its own page's privilege in the service.
        config: ANY_MEMBER,
        schema: { tags, security, response: { 200: chatWidgetSettingsResponseSchema } },
      },
      async (req) => ok(await service.getChatWidgetSettings(db, requireAuth(req).applicationId)),
    );

    app.patch(
      WIDGET_SETTINGS_PATHS.chatWidget,
      {
        onRequest: [ctx.authenticate],
        // Business hours and CSAT are gated by plan; the other sections are not.
        preHandler: [featureGuard(ctx.billing, (req) => gatedSections(req.body))],
        // Each section checks its own page's privilege in the service.
        config: ANY_MEMBER,
        schema: {
          tags,
          security,
          body: chatWidgetSettingsUpdateRequestSchema,
          response: { 200: chatWidgetSettingsResponseSchema },
        },
      },
      async (req) => ok(await service.updateChatWidgetSettings(db, requireAuth(req), req.body)),
    );
  };
}
