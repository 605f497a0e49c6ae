import {
  campaignCancelQuerySchema,
  campaignCancelResponseSchema,
  campaignDraftDeleteResponseSchema,
  campaignDraftQuerySchema,
  campaignDraftRequestSchema,
  campaignDraftResponseSchema,
  campaignListQuerySchema,
  campaignListResponseSchema,
  campaignOptOutParamsSchema,
  campaignOptOutRequestSchema,
  campaignOptOutResponseSchema,
  campaignSendersResponseSchema,
  campaignSendRequestSchema,
  campaignSendResponseSchema,
  campaignTemplatesQuerySchema,
  campaignTemplatesResponseSchema,
  campaignUsersQuerySchema,
  campaignUsersResponseSchema,
  CAMPAIGN_PATHS as P,
} from '@convo/api';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAuth } from '../../http/auth.js';
import { platformOk as ok } from '../../http/platform-envelope.js';
import { ANY_MEMBER, type RouteContext } from '../../http/route-context.js';
import { featureGuard } from '../billing/index.js';
import type { ChannelRegistry } from '../channels/index.js';
import * as service from './service.js';

/**
 * SPEC §7 campaign calls on the messaging side (X-Authorization), guarded by `campaign-message`
 * and the plan's `campaigns` feature; the customers' opt-out on the product side, for any member.
 */
export function campaignRoutes(
  ctx: RouteContext,
  opts: { connectors: ChannelRegistry },
): FastifyPluginAsyncZod {
  const deps: service.CampaignDeps = {
    db: ctx.database.db,
    appSecret: ctx.config.appSecret,
    connectors: opts.connectors,
    publicUrl: ctx.config.publicUrl,
  };
  return async (app) => {
    const tags = ['campaigns'];
    const guard = {
      preHandler: [
        ctx.authenticateMessaging,
        ctx.requirePrivilege('campaign-message'),
        featureGuard(ctx.billing, 'campaigns'),
      ],
    };

    app.post(
      P.send,
      {
        ...guard,
        schema: { tags, body: campaignSendRequestSchema, response: { 200: campaignSendResponseSchema } },
      },
      async (req) => ok(await service.sendCampaign(deps, requireAuth(req), req.body)),
    );

    app.post(
      P.draft,
      {
        ...guard,
        schema: { tags, body: campaignDraftRequestSchema, response: { 200: campaignDraftResponseSchema } },
      },
      async (req) => ok(await service.saveDraft(deps, requireAuth(req), req.body)),
    );

    app.get(
      P.draft,
      {
        ...guard,
        schema: {
          tags,
          querystring: campaignDraftQuerySchema,
          response: { 200: campaignDraftResponseSchema },
        },
      },
      async (req) => ok(await service.getDraft(deps, requireAuth(req), req.query.campaignId)),
    );

    app.delete(
      P.draft,
      {
        ...guard,
        schema: {
          tags,
          querystring: campaignDraftQuerySchema,
          response: { 200: campaignDraftDeleteResponseSchema },
        },
      },
      async (req) => ok(await service.deleteDraft(deps, requireAuth(req), req.query.campaignId)),
    );

    app.get(
      P.list,
      {
        ...guard,
        schema: { tags, querystring: campaignListQuerySchema, response: { 200: campaignListResponseSchema } },
      },
      async (req) => ok(await service.listCampaigns(deps, requireAuth(req), req.query)),
    );

    app.get(
      P.users,
      { ...guard, schema: { tags, querystring: campaignUsersQuerySchema } },
      async (req, reply) => {
        const caller = requireAuth(req);
        if (req.query.blob) {
          if (!req.query.campaignId)
            return reply.status(400).send({ code: 'INVALID_PARAMETER', message: 'blob needs a campaignId.' });
          const csv = await service.recipientsCsv(deps, caller, req.query.campaignId);
          return reply
            .header('content-type', 'text/csv; charset=utf-8')
            .header('content-disposition', `attachment; filename="campaign-${req.query.campaignId}.csv"`)
            .send(csv);
        }
        return reply.send(
          campaignUsersResponseSchema.parse(ok(await service.campaignUsers(deps, caller, req.query))),
        );
      },
    );

    app.post(
      P.cancel,
      {
        ...guard,
        schema: {
          tags,
          querystring: campaignCancelQuerySchema,
          response: { 200: campaignCancelResponseSchema },
        },
      },
      async (req) => ok(await service.cancelCampaign(deps, requireAuth(req), req.query.campaignId)),
    );

    app.get(
      P.senders,
      { ...guard, schema: { tags, response: { 200: campaignSendersResponseSchema } } },
      async (req) => ok(await service.campaignSenders(deps, requireAuth(req))),
    );

    app.get(
      P.templates,
      {
        ...guard,
        schema: {
          tags,
          querystring: campaignTemplatesQuerySchema,
          response: { 200: campaignTemplatesResponseSchema },
        },
      },
      async (req) => ok(await service.campaignTemplates(deps, requireAuth(req), req.query.provider)),
    );

    app.put(
      P.optOut,
      {
        preHandler: ctx.authenticate,
        config: ANY_MEMBER,
        schema: {
          tags,
          params: campaignOptOutParamsSchema,
          body: campaignOptOutRequestSchema,
          response: { 200: campaignOptOutResponseSchema },
        },
      },
      async (req) => ({
        code: 'SUCCESS' as const,
        data: await service.setOptOut(deps, requireAuth(req), req.params.userId, req.body.optedOut),
      }),
    );
  };
}
