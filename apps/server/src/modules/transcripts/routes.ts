import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAuth } from '../../http/auth.js';
import type { RouteContext } from '../../http/route-context.js';
import * as service from './service.js';

export const TRANSCRIPT_PATHS = { send: '/rest/ws/message/transcript/send' } as const;

export const transcriptSendRequestSchema = z.object({
  groupId: z.coerce.number().int().positive(),
  to: z
    .string()
    .trim()
    .optional()
    .transform((v) => (v === '' ? undefined : v))
    .pipe(z.email({ message: 'Invalid email address' }).max(254).optional()),
});

export const transcriptSendResponseSchema = z.object({
  status: z.literal('success'),
  response: z.object({ to: z.string(), messageCount: z.number() }),
});

/** Messaging API: mail a conversation's transcript (members of the application only). */
export function transcriptRoutes(ctx: RouteContext): FastifyPluginAsyncZod {
  const deps: service.TranscriptDeps = {
    db: ctx.database.db,
    mailer: ctx.mailer,
    publicUrl: ctx.config.publicUrl,
  };
  return async (app) => {
    app.post(
      TRANSCRIPT_PATHS.send,
      {
        preHandler: [ctx.authenticateMessaging, ctx.requirePrivilege('conversations')],
        schema: {
          tags: ['messages'],
          body: transcriptSendRequestSchema,
          response: { 200: transcriptSendResponseSchema },
        },
      },
      async (req) => ({
        status: 'success' as const,
        response: await service.sendTranscript(deps, requireAuth(req), req.body),
      }),
    );
  };
}
