import {
  articleBulkRequestSchema,
  articleBulkResponseSchema,
  articleCreateRequestSchema,
  articleImageResponseSchema,
  articleListQuerySchema,
  articleListResponseSchema,
  articleMoveRequestSchema,
  articleMoveResponseSchema,
  articleResponseSchema,
  articleUpdateRequestSchema,
  categoryCreateRequestSchema,
  categoryListResponseSchema,
  categoryOrderRequestSchema,
  categoryResponseSchema,
  categoryUpdateRequestSchema,
  HELP_CENTER_PATHS,
  helpCenterCustomizationRequestSchema,
  helpCenterCustomizationResponseSchema,
  helpCenterDeleteResponseSchema,
  helpCenterIdParamsSchema,
  helpCenterPreviewResponseSchema,
  helpCenterSitePath,
  helpCenterSiteResponseSchema,
  helpCenterSiteUpdateRequestSchema,
  KB_COMPAT_PATHS,
  kbCategoryListResponseSchema,
  kbCategoryQuerySchema,
} from '@convo/api';
import { MAX_IMAGE_UPLOAD_BYTES } from '@convo/domain';
import multipart from '@fastify/multipart';
import type { FastifyRequest, FastifySchema } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAuth } from '../../http/auth.js';
import { badRequest, notFound } from '../../http/errors.js';
import { PUBLIC_ROUTE, type RouteContext } from '../../http/route-context.js';
import type { FileStorage } from '../../platform/storage/storage.js';
import * as attachments from '../attachments/index.js';
import { featureGuard } from '../billing/index.js';
import { renderHome, siteView } from './public-site/routes.js';
import type { DomainMap, SiteCache } from './public-site/site-cache.js';
import * as repo from './repository.js';
import * as service from './service.js';

export type HelpCenterRouteContext = Pick<
  RouteContext,
  'database' | 'authenticate' | 'requirePrivilege' | 'config' | 'billing'
>;

const FIELD = 'file';

async function readImage(req: FastifyRequest): Promise<attachments.Upload> {
  if (!req.isMultipart()) {
    throw badRequest('INVALID_PARAMETER', `Send the image as multipart/form-data in the field "${FIELD}".`);
  }
  try {
    const part = await req.file();
    if (!part || part.fieldname !== FIELD) {
      throw badRequest('INVALID_PARAMETER', `Send the image in the multipart field "${FIELD}".`);
    }
    return { filename: part.filename, mimetype: part.mimetype, bytes: await part.toBuffer() };
  } catch (err) {
    if (typeof err === 'object' && err !== null && 'code' in err && err.code === 'FST_REQ_FILE_TOO_LARGE') {
      throw attachments.overLimit(MAX_IMAGE_UPLOAD_BYTES);
    }
    throw err;
  }
}

const hasDomain = (body: unknown) => {
  const domain = (body as { domain?: unknown } | undefined)?.domain;
  return typeof domain === 'string' && domain !== '';
};

/** Product API: Help center → Content (privilege helpcenter.content; the domain: helpcenter.customization). */
export function helpCenterRoutes(
  ctx: HelpCenterRouteContext,
  deps: { storage: FileStorage; sites: SiteCache; domains: DomainMap },
): FastifyPluginAsyncZod {
  const db = ctx.database.db;
  const publicUrl = ctx.config.publicUrl;
  return async (app) => {
    await app.register(multipart, {
      limits: { fileSize: MAX_IMAGE_UPLOAD_BYTES + 1, files: 1, fields: 5, parts: 6 },
      throwFileSizeLimit: true,
    });
    const tags = ['help-center'];
    const security = [{ bearer: [] }];
    /** A route's options: its privilege's guard, the OpenAPI tags and security, and its own schemas. */
    const guarded = (privilege: 'helpcenter.content' | 'helpcenter.customization') => {
      const preHandler = [ctx.authenticate, ctx.requirePrivilege(privilege)];
      return <S extends FastifySchema>(schema: S) => ({ preHandler, schema: { tags, security, ...schema } });
    };
    const content = guarded('helpcenter.content');
    const customization = guarded('helpcenter.customization');
    const ok = <T>(data: T) => ({ code: 'SUCCESS' as const, data });
    const app_ = (req: FastifyRequest) => requireAuth(req).applicationId;

    app.get(
      KB_COMPAT_PATHS.categories,
      {
        schema: {
          tags: ['help-center'],
          querystring: kbCategoryQuerySchema,
          response: { 200: kbCategoryListResponseSchema },
        },
        // Public, as the help-center site that shows the same categories.
        config: { ...PUBLIC_ROUTE, rateLimit: { max: 120, timeWindow: 60_000 } },
      },
      async (req) => {
        const applicationId = req.query.applicationId ?? req.query.appId;
        if (!applicationId) throw badRequest('INVALID_PARAMETER', 'applicationId is required.');
        const data = await service.publishedCategories(db, applicationId, req.query.lang ?? 'en');
        return { code: 'SUCCESS' as const, data };
      },
    );

    app.get(
      HELP_CENTER_PATHS.categories,
      content({ response: { 200: categoryListResponseSchema } }),
      async (req) => ok(await service.listCategories(db, app_(req))),
    );
    app.post(
      HELP_CENTER_PATHS.categories,
      content({ body: categoryCreateRequestSchema, response: { 200: categoryResponseSchema } }),
      async (req) => ok(await service.createCategory(db, app_(req), req.body)),
    );
    app.put(
      HELP_CENTER_PATHS.categoryOrder,
      content({ body: categoryOrderRequestSchema, response: { 200: categoryListResponseSchema } }),
      async (req) => ok(await service.orderCategories(db, app_(req), req.body.ids)),
    );
    app.patch(
      HELP_CENTER_PATHS.category,
      content({
        params: helpCenterIdParamsSchema,
        body: categoryUpdateRequestSchema,
        response: { 200: categoryResponseSchema },
      }),
      async (req) => ok(await service.updateCategory(db, app_(req), req.params.id, req.body)),
    );
    app.delete(
      HELP_CENTER_PATHS.category,
      content({ params: helpCenterIdParamsSchema, response: { 200: helpCenterDeleteResponseSchema } }),
      async (req) => {
        await service.deleteCategory(db, app_(req), req.params.id);
        return { code: 'SUCCESS' as const, message: 'Category deleted' };
      },
    );

    app.get(
      HELP_CENTER_PATHS.articles,
      content({ querystring: articleListQuerySchema, response: { 200: articleListResponseSchema } }),
      async (req) => ok(await service.listArticles(db, app_(req), req.query)),
    );
    app.post(
      HELP_CENTER_PATHS.articles,
      content({ body: articleCreateRequestSchema, response: { 200: articleResponseSchema } }),
      async (req) => ok(await service.createArticle(db, requireAuth(req), req.body)),
    );
    app.post(
      HELP_CENTER_PATHS.articleBulk,
      content({ body: articleBulkRequestSchema, response: { 200: articleBulkResponseSchema } }),
      async (req) => ok(await service.bulkArticles(db, requireAuth(req), req.body)),
    );
    app.get(
      HELP_CENTER_PATHS.article,
      content({ params: helpCenterIdParamsSchema, response: { 200: articleResponseSchema } }),
      async (req) => ok(await service.getArticle(db, app_(req), req.params.id)),
    );
    app.patch(
      HELP_CENTER_PATHS.article,
      content({
        params: helpCenterIdParamsSchema,
        body: articleUpdateRequestSchema,
        response: { 200: articleResponseSchema },
      }),
      async (req) => ok(await service.updateArticle(db, requireAuth(req), req.params.id, req.body)),
    );
    app.delete(
      HELP_CENTER_PATHS.article,
      content({ params: helpCenterIdParamsSchema, response: { 200: helpCenterDeleteResponseSchema } }),
      async (req) => {
        await service.deleteArticle(db, app_(req), req.params.id);
        return { code: 'SUCCESS' as const, message: 'Article deleted' };
      },
    );

    app.post(
      HELP_CENTER_PATHS.articleMove,
      content({
        params: helpCenterIdParamsSchema,
        body: articleMoveRequestSchema,
        response: { 200: articleMoveResponseSchema },
      }),
      async (req) => ok(await service.moveArticle(db, app_(req), req.params.id, req.body.direction)),
    );

    // Images of articles: stored as attachments (3 MB, real PNG/JPEG/GIF/WebP) and public on the site.
    app.post(
      HELP_CENTER_PATHS.images,
      content({
        consumes: ['multipart/form-data'],
        description: 'A PNG, JPEG, GIF or WebP image of at most 3 MB in the multipart field "file".',
        response: { 200: articleImageResponseSchema },
      }),
      async (req) => {
        const caller = requireAuth(req);
        const meta = await attachments.storeUpload(
          { db, storage: deps.storage, publicUrl },
          caller,
          await readImage(req),
          'image',
        );
        await repo.insertPublicFile(db, caller.applicationId, meta.key);
        return ok({ key: meta.key, url: `${helpCenterSitePath(caller.applicationId)}/files/${meta.key}` });
      },
    );

    app.get(
      HELP_CENTER_PATHS.site,
      content({ response: { 200: helpCenterSiteResponseSchema } }),
      async (req) => ok(await service.getSite(db, app_(req), publicUrl)),
    );
    app.patch(
      HELP_CENTER_PATHS.site,
      {
        ...customization({
          body: helpCenterSiteUpdateRequestSchema,
          response: { 200: helpCenterSiteResponseSchema },
        }),
        // SPEC §6 customDomain: setting a domain needs the plan; clearing it never does.
        preHandler: [
          ctx.authenticate,
          ctx.requirePrivilege('helpcenter.customization'),
          featureGuard(ctx.billing, (req) => (hasDomain(req.body) ? ['customDomain'] : [])),
        ],
      },
      async (req) => {
        const applicationId = app_(req);
        const site = await service.updateSite(db, applicationId, publicUrl, req.body);
        deps.sites.forget(applicationId);
        await deps.domains.refresh();
        return ok(site);
      },
    );

    // Customization (issue 16 item 3): how the public site looks.
    app.get(
      HELP_CENTER_PATHS.customization,
      customization({ response: { 200: helpCenterCustomizationResponseSchema } }),
      async (req) => ok(await service.getCustomization(db, app_(req), publicUrl)),
    );
    app.put(
      HELP_CENTER_PATHS.customization,
      customization({
        body: helpCenterCustomizationRequestSchema,
        response: { 200: helpCenterCustomizationResponseSchema },
      }),
      async (req) => {
        const applicationId = app_(req);
        const saved = await service.updateCustomization(db, applicationId, publicUrl, req.body);
        deps.sites.forget(applicationId);
        return ok(saved);
      },
    );
    // The live preview: the real home page rendered with the unsaved settings (nothing is stored).
    app.post(
      HELP_CENTER_PATHS.customizationPreview,
      customization({
        body: helpCenterCustomizationRequestSchema,
        response: { 200: helpCenterPreviewResponseSchema },
      }),
      async (req) => {
        const applicationId = app_(req);
        await service.checkCustomizationFiles(db, applicationId, req.body);
        const info = await deps.sites.get(applicationId);
        if (!info) throw notFound('Application not found.');
        const sitePath = helpCenterSitePath(applicationId);
        const site = siteView({ ...info, settings: req.body }, applicationId, {
          lang: undefined,
          base: sitePath,
          canonicalBase: `${publicUrl}${sitePath}`,
          widgetOrigin: publicUrl,
          nonce: 'preview',
        });
        return ok({ html: await renderHome(db, site) });
      },
    );
  };
}
