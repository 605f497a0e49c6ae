import {
  SUPPORT_TICKET_PATHS,
  supportTicketCreatedResponseSchema,
  supportTicketCreateRequestSchema,
  supportTicketDetailResponseSchema,
  supportTicketIdParamsSchema,
  supportTicketListQuerySchema,
  supportTicketListResponseSchema,
  supportTicketReplyRequestSchema,
  supportTicketStatusRequestSchema,
  supportTicketTypeListResponseSchema,
  supportTicketTypeRequestSchema,
  supportTicketTypeResponseSchema,
} from '@convo/api';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAuth } from '../../http/auth.js';
import { ANY_MEMBER, PUBLIC_ROUTE, type RouteContext } from '../../http/route-context.js';
import type { SupportTicketDeps } from './service.js';
import * as service from './service.js';

/** Tickets one address may file per hour: enough for a person, not for a flood. */
export const PUBLIC_TICKET_RATE = { max: 5, timeWindow: 60 * 60_000 } as const;

/** Product API: the public /help form's tickets, and the support workspace's members answering them. */
export function supportTicketRoutes(
  ctx: RouteContext,
  deps: Omit<SupportTicketDeps, 'db' | 'mailer' | 'publicUrl'>,
): FastifyPluginAsyncZod {
  const full: SupportTicketDeps = {
    db: ctx.database.db,
    mailer: ctx.mailer,
    publicUrl: ctx.config.publicUrl,
    ...deps,
  };
  return async (app) => {
    const tags = ['support-tickets'];
    const security = [{ bearer: [] }];
    const ok = <T>(data: T) => ({ code: 'SUCCESS' as const, data });
    const member = { preHandler: ctx.authenticate, config: ANY_MEMBER };
    const params = supportTicketIdParamsSchema;

    app.get(
      SUPPORT_TICKET_PATHS.publicTypes,
      { config: PUBLIC_ROUTE, schema: { tags, response: { 200: supportTicketTypeListResponseSchema } } },
      async () => ok(await service.listPublicTypes(full)),
    );
    app.post(
      SUPPORT_TICKET_PATHS.publicTickets,
      {
        config: { ...PUBLIC_ROUTE, rateLimit: PUBLIC_TICKET_RATE },
        bodyLimit: 32 * 1024,
        schema: {
          tags,
          body: supportTicketCreateRequestSchema,
          response: { 200: supportTicketCreatedResponseSchema },
        },
      },
      async (req) => ok(await service.createPublicTicket(full, req.body)),
    );
    app.get(
      SUPPORT_TICKET_PATHS.tickets,
      {
        ...member,
        schema: {
          tags,
          security,
          querystring: supportTicketListQuerySchema,
          response: { 200: supportTicketListResponseSchema },
        },
      },
      async (req) => ok(await service.listTickets(full, requireAuth(req), req.query.status)),
    );
    app.get(
      SUPPORT_TICKET_PATHS.ticket,
      { ...member, schema: { tags, security, params, response: { 200: supportTicketDetailResponseSchema } } },
      async (req) => ok(await service.getTicket(full, requireAuth(req), req.params.id)),
    );
    app.post(
      SUPPORT_TICKET_PATHS.replies,
      {
        ...member,
        schema: {
          tags,
          security,
          params,
          body: supportTicketReplyRequestSchema,
          response: { 200: supportTicketDetailResponseSchema },
        },
      },
      async (req) => ok(await service.reply(full, requireAuth(req), req.params.id, req.body.message)),
    );
    app.patch(
      SUPPORT_TICKET_PATHS.status,
      {
        ...member,
        schema: {
          tags,
          security,
          params,
          body: supportTicketStatusRequestSchema,
          response: { 200: supportTicketDetailResponseSchema },
        },
      },
      async (req) => ok(await service.setStatus(full, requireAuth(req), req.params.id, req.body.status)),
    );
    app.get(
      SUPPORT_TICKET_PATHS.types,
      { ...member, schema: { tags, security, response: { 200: supportTicketTypeListResponseSchema } } },
      async (req) => ok(await service.listTypes(full, requireAuth(req))),
    );
    app.post(
      SUPPORT_TICKET_PATHS.types,
      {
        // Every member reads the types; adding one is an admin's (the guard after the session).
        preHandler: [ctx.authenticate, ctx.requireAdmin],
        config: ANY_MEMBER,
        schema: {
          tags,
          security,
          body: supportTicketTypeRequestSchema,
          response: { 200: supportTicketTypeResponseSchema },
        },
      },
      async (req) => ok(await service.createType(full, requireAuth(req), req.body.name)),
    );
  };
}
