import {
  CONVERSATION_PATHS,
  groupIdParamsSchema,
  noteDeleteResponseSchema,
  noteIdParamsSchema,
  noteListQuerySchema,
  noteListResponseSchema,
  noteResponseSchema,
  noteWriteRequestSchema,
} from '@convo/api';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAuth } from '../../http/auth.js';
import { platformOk as ok } from '../../http/platform-envelope.js';
import type { RouteContext } from '../../http/route-context.js';
import * as service from './service.js';

/** Messaging API for conversation notes: list, add, edit, delete (members only). */
export function notesRoutes(ctx: RouteContext): FastifyPluginAsyncZod {
  const deps = { db: ctx.database.db, realtime: ctx.realtime };
  return async (app) => {
    const pre = { preHandler: [ctx.authenticateMessaging, ctx.requirePrivilege('conversation-notes')] };
    const tags = ['notes'];

    app.get(
      CONVERSATION_PATHS.notes,
      {
        ...pre,
        schema: {
          tags,
          params: groupIdParamsSchema,
          querystring: noteListQuerySchema,
          response: { 200: noteListResponseSchema },
        },
      },
      async (req) => ok(await service.listNotes(deps, requireAuth(req), req.params.groupId, req.query)),
    );

    app.post(
      CONVERSATION_PATHS.notes,
      {
        ...pre,
        schema: {
          tags,
          params: groupIdParamsSchema,
          body: noteWriteRequestSchema,
          response: { 200: noteResponseSchema },
        },
      },
      async (req) => ok(await service.addNote(deps, requireAuth(req), req.params.groupId, req.body.body)),
    );

    app.put(
      CONVERSATION_PATHS.note,
      {
        ...pre,
        schema: {
          tags,
          params: noteIdParamsSchema,
          body: noteWriteRequestSchema,
          response: { 200: noteResponseSchema },
        },
      },
      async (req) => ok(await service.editNote(deps, requireAuth(req), req.params.noteId, req.body.body)),
    );

    app.delete(
      CONVERSATION_PATHS.note,
      {
        ...pre,
        schema: { tags, params: noteIdParamsSchema, response: { 200: noteDeleteResponseSchema } },
      },
      async (req) => ok(await service.deleteNote(deps, requireAuth(req), req.params.noteId)),
    );
  };
}
