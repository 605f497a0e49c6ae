import {
  CRM_PATHS,
  crmConnectionResponseSchema,
  crmConversationResponseSchema,
  crmDeleteResponseSchema,
  crmGroupParamsSchema,
  crmLinkResponseSchema,
  crmListResponseSchema,
  crmProviderParamsSchema,
  crmSettingsRequestSchema,
  crmSyncParamsSchema,
} from '@convo/api';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAuth } from '../../http/auth.js';
import { badRequest } from '../../http/errors.js';
import type { RouteContext } from '../../http/route-context.js';
import type { CrmProviders } from './registry.js';
import * as service from './service.js';

export type CrmRouteContext = Pick<
  RouteContext,
  'database' | 'authenticate' | 'requirePrivilege' | 'requireAdmin' | 'config'
>;

/**
 * CRMs and helpdesks (issue 38 item 3). Settings: privilege `integrations` to see and test, an admin
 * to change. A conversation's
 * actions (its ticket, its CRM activity): privilege `conversations`, on a conversation the member sees.
 */
export function crmRoutes(ctx: CrmRouteContext, providers: CrmProviders): FastifyPluginAsyncZod {
  const deps: service.CrmDeps = {
    db: ctx.database.db,
    appSecret: ctx.config.appSecret,
    publicUrl: ctx.config.publicUrl ?? '',
    providers,
  };
  return async (app) => {
    const viewer = { preHandler: [ctx.authenticate, ctx.requirePrivilege('integrations')] };
    // Credentials are an admin's to set or remove; whoever sees the hub sees the status.
    const admin = { preHandler: [ctx.authenticate, ctx.requirePrivilege('integrations'), ctx.requireAdmin] };
    // A conversation's ticket and CRM activity: whoever works the inbox (and sees the conversation).
    const member = { preHandler: [ctx.authenticate, ctx.requirePrivilege('conversations')] };
    const tags = ['crm'];
    const security = [{ bearer: [] }];
    const ok = <T>(data: T) => ({ code: 'SUCCESS' as const, data });

    app.get(
      CRM_PATHS.list,
      { ...viewer, schema: { tags, security, response: { 200: crmListResponseSchema } } },
      async (req) => ok(await service.listConnections(deps, requireAuth(req).applicationId)),
    );
    app.put(
      CRM_PATHS.settings,
      {
        ...admin,
        schema: {
          tags,
          security,
          params: crmProviderParamsSchema,
          body: crmSettingsRequestSchema,
          response: { 200: crmConnectionResponseSchema },
        },
      },
      async (req) => {
        if (req.body.provider !== req.params.provider)
          throw badRequest('INVALID_PARAMETER', 'The settings are for another provider.');
        return ok(await service.saveSettings(deps, requireAuth(req).applicationId, req.body));
      },
    );
    app.delete(
      CRM_PATHS.settings,
      {
        ...admin,
        schema: {
          tags,
          security,
          params: crmProviderParamsSchema,
          response: { 200: crmDeleteResponseSchema },
        },
      },
      async (req) => {
        await service.removeSettings(deps.db, requireAuth(req).applicationId, req.params.provider);
        return { code: 'SUCCESS' as const, message: 'Disconnected' };
      },
    );
    app.post(
      CRM_PATHS.test,
      {
        ...viewer,
        schema: {
          tags,
          security,
          params: crmProviderParamsSchema,
          response: { 200: crmConnectionResponseSchema },
        },
      },
      async (req) =>
        ok(await service.testConnection(deps, requireAuth(req).applicationId, req.params.provider)),
    );

    app.get(
      CRM_PATHS.conversation,
      {
        ...member,
        schema: {
          tags,
          security,
          params: crmGroupParamsSchema,
          response: { 200: crmConversationResponseSchema },
        },
      },
      async (req) => ok(await service.conversationState(deps, requireAuth(req), req.params.groupId)),
    );
    app.post(
      CRM_PATHS.ticket,
      {
        ...member,
        schema: { tags, security, params: crmGroupParamsSchema, response: { 200: crmLinkResponseSchema } },
      },
      async (req) => ok(await service.createTicket(deps, requireAuth(req), req.params.groupId)),
    );
    app.post(
      CRM_PATHS.sync,
      {
        ...member,
        schema: { tags, security, params: crmSyncParamsSchema, response: { 200: crmLinkResponseSchema } },
      },
      async (req) =>
        ok(await service.syncConversation(deps, requireAuth(req), req.params.groupId, req.params.provider)),
    );
  };
}
