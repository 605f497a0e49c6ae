import {
  KNOWLEDGE_MAX_UPLOAD_BYTES,
  KNOWLEDGE_PATHS,
  knowledgeBotParamsSchema,
  knowledgeCountsResponseSchema,
  knowledgeSitemapCreateSchema,
  knowledgeSourceListResponseSchema,
  knowledgeSourceParamsSchema,
  knowledgeSourceResponseSchema,
  knowledgeUrlCreateSchema,
  messageResponseSchema,
} from '@convo/api';
import multipart from '@fastify/multipart';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAuth } from '../../../http/auth.js';
import { badRequest } from '../../../http/errors.js';
import type { RouteContext } from '../../../http/route-context.js';
import type { FileStorage } from '../../../platform/storage/storage.js';
import * as service from './service.js';

export type KnowledgeRouteContext = Pick<
  RouteContext,
  'database' | 'authenticate' | 'requirePrivilege' | 'requireAdmin'
>;

const FIELD = 'file';
/** Room for the multipart framing around the largest accepted file. */
const MULTIPART_OVERHEAD = 64 * 1024;

const errorCode = (err: unknown) =>
  typeof err === 'object' && err !== null && 'code' in err && typeof err.code === 'string' ? err.code : '';

function multipartError(err: unknown): unknown {
  switch (errorCode(err)) {
    case 'FST_REQ_FILE_TOO_LARGE':
      return service.tooLarge();
    case 'FST_FILES_LIMIT':
    case 'FST_PARTS_LIMIT':
    case 'FST_FIELDS_LIMIT':
      return badRequest('INVALID_PARAMETER', `Send one file in the multipart field "${FIELD}".`);
    case 'FST_PROTO_VIOLATION':
    case 'FST_INVALID_MULTIPART_CONTENT_TYPE':
      return badRequest('INVALID_PARAMETER', 'The multipart body is not valid.');
    default:
      return err;
  }
}

async function readUpload(req: FastifyRequest): Promise<service.DocumentUpload> {
  if (!req.isMultipart()) {
    throw badRequest(
      'INVALID_PARAMETER',
      `Send the document as multipart/form-data in the field "${FIELD}".`,
    );
  }
  try {
    const part = await req.file();
    if (!part || part.fieldname !== FIELD) {
      throw badRequest('INVALID_PARAMETER', `Send the document in the multipart field "${FIELD}".`);
    }
    return { filename: part.filename, bytes: await part.toBuffer() };
  } catch (err) {
    throw multipartError(err);
  }
}

/** An upload declared larger than the cap is refused before a byte of it is read. */
async function refuseDeclaredTooLarge(req: FastifyRequest, _reply: FastifyReply): Promise<void> {
  const declared = Number(req.headers['content-length'] ?? '');
  if (Number.isFinite(declared) && declared > KNOWLEDGE_MAX_UPLOAD_BYTES + MULTIPART_OVERHEAD) {
    throw service.tooLarge();
  }
}

/** Product API: a bot's knowledge source (privilege bots). */
export function knowledgeRoutes(ctx: KnowledgeRouteContext, storage: FileStorage): FastifyPluginAsyncZod {
  const db = ctx.database.db;
  const deps: service.KnowledgeDeps = { db, storage };
  return async (app) => {
    // Multipart only inside this plugin, capped just above the largest accepted document so a
    // 50 MB upload is cut off at 20 MB rather than buffered whole.
    await app.register(multipart, {
      limits: { fileSize: KNOWLEDGE_MAX_UPLOAD_BYTES, files: 1, fields: 10, parts: 20 },
      throwFileSizeLimit: true,
    });
    const guard = { preHandler: [ctx.authenticate, ctx.requirePrivilege('bots')] };
    // Every change to a bot is an admin's (docs/decisions.md "AI agents: managing bots").
    const admin = { preHandler: [...guard.preHandler, ctx.requireAdmin] };
    const tags = ['bots'];
    const security = [{ bearer: [] }];
    const ok = <T>(data: T) => ({ code: 'SUCCESS' as const, data });

    app.get(
      KNOWLEDGE_PATHS.sources,
      {
        ...guard,
        schema: {
          tags,
          security,
          params: knowledgeBotParamsSchema,
          response: { 200: knowledgeSourceListResponseSchema },
        },
      },
      async (req) => ok(await service.listSources(db, requireAuth(req).applicationId, req.params.botId)),
    );

    app.get(
      KNOWLEDGE_PATHS.counts,
      {
        ...guard,
        schema: {
          tags,
          security,
          params: knowledgeBotParamsSchema,
          response: { 200: knowledgeCountsResponseSchema },
        },
      },
      async (req) => ok(await service.counts(db, requireAuth(req).applicationId, req.params.botId)),
    );

    app.post(
      KNOWLEDGE_PATHS.documents,
      {
        preHandler: [...admin.preHandler, refuseDeclaredTooLarge],
        bodyLimit: KNOWLEDGE_MAX_UPLOAD_BYTES + MULTIPART_OVERHEAD,
        schema: {
          tags,
          security,
          consumes: ['multipart/form-data'],
          description:
            'A PDF, DOCX, TXT, MD or HTML document of at most 20 MB in the multipart field "file".',
          params: knowledgeBotParamsSchema,
          response: { 200: knowledgeSourceResponseSchema },
        },
      },
      async (req) =>
        ok(
          await service.addDocument(
            deps,
            requireAuth(req).applicationId,
            req.params.botId,
            await readUpload(req),
          ),
        ),
    );

    app.post(
      KNOWLEDGE_PATHS.urls,
      {
        ...admin,
        schema: {
          tags,
          security,
          params: knowledgeBotParamsSchema,
          body: knowledgeUrlCreateSchema,
          response: { 200: knowledgeSourceResponseSchema },
        },
      },
      async (req) =>
        ok(await service.addUrl(db, requireAuth(req).applicationId, req.params.botId, req.body.url)),
    );

    app.post(
      KNOWLEDGE_PATHS.sitemaps,
      {
        ...admin,
        schema: {
          tags,
          security,
          params: knowledgeBotParamsSchema,
          body: knowledgeSitemapCreateSchema,
          response: { 200: knowledgeSourceResponseSchema },
        },
      },
      async (req) =>
        ok(await service.addSitemap(db, requireAuth(req).applicationId, req.params.botId, req.body)),
    );

    app.post(
      KNOWLEDGE_PATHS.helpCenter,
      {
        ...admin,
        schema: {
          tags,
          security,
          params: knowledgeBotParamsSchema,
          response: { 200: knowledgeSourceResponseSchema },
        },
      },
      async (req) => ok(await service.addHelpCenter(db, requireAuth(req).applicationId, req.params.botId)),
    );

    app.post(
      KNOWLEDGE_PATHS.recrawl,
      {
        ...admin,
        schema: {
          tags,
          security,
          params: knowledgeSourceParamsSchema,
          response: { 200: knowledgeSourceResponseSchema },
        },
      },
      async (req) =>
        ok(await service.recrawl(db, requireAuth(req).applicationId, req.params.botId, req.params.sourceId)),
    );

    app.delete(
      KNOWLEDGE_PATHS.source,
      {
        ...admin,
        schema: {
          tags,
          security,
          params: knowledgeSourceParamsSchema,
          response: { 200: messageResponseSchema },
        },
      },
      async (req) => {
        await service.deleteSource(
          deps,
          requireAuth(req).applicationId,
          req.params.botId,
          req.params.sourceId,
        );
        return { code: 'SUCCESS' as const, message: 'Knowledge source deleted' };
      },
    );
  };
}
