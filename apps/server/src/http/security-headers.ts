import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppConfig } from '../platform/config.js';

// Response headers that make the browser enforce what the server already promises: nothing we
// serve is sniffed into a script, the dashboard runs only its own scripts and is never framed,
// the chat widget frame may be framed by customers' sites, and https stays https.

/** The dashboard's policy after its script-src (see dashboardCsp). */
const DASHBOARD_CSP_REST = [
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob: https:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "media-src 'self' blob: https:",
  "frame-src 'self'",
  "worker-src 'self'",
  "manifest-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
];

/**
 * The dashboard (a Vite build: module scripts from /assets) and the API docs. Inline scripts run
 * only when their hash is listed ('sha256-…'): index.html's early start
 * (apps/dashboard/src/app/early/early-start.ts), hashed as registerDashboard reads the build.
 * Styles allow 'unsafe-inline' because Mantine and the boot spinner set style attributes and
 * <style> elements; images allow https: for avatars and S3 file links.
 */
export function dashboardCsp(scriptHashes: readonly string[]): string {
  const scripts = ["script-src 'self'", ...scriptHashes.map((hash) => `'${hash}'`)].join(' ');
  return ["default-src 'self'", scripts, ...DASHBOARD_CSP_REST].join('; ');
}

export const DASHBOARD_CSP = dashboardCsp([]);

/** The CSP hash ('sha256-…') of each inline script of a page (a <script> without src). */
export function inlineScriptHashes(html: string): string[] {
  return Array.from(html.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/gi), (match) => {
    const digest = createHash('sha256')
      .update(match[1] ?? '', 'utf8')
      .digest('base64');
    return `sha256-${digest}`;
  });
}

/** The widget's pages under /widget/: the same, except that any site may frame them. */
export const WIDGET_CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob: https:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "media-src 'self' blob: https:",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  'frame-ancestors *',
].join('; ');

/** JSON is data: opened directly it can load nothing and be framed nowhere. */
export const API_CSP = "default-src 'none'; frame-ancestors 'none'";

export const HSTS = 'max-age=31536000';
export const REFERRER_POLICY = 'strict-origin-when-cross-origin';

/** Pages that carry their own policy or none: the demo store stands in for a customer's site. */
const WIDGET_PREFIX = '/widget/';
const OWN_POLICY_PATHS = ['/demo'];

/**
 * A route's own policy wins. If it names no default-src (the widget frame sets only its allowed
 * frame-ancestors), the baseline fills the directives it left out.
 */
export function mergeCsp(own: string, baseline: string): string {
  const directives = own
    .split(';')
    .map((d) => d.trim())
    .filter(Boolean);
  const names = new Set(directives.map((d) => d.split(/\s+/)[0]!.toLowerCase()));
  if (names.has('default-src')) return own;
  for (const d of baseline.split('; ')) {
    const name = d.split(' ')[0]!;
    if (!names.has(name)) directives.push(d);
  }
  return directives.join('; ');
}

function contentTypeOf(reply: FastifyReply): string {
  const value = reply.getHeader('content-type');
  return typeof value === 'string' ? value.toLowerCase() : '';
}

function setPolicy(reply: FastifyReply, baseline: string) {
  const own = reply.getHeader('content-security-policy');
  reply.header('content-security-policy', typeof own === 'string' ? mergeCsp(own, baseline) : baseline);
}

export function applySecurityHeaders(request: FastifyRequest, reply: FastifyReply, https: boolean): void {
  reply.header('x-content-type-options', 'nosniff');
  if (!reply.hasHeader('referrer-policy')) reply.header('referrer-policy', REFERRER_POLICY);
  if (https) reply.header('strict-transport-security', HSTS);

  const path = request.url.split('?')[0] ?? '/';
  if (OWN_POLICY_PATHS.some((p) => path === p || path.startsWith(`${p}/`))) return;
  const type = contentTypeOf(reply);
  if (path.startsWith(WIDGET_PREFIX)) {
    // Embedded on customers' sites: never x-frame-options here.
    if (type.startsWith('text/html')) setPolicy(reply, WIDGET_CSP);
    return;
  }
  if (type.startsWith('text/html')) {
    setPolicy(reply, DASHBOARD_CSP);
    reply.header('x-frame-options', 'DENY');
    reply.header('cross-origin-opener-policy', 'same-origin');
  } else if (type.startsWith('application/json') && !reply.hasHeader('content-security-policy')) {
    reply.header('content-security-policy', API_CSP);
  }
}

/**
 * Registers the headers on every response (routes, plugins, 404s and errors). HSTS follows
 * PUBLIC_URL: an https public address means the install is served over TLS (directly or behind a
 * proxy); a forwarded header alone is the caller's to forge, and over plain http it is ignored.
 */
export function registerSecurityHeaders(app: FastifyInstance, config: AppConfig): void {
  const https = config.publicUrl.startsWith('https:');
  app.addHook('onSend', async (request, reply) => {
    applySecurityHeaders(request, reply, https);
  });
}
