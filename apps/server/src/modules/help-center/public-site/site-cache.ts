import type { HelpCenterCustomization } from '@convo/api';
import type { Db } from '../../../platform/db/database.js';
import * as repo from '../repository.js';
import { readCustomization } from '../service.js';

// The public site reads the same few facts on every page; a short per-node cache keeps them off
// the hot path. A change made on this node is seen at once (`forget`), on other nodes within TTL.

export interface SiteInfo {
  name: string;
  product: string;
  domain: string | null;
  defaultLanguage: string;
  settings: HelpCenterCustomization;
}

const TTL_MS = 5_000;

export function createSiteCache(db: Db, now: () => number = Date.now) {
  const entries = new Map<string, { at: number; info: SiteInfo | null }>();
  return {
    async get(applicationId: string): Promise<SiteInfo | null> {
      const hit = entries.get(applicationId);
      if (hit && now() - hit.at < TTL_MS) return hit.info;
      const row = await repo.findSiteInfo(db, applicationId);
      const info = row
        ? {
            name: row.name,
            product: row.product,
            domain: row.domain,
            defaultLanguage: row.defaultLanguage ?? 'en',
            settings: readCustomization(row.settings),
          }
        : null;
      if (entries.size > 10_000) entries.clear();
      entries.set(applicationId, { at: now(), info });
      return info;
    },
    forget(applicationId: string) {
      entries.delete(applicationId);
    },
  };
}
export type SiteCache = ReturnType<typeof createSiteCache>;

/**
 * Custom domains → application, read synchronously while routing (Fastify's rewriteUrl cannot
 * wait). Loaded at start, reloaded every 10 s and at once after a change on this node.
 */
export function createDomainMap(db: Db, refreshMs = 10_000) {
  let map = new Map<string, string>();
  let timer: NodeJS.Timeout | null = null;
  const refresh = async () => {
    const rows = await repo.listDomains(db);
    map = new Map(rows.map((r) => [r.domain, r.applicationId]));
  };
  return {
    refresh,
    lookup: (host: string | undefined): string | undefined => {
      if (!host || map.size === 0) return undefined;
      return map.get(host.toLowerCase().replace(/:\d+$/, '').replace(/\.$/, ''));
    },
    start() {
      timer = setInterval(() => {
        refresh().catch(() => undefined);
      }, refreshMs);
      timer.unref();
    },
    stop() {
      if (timer) clearInterval(timer);
      timer = null;
    },
  };
}
export type DomainMap = ReturnType<typeof createDomainMap>;

/** Paths a custom domain leaves alone: the API, the widget and the sites' own /hc/ paths (images). */
const NOT_REWRITTEN = ['/api/', '/rest/', '/ws', '/widget/', '/hc/', '/health'];

/** The URL to route: a custom domain's paths are its site's (`/x` → `/hc/<applicationId>/x`). */
export function rewriteForDomain(
  domains: DomainMap,
  req: { url?: string; headers: Record<string, string | string[] | undefined> },
): string {
  const url = req.url ?? '/';
  const host = req.headers.host;
  const applicationId = domains.lookup(typeof host === 'string' ? host : undefined);
  if (!applicationId || NOT_REWRITTEN.some((p) => url.startsWith(p))) return url;
  return `/hc/${encodeURIComponent(applicationId)}${url}`;
}
