import { ACCOUNT_PATHS, outboxListSchema } from '@convo/api';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { notFound } from '../../http/errors.js';
import { PUBLIC_ROUTE, type RouteContext } from '../../http/route-context.js';
import { listRecentMail } from '../../platform/mail/outbox-repository.js';

/**
 * The local mailbox: only when no SMTP server is configured (a development or first-run install),
 * so password reset works on a fresh machine. With SMTP_URL set it does not exist.
 */
export function devMailboxRoutes(ctx: RouteContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      ACCOUNT_PATHS.devMailbox,
      { config: PUBLIC_ROUTE, schema: { tags: ['system'], response: { 200: outboxListSchema } } },
      async () => {
        if (!ctx.mailer.local) throw notFound();
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
