import type { FastifyInstance, FastifyRequest } from 'fastify';
import { isFamilyPath } from '../../http/api-paths.js';
import type { Db } from '../../platform/db/database.js';
import { hostOf, isAllowedSite } from './origin.js';
import { findWidgetApplication } from './service.js';

// CORS for the messaging family and the other paths the platform's web widget calls from a
// customer's page (/rest/ws/…, /users/v3/chat/plugin/settings, /v2/tab/initialize.page, /kb/…).
// One hook answers the preflights and writes the headers; which origins may read an answer
// is the application's allowed-domains setting (Settings → Chat widget configuration), the same
// rule the widget's init and its frame use. These calls carry their token in a header, never a
// cookie, so a page that is refused cannot borrow a visitor's session either way.

const ALLOWED_METHODS = 'GET, HEAD, POST, PUT, PATCH, DELETE';
/** How long a browser may keep a preflight's answer. */
const PREFLIGHT_MAX_AGE_S = 600;
/** How long an application's allowed domains are kept in memory, and for how many applications. */
const DOMAINS_TTL_MS = 30_000;
const DOMAINS_CACHE_MAX = 5_000;

/** The application a request names: Application-Key (the family's header), else appId/applicationId. */
export function applicationOf(req: FastifyRequest): string | null {
  const header = req.headers['application-key'];
  if (typeof header === 'string' && header.trim() !== '') return header.trim();
  // The away message names it in its path (`/applications/{id}/awaymessage`).
  const inPath = /^\/applications\/([^/?#]+)\//.exec(req.url)?.[1];
  if (inPath) {
    try {
      return decodeURIComponent(inPath);
    } catch {
      return null; // A malformed escape: the route answers its own 400/404.
    }
  }
  const query = req.query as Record<string, unknown> | undefined;
  for (const key of ['appId', 'applicationId']) {
    const v = query?.[key];
    if (typeof v === 'string' && v.trim() !== '') return v.trim();
  }
  return null;
}

/** Allowed domains per application, read at most once per TTL (null: no such application). */
function allowedDomainsReader(db: Db, now: () => number = Date.now) {
  const cache = new Map<string, { at: number; domains: readonly string[] | null }>();
  return async (appId: string): Promise<readonly string[] | null> => {
    const hit = cache.get(appId);
    if (hit && now() - hit.at < DOMAINS_TTL_MS) return hit.domains;
    const found = await findWidgetApplication(db, appId);
    const domains = found ? found.settings.configuration.allowedDomains : null;
    if (cache.size >= DOMAINS_CACHE_MAX) cache.clear();
    cache.set(appId, { at: now(), domains });
    return domains;
  };
}

/**
 * Registers CORS on the root instance, before the routes. `ownHosts` are the server's own hosts:
 * its chat frame and /demo page are always allowed.
 *
 * Written here rather than with @fastify/cors (docs/decisions.md, "CORS written in one hook"): its
 * delegator form normalised a fresh options object on every request, Origin or not, with object
 * spreads that add keys (slow in this V8): 2.5-3 % of the server's CPU per send in a profile.
 */
export async function registerPlatformCors(
  app: FastifyInstance,
  deps: { db: Db; publicUrl: string },
): Promise<void> {
  const domainsOf = allowedDomainsReader(deps.db);
  const publicHost = hostOf(deps.publicUrl);
  const allows = async (req: FastifyRequest, origin: string): Promise<boolean> => {
    const appId = applicationOf(req);
    // A preflight names no application (the browser sends no header values): the real request
    // that follows does, and is answered by the rule below.
    if (appId === null) return true;
    const domains = await domainsOf(appId);
    // An unknown application: the route answers its own error, readable by the page.
    if (domains === null) return true;
    const ownHosts = [publicHost, req.host.toLowerCase()].filter((h): h is string => h !== null);
    return isAllowedSite(hostOf(origin), domains, ownHosts);
  };
  app.addHook('onRequest', (req, reply, done) => {
    // Every answer may differ by the page asking: a shared cache must keep them apart.
    reply.header('vary', 'Origin');
    const origin = req.headers.origin;
    // A request without an Origin (every server-to-server call, the SDKs) goes on at once.
    if (!origin || !isFamilyPath(req.url)) {
      done();
      return;
    }
    allows(req, origin).then((allowed) => {
      // A refused page gets no header: its browser keeps the answer from it.
      if (!allowed) return done();
      reply.header('access-control-allow-origin', origin);
      if (req.method !== 'OPTIONS') return done();
      // A preflight is answered here, before authentication (the browser sends no credentials).
      reply.header('vary', 'Origin, Access-Control-Request-Headers');
      reply.header('access-control-allow-methods', ALLOWED_METHODS);
      const asked = req.headers['access-control-request-headers'];
      if (asked !== undefined) reply.header('access-control-allow-headers', asked);
      reply.header('access-control-max-age', String(PREFLIGHT_MAX_AGE_S));
      // Safari waits for a body on a 204 without a length.
      reply.code(204).header('content-length', '0').send();
    }, done);
  });
  // Any other OPTIONS request (no Origin, a refused page, another path) is an unknown route, as
  // the plugin answered it; an allowed preflight never reaches this (the hook answered it).
  app.options('*', { schema: { hide: true } }, (_req, reply) => reply.callNotFound());
}
