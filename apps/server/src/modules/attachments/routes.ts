import multipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAuth } from '../../http/auth.js';
import { badRequest } from '../../http/errors.js';
import { ANY_MEMBER, type RouteContext } from '../../http/route-context.js';
import type { FileStorage } from '../../platform/storage/storage.js';
import * as service from './service.js';

export const ATTACHMENT_PATHS = {
  uploadImage: '/rest/ws/upload/image',
  uploadFile: '/rest/ws/upload/file',
  fileUrl: '/rest/ws/file/url',
  file: '/rest/ws/file/:key',
} as const;

export const fileMetaSchema = z.object({
  key: z.string(),
  blobKey: z.string(),
  name: z.string(),
  size: z.number(),
  contentType: z.string(),
  url: z.string(),
  thumbnailUrl: z.string().optional(),
  createdAtTime: z.number(),
});

const keySchema = z.string().trim().min(1).max(200);
const fileUrlQuerySchema = z.object({ key: keySchema });
const fileUrlResponseSchema = z.object({ status: z.literal('success'), response: z.string() });
const fileParamsSchema = z.object({ key: keySchema });

const FIELD = 'file';

const errorCode = (err: unknown) =>
  typeof err === 'object' && err !== null && 'code' in err && typeof err.code === 'string' ? err.code : '';

/** The multipart errors a client can cause, as our `{ code, message }`; anything else rethrown. */
function multipartError(err: unknown): unknown {
  switch (errorCode(err)) {
    case 'FST_REQ_FILE_TOO_LARGE':
      return service.overLimit(service.MAX_FILE_UPLOAD_BYTES);
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

async function readUpload(req: FastifyRequest): Promise<service.Upload> {
  if (!req.isMultipart()) {
    throw badRequest('INVALID_PARAMETER', `Send the file as multipart/form-data in the field "${FIELD}".`);
  }
  try {
    const part = await req.file();
    if (!part || part.fieldname !== FIELD) {
      throw badRequest('INVALID_PARAMETER', `Send the file in the multipart field "${FIELD}".`);
    }
    const bytes = await part.toBuffer();
    return { filename: part.filename, mimetype: part.mimetype, bytes };
  } catch (err) {
    throw multipartError(err);
  }
}

/**
 * Uploads and downloads of files (messaging API). Multipart is registered inside this plugin only,
 * with a cap just above the largest accepted file so an oversized one is refused without being
 * buffered whole; the image limit (3 MB) is checked after reading, to name the real size.
 */
export function attachmentRoutes(ctx: RouteContext, storage: FileStorage): FastifyPluginAsyncZod {
  const deps: service.AttachmentDeps = { db: ctx.database.db, storage, publicUrl: ctx.config.publicUrl };
  return async (app) => {
    await app.register(multipart, {
      limits: { fileSize: service.MAX_FILE_UPLOAD_BYTES + 1, files: 1, fields: 10, parts: 20 },
      throwFileSizeLimit: true,
    });
    // Files serve the inbox, the widget and the profile picture alike; each file is checked
    // against the caller's application (and a visitor's own conversations) in the service.
    const pre = { preHandler: ctx.authenticateMessaging, config: ANY_MEMBER };
    const tags = ['attachments'];

    for (const [url, mode] of [
      [ATTACHMENT_PATHS.uploadImage, 'image'],
      [ATTACHMENT_PATHS.uploadFile, 'file'],
    ] as const) {
      app.post(
        url,
        {
          ...pre,
          schema: {
            tags,
            consumes: ['multipart/form-data'],
            description:
              mode === 'image'
                ? 'A PNG, JPEG, GIF or WebP image of at most 3 MB in the multipart field "file".'
                : 'Any file of at most 10 MB (images: at most 3 MB) in the multipart field "file".',
            response: { 200: fileMetaSchema },
          },
        },
        async (req) => service.storeUpload(deps, requireAuth(req), await readUpload(req), mode),
      );
    }

    app.get(
      ATTACHMENT_PATHS.fileUrl,
      { ...pre, schema: { tags, querystring: fileUrlQuerySchema, response: { 200: fileUrlResponseSchema } } },
      async (req) => {
        const row = await service.findFile(deps, requireAuth(req), req.query.key);
        return { status: 'success' as const, response: service.fileUrl(deps.publicUrl, row.id) };
      },
    );

    app.get(
      ATTACHMENT_PATHS.file,
      { ...pre, schema: { tags, params: fileParamsSchema } },
      async (req, reply) => {
        const { row, object } = await service.openFile(deps, requireAuth(req), req.params.key);
        reply
          .header('content-type', row.contentType)
          .header('content-disposition', service.contentDisposition(row.name, row.contentType))
          .header('x-content-type-options', 'nosniff')
          .header('cache-control', 'private')
          // Opened directly, a file is never a page that can run anything.
          .header('content-security-policy', "default-src 'none'; sandbox");
        if (object.size > 0) reply.header('content-length', object.size);
        return reply.send(object.stream);
      },
    );
  };
}
