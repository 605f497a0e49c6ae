import { randomBytes } from 'node:crypto';
import {
  type HelpCenterLanguage,
  helpCenterSitePath,
  publicSearchQuerySchema,
  publicSearchResponseSchema,
} from '@convo/api';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound as notFoundError } from '../../../http/errors.js';
import { PUBLIC_ROUTE } from '../../../http/route-context.js';
import type { Db } from '../../../platform/db/database.js';
import type { FileStorage } from '../../../platform/storage/storage.js';
import { prefixQuery, sanitizeArticleHtml, snippetOf } from '../content-html.js';
import * as repo from '../repository.js';
import { isLanguage, siteFileUrl } from '../service.js';
import * as render from './render.js';
import type { SiteCache, SiteInfo } from './site-cache.js';

// The public help center of each application, server-rendered: /hc/<applicationId>/… on this
// server, and the same pages at / of its custom domain (rewritten before routing, see site-cache).

export interface PublicSiteDeps {
  db: Db;
  storage: FileStorage;
  publicUrl: string;
  sites: SiteCache;
}

const appParams = z.object({ applicationId: z.string().min(1).max(64) });
const slugParams = appParams.extend({ slug: z.string().min(1).max(200) });
const langQuery = z
  .object({ lang: z.string().max(10).optional(), rated: z.string().max(3).optional() })
  .passthrough();
const searchPageQuery = z.object({ lang: z.string().max(10).optional(), q: z.string().max(200).default('') });
const feedbackBody = z.object({ helpful: z.enum(['yes', 'no']) });
const fileParams = appParams.extend({ key: z.uuid() });

const PAGE_CACHE = 'public, max-age=60';

/**
 * Searches per client address a minute, on each search route: search as you type sends one request
 * per pause in typing (a question is a handful), so this leaves room for an office behind one
 * address while a script looping on the full-text search is answered 429 RATE_LIMITED.
 */
export const SEARCH_LIMIT = { max: 120, timeWindow: 60_000 } as const;

function csp(nonce: string, widgetOrigin: string) {
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}' ${widgetOrigin}`,
    "style-src 'self' 'unsafe-inline'",
    `img-src 'self' data: https: ${widgetOrigin}`,
    `connect-src 'self' ${widgetOrigin}`,
    `frame-src 'self' ${widgetOrigin}`,
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'self'",
  ].join('; ');
}

/**
 * The view of a site for one page: the asked language when the site shows it, else its default
 * language (or the first shown when the default is hidden); the customization as its theme.
 */
export function siteView(
  info: SiteInfo,
  applicationId: string,
  at: {
    lang: string | undefined;
    base: string;
    canonicalBase: string;
    widgetOrigin: string;
    nonce: string;
  },
): render.SiteView {
  const settings = info.settings;
  const shown: readonly HelpCenterLanguage[] = settings.languages;
  const shows = (l: string | null | undefined): l is HelpCenterLanguage =>
    !!l && isLanguage(l) && shown.includes(l);
  const fallback = shows(info.defaultLanguage) ? info.defaultLanguage : (shown[0] ?? 'en');
  return {
    name: settings.title || info.name,
    applicationId,
    language: shows(at.lang) ? at.lang : fallback,
    base: at.base,
    canonicalBase: at.canonicalBase,
    widgetOrigin: at.widgetOrigin,
    widgetVariant: info.product === 'agent' ? 'agentic' : 'classic',
    nonce: at.nonce,
    languages: shown,
    theme: {
      primaryColor: settings.primaryColor,
      logoUrl: siteFileUrl(applicationId, settings.logoKey),
      faviconUrl: siteFileUrl(applicationId, settings.faviconKey),
      headerLinks: settings.headerLinks,
      footerText: settings.footerText,
    },
  };
}

/** A category's name and description in the site's language, when it was given one (else English). */
export function localizedCategory(
  category: Pick<repo.CategoryRow, 'name' | 'description' | 'slug'>,
  translation: Pick<repo.CategoryTranslationRow, 'name' | 'description'> | undefined,
): { name: string; description: string; slug: string } {
  return translation?.name
    ? { name: translation.name, description: translation.description, slug: category.slug }
    : { name: category.name, description: category.description, slug: category.slug };
}

/** The home page: categories with their first articles, then the uncategorized ones. */
export async function renderHome(db: Db, site: render.SiteView): Promise<string> {
  const applicationId = site.applicationId;
  const [categories, counts, titles, translations] = await Promise.all([
    repo.listCategories(db, applicationId),
    repo.countPublishedByCategory(db, applicationId, site.language),
    repo.listPublishedTitles(db, applicationId, site.language, undefined, 400),
    repo.listCategoryTranslations(db, applicationId, site.language),
  ]);
  const count = new Map(counts.map((c) => [c.categoryId, c.n]));
  const translated = new Map(translations.map((t) => [t.categoryId, t]));
  const view = categories.map(({ category }) => ({
    ...localizedCategory(category, translated.get(category.id)),
    count: count.get(category.id) ?? 0,
    top: titles.filter((t) => t.categoryId === category.id).slice(0, 5),
  }));
  const uncategorized = titles.filter((t) => t.categoryId === null).slice(0, 10);
  return render.homePage(site, view, uncategorized);
}

export function publicSiteRoutes(deps: PublicSiteDeps): FastifyPluginAsyncZod {
  return async (app) => {
    // The feedback form posts as a plain HTML form when JavaScript is off.
    app.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string' },
      (_req, body, done) => {
        done(
          null,
          Object.fromEntries(new URLSearchParams(typeof body === 'string' ? body : body.toString())),
        );
      },
    );

    /** The site's view of a request, or null when the application does not exist. */
    async function siteOf(req: FastifyRequest, applicationId: string, lang: string | undefined) {
      const info = await deps.sites.get(applicationId);
      if (!info) return null;
      const viaDomain = !req.originalUrl.startsWith('/hc/');
      const ownOrigin = `${req.protocol}://${req.host}`;
      const sitePath = helpCenterSitePath(applicationId);
      return siteView(info, applicationId, {
        lang,
        base: viaDomain ? '' : sitePath,
        // Custom domains are served over TLS by the proxy in front of them.
        canonicalBase: info.domain ? `https://${info.domain}` : `${deps.publicUrl}${sitePath}`,
        widgetOrigin: viaDomain ? deps.publicUrl : ownOrigin,
        nonce: randomBytes(12).toString('base64'),
      });
    }

    const html = (reply: FastifyReply, site: render.SiteView, body: string, status = 200) =>
      reply
        .status(status)
        .header('content-security-policy', csp(site.nonce, site.widgetOrigin))
        .header('cache-control', status === 200 ? PAGE_CACHE : 'no-cache')
        .type('text/html; charset=utf-8')
        .send(body);
    const unknownSite = (reply: FastifyReply) =>
      reply
        .status(404)
        .header('cache-control', 'no-cache')
        .type('text/html; charset=utf-8')
        .send(render.unknownSitePage());
    const notFound = (reply: FastifyReply, site: render.SiteView) =>
      html(reply, site, render.notFoundPage(site), 404);

    const opts = { schema: { hide: true }, config: PUBLIC_ROUTE } as const;

    app.get(
      '/hc/:applicationId',
      { ...opts, schema: { hide: true, params: appParams, querystring: langQuery } },
      async (req, reply) => {
        const { applicationId } = req.params;
        const site = await siteOf(req, applicationId, req.query.lang);
        if (!site) return unknownSite(reply);
        return html(reply, site, await renderHome(deps.db, site));
      },
    );

    app.get(
      '/hc/:applicationId/search',
      {
        schema: { hide: true, params: appParams, querystring: searchPageQuery },
        config: { ...PUBLIC_ROUTE, rateLimit: SEARCH_LIMIT },
      },
      async (req, reply) => {
        const { applicationId } = req.params;
        const site = await siteOf(req, applicationId, req.query.lang);
        if (!site) return unknownSite(reply);
        const tsquery = prefixQuery(req.query.q);
        const rows = tsquery
          ? await repo.searchPublished(deps.db, applicationId, site.language, tsquery, 20)
          : [];
        const results = rows.map((r) => ({
          title: r.title,
          slug: r.slug,
          snippet: snippetOf(r.text, req.query.q),
        }));
        return html(reply, site, render.searchPage(site, req.query.q, results));
      },
    );

    app.get(
      '/hc/:applicationId/search.json',
      {
        schema: {
          hide: true,
          params: appParams,
          querystring: publicSearchQuerySchema,
          response: { 200: publicSearchResponseSchema },
        },
        config: { ...PUBLIC_ROUTE, rateLimit: SEARCH_LIMIT },
      },
      async (req, reply) => {
        const { applicationId } = req.params;
        const site = await siteOf(req, applicationId, req.query.lang);
        if (!site) throw notFoundError('No help center here.');
        const tsquery = prefixQuery(req.query.q);
        const rows = tsquery
          ? await repo.searchPublished(deps.db, applicationId, site.language, tsquery, 8)
          : [];
        reply.header('cache-control', 'public, max-age=30');
        return {
          results: rows.map((r) => ({
            title: r.title,
            url: render.articleHref(site, r.slug),
            snippet: snippetOf(r.text, req.query.q),
          })),
        };
      },
    );

    app.get(
      '/hc/:applicationId/categories/:slug',
      { ...opts, schema: { hide: true, params: slugParams, querystring: langQuery } },
      async (req, reply) => {
        const { applicationId, slug } = req.params;
        const site = await siteOf(req, applicationId, req.query.lang);
        if (!site) return unknownSite(reply);
        const category = await repo.findCategoryBySlug(deps.db, applicationId, slug);
        if (!category) return notFound(reply, site);
        const [items, translation] = await Promise.all([
          repo.listPublishedTitles(deps.db, applicationId, site.language, category.id, 500),
          repo.findCategoryTranslation(deps.db, applicationId, category.id, site.language),
        ]);
        return html(reply, site, render.categoryPage(site, localizedCategory(category, translation), items));
      },
    );

    app.get(
      '/hc/:applicationId/articles/:slug',
      { ...opts, schema: { hide: true, params: slugParams, querystring: langQuery } },
      async (req, reply) => {
        const { applicationId, slug } = req.params;
        const site = await siteOf(req, applicationId, req.query.lang);
        if (!site) return unknownSite(reply);
        const article = await repo.findPublishedArticle(deps.db, applicationId, site.language, slug);
        if (!article) return notFound(reply, site);
        const [category, alternates, translation] = await Promise.all([
          article.categoryId ? repo.findCategory(deps.db, applicationId, article.categoryId) : undefined,
          repo.listPublishedTranslations(deps.db, applicationId, article.translationGroupId),
          article.categoryId
            ? repo.findCategoryTranslation(deps.db, applicationId, article.categoryId, site.language)
            : undefined,
        ]);
        const body = render.articlePage(
          site,
          {
            title: article.title,
            slug: article.slug,
            // The same whitelist again: rows written by any path are rendered safely.
            html: sanitizeArticleHtml(article.bodyHtml),
            text: article.bodyText,
            updatedAt: article.updatedAt,
          },
          {
            rated: req.query.rated === '1',
            category: category ? localizedCategory(category, translation) : null,
            alternates: alternates.filter(
              (a) => a.language !== site.language && site.languages.includes(a.language),
            ),
          },
        );
        if (req.query.rated === '1') reply.header('cache-control', 'no-cache');
        return html(reply, site, body);
      },
    );

    app.post(
      '/hc/:applicationId/articles/:slug/feedback',
      {
        schema: { hide: true, params: slugParams, querystring: langQuery, body: feedbackBody },
        config: { ...PUBLIC_ROUTE, rateLimit: { max: 30, timeWindow: '1 minute' } },
      },
      async (req, reply) => {
        const { applicationId, slug } = req.params;
        const site = await siteOf(req, applicationId, req.query.lang);
        if (!site) return unknownSite(reply);
        const counted = await repo.recordFeedback(
          deps.db,
          applicationId,
          site.language,
          slug,
          req.body.helpful === 'yes',
        );
        if (!counted) return notFound(reply, site);
        if ((req.headers.accept ?? '').includes('application/json')) return reply.send({ code: 'SUCCESS' });
        const back = `${render.articleHref(site, slug)}&rated=1#feedback`;
        return reply.status(303).header('location', back).send();
      },
    );

    app.get(
      '/hc/:applicationId/sitemap.xml',
      { ...opts, schema: { hide: true, params: appParams } },
      async (req, reply) => {
        const { applicationId } = req.params;
        const site = await siteOf(req, applicationId, undefined);
        if (!site) return unknownSite(reply);
        // Languages the site does not show are not offered to search engines either.
        const rows = (await repo.listSitemap(deps.db, applicationId)).filter((r) =>
          site.languages.includes(r.language),
        );
        return reply
          .header('cache-control', 'public, max-age=300')
          .type('application/xml; charset=utf-8')
          .send(render.sitemapXml(site.canonicalBase, rows));
      },
    );

    app.get(
      '/hc/:applicationId/robots.txt',
      { ...opts, schema: { hide: true, params: appParams } },
      async (req, reply) => {
        const site = await siteOf(req, req.params.applicationId, undefined);
        if (!site) return unknownSite(reply);
        return reply
          .type('text/plain; charset=utf-8')
          .send(`User-agent: *\nAllow: /\nSitemap: ${site.canonicalBase}/sitemap.xml\n`);
      },
    );

    app.get(
      '/hc/:applicationId/files/:key',
      { ...opts, schema: { hide: true, params: fileParams } },
      async (req, reply) => {
        const { applicationId, key } = req.params;
        const file = await repo.findPublicFile(deps.db, applicationId, key.toLowerCase());
        const object = file ? await deps.storage.get(file.storageKey) : null;
        if (!file || !object)
          return reply.status(404).send({ code: 'NOT_FOUND', message: 'File not found.' });
        reply
          .header('content-type', file.contentType)
          .header('cache-control', 'public, max-age=86400, immutable')
          .header('content-security-policy', "default-src 'none'; sandbox");
        if (object.size > 0) reply.header('content-length', object.size);
        return reply.send(object.stream);
      },
    );

    // Anything else under a site: its own 404 page, not the dashboard.
    app.get(
      '/hc/:applicationId/*',
      { ...opts, schema: { hide: true, params: appParams.passthrough(), querystring: langQuery } },
      async (req, reply) => {
        const site = await siteOf(req, req.params.applicationId, req.query.lang);
        if (!site) return unknownSite(reply);
        return notFound(reply, site);
      },
    );
  };
}
