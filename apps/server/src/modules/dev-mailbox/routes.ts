import { ACCOUNT_PATHS, outboxListSchema } from '@convo/api';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../../http/errors.js';
import { PUBLIC_ROUTE, type RouteContext } from '../../http/route-context.js';
import { listRecentMail } from '../../platform/mail/outbox-repository.js';
import { DEV_MAILBOX_KEY_HEADER, mayReadDevMailbox } from './access.js';

const headersSchema = z.looseObject({ [DEV_MAILBOX_KEY_HEADER]: z.string().max(200).optional() });

/**
 * The local mailbox: only when no SMTP server is configured (a development or first-run install),
 * so password reset works on a fresh machine, and only for the operator (see access.ts). Anyone
 * else gets the 404 of a server that has no such endpoint.
 */
export function devMailboxRoutes(ctx: RouteContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      ACCOUNT_PATHS.devMailbox,
      {
        config: PUBLIC_ROUTE,
        schema: { tags: ['system'], headers: headersSchema, response: { 200: outboxListSchema } },
      },
      async (req) => {
        const request = { remoteAddress: req.socket.remoteAddress, headers: req.headers };
        if (!mayReadDevMailbox(request, ctx.mailer.local, ctx.config.appSecret)) throw notFound();
        const rows = await listRecentMail(ctx.database.db, 100);
        return {
          code: 'SUCCESS' as const,
          data: rows.map((r) => ({
            id: r.id,
            to: r.to,
            subject: r.subject,
            text: r.text,
            html: r.html,
            createdAt: r.createdAt.getTime(),
          })),
        };
      },
    );
  };
}
