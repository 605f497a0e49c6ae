import {
  type ConversationSettingsPatch,
  conversationSettingsPatchSchema,
  conversationSettingsResponseSchema,
  INBOX_PATHS,
  TRANSCRIPT_SETTINGS_PATH,
  transcriptSettingsResponseSchema,
  transcriptSettingsWriteSchema,
} from '@convo/api';
import type { FeatureKey } from '@convo/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAuth } from '../../http/auth.js';
import { ANY_MEMBER, type RouteContext } from '../../http/route-context.js';
import { featureGuard } from '../billing/index.js';
import * as service from './service.js';

/**
 * The plan-gated features a settings patch turns on; turning them off is always allowed (a
 * downgraded account can switch off what its plan no longer has).
 */
function enabledGatedFeatures(body: unknown): FeatureKey[] {
  const patch = (body ?? {}) as Partial<ConversationSettingsPatch>;
  const features: FeatureKey[] = [];
  if (typeof patch.autoResolveAfterMinutes === 'number') features.push('autoClosing');
  if (patch.waitingQueueEnabled === true) features.push('waitingQueue');
  return features;
}

/**
 * Product API: the conversation settings of the application (each field checks its page's
 * privilege) and the conversation transcript settings.
 */
export function conversationSettingsRoutes(ctx: RouteContext): FastifyPluginAsyncZod {
  const db = ctx.database.db;
  return async (app) => {
    const pre = { preHandler: [ctx.authenticate, ctx.requirePrivilege('conversations')] };
    const tags = ['settings'];
    const security = [{ bearer: [] }];
    const ok = <T>(data: T) => ({ code: 'SUCCESS' as const, data });

    app.get(
      INBOX_PATHS.conversationSettings,
      { ...pre, schema: { tags, security, response: { 200: conversationSettingsResponseSchema } } },
      async (req) => ok(await service.getConversationSettings(db, requireAuth(req))),
    );
    app.patch(
      INBOX_PATHS.conversationSettings,
      {
        preHandler: [ctx.authenticate, featureGuard(ctx.billing, (req) => enabledGatedFeatures(req.body))],
        // Each field checks the privilege of the page that shows it, in the service.
        config: ANY_MEMBER,
        schema: {
          tags,
          security,
          body: conversationSettingsPatchSchema,
          response: { 200: conversationSettingsResponseSchema },
        },
      },
      async (req) => ok(await service.patchConversationSettings(db, requireAuth(req), req.body)),
    );

    // Settings → Conversation transcript: the recipients' addresses are the page's own, so reading
    // them needs the page privilege too.
    const transcriptPre = {
      preHandler: [
        ctx.authenticate,
        ctx.requirePrivilege('settings.conversation-transcript'),
        featureGuard(ctx.billing, 'conversationTranscript'),
      ],
    };
    app.get(
      TRANSCRIPT_SETTINGS_PATH,
      { ...transcriptPre, schema: { tags, security, response: { 200: transcriptSettingsResponseSchema } } },
      async (req) => ok(await service.getTranscriptSettings(db, requireAuth(req))),
    );
    app.put(
      TRANSCRIPT_SETTINGS_PATH,
      {
        ...transcriptPre,
        schema: {
          tags,
          security,
          body: transcriptSettingsWriteSchema,
          response: { 200: transcriptSettingsResponseSchema },
        },
      },
      async (req) => ok(await service.putTranscriptSettings(db, requireAuth(req), req.body)),
    );
  };
}
