import {
  AUTOMATION_HEADERS,
  AUTOMATION_PATHS,
  automationAddTagRequestSchema,
  automationAddTagResponseSchema,
  automationAssignRequestSchema,
  automationAssignResponseSchema,
  automationCreateUserRequestSchema,
  automationCreateUserResponseSchema,
  automationHookDeleteResponseSchema,
  automationHookIdParamsSchema,
  automationHookListResponseSchema,
  automationKeyResponseSchema,
  automationMeSchema,
  automationNewKeyResponseSchema,
  automationSampleParamsSchema,
  automationSampleResponseSchema,
  automationSendMessageRequestSchema,
  automationSendMessageResponseSchema,
  automationSubscribeRequestSchema,
  automationSubscribeResponseSchema,
  automationUnsubscribeResponseSchema,
  automationUsageQuerySchema,
  automationUsageResponseSchema,
} from '@convo/api';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAuth } from '../../http/auth.js';
import { PUBLIC_ROUTE, type RouteContext } from '../../http/route-context.js';
import { markAuthorization } from '../../http/security-route-table.js';
import { findApplication } from '../accounts/index.js';
import type { AutomationActions } from './actions.js';
import { sampleOf } from './samples.js';
import * as service from './service.js';

export type AutomationRouteContext = Pick<
  RouteContext,
  'database' | 'authenticate' | 'requirePrivilege' | 'config'
>;

/**
 * The automation connector (issue 38 item 4). Dashboard: the API key, the subscriptions and the
 * usage table (privilege integrations). The automation platform: REST hook subscribe and
 * unsubscribe, samples, and the actions, authenticated by the API key alone (public at the
 * session level; the key hook runs before validation, so a stranger gets 401, never a schema).
 */
export function automationRoutes(
  ctx: AutomationRouteContext,
  actions: AutomationActions,
): FastifyPluginAsyncZod {
  const db = ctx.database.db;
  const appSecret = ctx.config.appSecret;
  const callers = new WeakMap<FastifyRequest, service.AutomationCaller>();
  const byKey = markAuthorization(async (req: FastifyRequest) => {
    callers.set(req, await service.authenticateKey(db, req.headers[AUTOMATION_HEADERS.apiKey]));
  });
  const callerOf = (req: FastifyRequest): service.AutomationCaller => {
    const caller = callers.get(req);
    // The key hook ran first on every route below; reaching here without it is a wiring mistake.
    if (!caller) throw new Error('automation route without its key hook');
    return caller;
  };

  return async (app) => {
    const guard = { preHandler: [ctx.authenticate, ctx.requirePrivilege('integrations')] };
    const tags = ['automation'];
    const security = [{ bearer: [] }];
    const ok = <T>(data: T) => ({ code: 'SUCCESS' as const, data });

    app.get(
      AUTOMATION_PATHS.key,
      { ...guard, schema: { tags, security, response: { 200: automationKeyResponseSchema } } },
      async (req) => ok(await service.getKey(db, requireAuth(req).applicationId)),
    );
    app.post(
      AUTOMATION_PATHS.rotateKey,
      { ...guard, schema: { tags, security, response: { 200: automationNewKeyResponseSchema } } },
      async (req) => ok(await service.rotateKey(db, appSecret, requireAuth(req))),
    );
    app.get(
      AUTOMATION_PATHS.hooks,
      { ...guard, schema: { tags, security, response: { 200: automationHookListResponseSchema } } },
      async (req) => ok(await service.listHooks(db, requireAuth(req).applicationId)),
    );
    app.delete(
      AUTOMATION_PATHS.hook,
      {
        ...guard,
        schema: {
          tags,
          security,
          params: automationHookIdParamsSchema,
          response: { 200: automationHookDeleteResponseSchema },
        },
      },
      async (req) => {
        await service.unsubscribe(db, requireAuth(req).applicationId, req.params.id);
        return { code: 'SUCCESS' as const, message: 'Unsubscribed' };
      },
    );
    app.get(
      AUTOMATION_PATHS.usage,
      {
        ...guard,
        schema: {
          tags,
          security,
          querystring: automationUsageQuerySchema,
          response: { 200: automationUsageResponseSchema },
        },
      },
      async (req) =>
        ok(await service.usage(db, requireAuth(req).applicationId, req.query.page, req.query.pageSize)),
    );

    // The automation platform's API (X-Api-Key).
    const keyed = { config: PUBLIC_ROUTE, preHandler: [byKey] };
    const keySecurity = [{ automationKey: [] }];
    const platformTags = ['automation platform'];
    const schema = { tags: platformTags, security: keySecurity };

    app.get(
      AUTOMATION_PATHS.me,
      { ...keyed, schema: { ...schema, response: { 200: automationMeSchema } } },
      async (req) => {
        const { applicationId } = callerOf(req);
        const application = await findApplication(db, applicationId);
        return { applicationId, name: application?.name ?? applicationId };
      },
    );
    app.post(
      AUTOMATION_PATHS.subscribe,
      {
        ...keyed,
        schema: {
          ...schema,
          body: automationSubscribeRequestSchema,
          response: { 201: automationSubscribeResponseSchema },
        },
      },
      async (req, reply) => {
        const hook = await service.subscribe(db, callerOf(req).applicationId, req.body);
        return reply.code(201).send(hook);
      },
    );
    app.delete(
      AUTOMATION_PATHS.unsubscribe,
      {
        ...keyed,
        schema: {
          ...schema,
          params: automationHookIdParamsSchema,
          response: { 200: automationUnsubscribeResponseSchema },
        },
      },
      async (req) => {
        await service.unsubscribe(db, callerOf(req).applicationId, req.params.id);
        return { id: req.params.id, unsubscribed: true as const };
      },
    );
    app.get(
      AUTOMATION_PATHS.sample,
      {
        ...keyed,
        schema: {
          ...schema,
          params: automationSampleParamsSchema,
          response: { 200: automationSampleResponseSchema },
        },
      },
      async (req) => [sampleOf(req.params.event)],
    );
    app.post(
      AUTOMATION_PATHS.sendMessage,
      {
        ...keyed,
        schema: {
          ...schema,
          body: automationSendMessageRequestSchema,
          response: { 200: automationSendMessageResponseSchema },
        },
      },
      async (req) => actions.sendMessage(callerOf(req).auth, req.body),
    );
    app.post(
      AUTOMATION_PATHS.createUser,
      {
        ...keyed,
        schema: {
          ...schema,
          body: automationCreateUserRequestSchema,
          response: { 200: automationCreateUserResponseSchema },
        },
      },
      async (req) => actions.createUser(callerOf(req).auth, req.body),
    );
    app.post(
      AUTOMATION_PATHS.addTag,
      {
        ...keyed,
        schema: {
          ...schema,
          body: automationAddTagRequestSchema,
          response: { 200: automationAddTagResponseSchema },
        },
      },
      async (req) => actions.addTag(callerOf(req).auth, req.body),
    );
    app.post(
      AUTOMATION_PATHS.assignConversation,
      {
        ...keyed,
        schema: {
          ...schema,
          body: automationAssignRequestSchema,
          response: { 200: automationAssignResponseSchema },
        },
      },
      async (req) => actions.assignConversation(callerOf(req).auth, req.body),
    );
  };
}
