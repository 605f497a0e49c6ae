// Which sites may embed an application's widget (configuration.allowedDomains). An entry
// `example.com` allows that host and its subdomains; `*.example.com` only the subdomains; a port,
// when given, must match too. An empty list allows any site.

/** The `host[:port]` of an Origin or Referer header, lower-cased; null when it is not an http(s) URL. */
export function hostOf(originOrUrl: string | undefined): string | null {
  if (!originOrUrl) return null;
  try {
    const url = new URL(originOrUrl);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
    return url.host.toLowerCase();
  } catch {
    return null;
  }
}

function splitPort(hostPort: string): { host: string; port: string | null } {
  const i = hostPort.lastIndexOf(':');
  return i > 0 && /^\d+$/.test(hostPort.slice(i + 1))
    ? { host: hostPort.slice(0, i), port: hostPort.slice(i + 1) }
    : { host: hostPort, port: null };
}

export function matchesAllowedDomain(hostPort: string, entry: string): boolean {
  const site = splitPort(hostPort.toLowerCase());
  const rule = splitPort(entry.toLowerCase());
  if (rule.port !== null && rule.port !== site.port) return false;
  if (rule.host.startsWith('*.')) return site.host.endsWith(rule.host.slice(1));
  return site.host === rule.host || site.host.endsWith(`.${rule.host}`);
}

/**
 * May a page at `hostPort` (null: the browser said nothing) use the widget? Our own host is always
 * allowed: the chat app itself and the /demo page live there.
 */
export function isAllowedSite(
  hostPort: string | null,
  allowedDomains: readonly string[],
  ownHosts: readonly string[],
): boolean {
  if (allowedDomains.length === 0) return true;
  if (hostPort === null) return false;
  if (ownHosts.includes(hostPort)) return true;
  return allowedDomains.some((d) => matchesAllowedDomain(hostPort, d));
}

/**
 * The Content-Security-Policy frame-ancestors of the chat frame: the browser itself then refuses
 * to show our iframe inside a site that is not allowed (the iframe snippet has no loader).
 */
export function frameAncestors(allowedDomains: readonly string[]): string {
  if (allowedDomains.length === 0) return 'frame-ancestors *';
  const sources = new Set<string>(["'self'"]);
  for (const d of allowedDomains) {
    if (d.startsWith('*.')) sources.add(d);
    else {
      sources.add(d);
      const { host, port } = splitPort(d);
      sources.add(`*.${host}${port ? `:${port}` : ''}`);
    }
  }
  return `frame-ancestors ${[...sources].join(' ')}`;
}
