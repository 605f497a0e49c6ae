import dns from 'node:dns';
import https from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import { Agent, buildConnector } from 'undici';
import { addressAllowed, DEFAULT_POLICY, hostAllowed, type OutboundPolicy } from './policy.js';
import { blockedRangeOf } from './ranges.js';

// The one way the server reaches an address a tenant chose (webhooks, LLM base URLs, SSO, mail
// servers, push endpoints, fulfillment, the crawler). The host is resolved once, every address it
// resolves to is checked, and the socket connects to a checked address: there is no second
// resolution an attacker's DNS could answer differently (rebinding). Redirects are followed by
// hand and every hop goes through the same check. What the tenant is told never names what
// answered: a refused address and a closed port read the same.

/** The text tenants see for any failure to connect (never the socket's error). */
export const OUTBOUND_FAILURE = 'could not reach the address';

export type OutboundReason = 'refused' | 'unreachable' | 'scheme' | 'redirect';

export class OutboundError extends Error {
  constructor(
    readonly reason: OutboundReason,
    /** For the server's log only: may name ranges, hosts and socket errors. */
    readonly detail: string,
    message: string = OUTBOUND_FAILURE,
  ) {
    super(message);
    this.name = 'OutboundError';
  }
}

/** The OutboundError somewhere in an error's `cause` chain (SDKs wrap what `fetch` threw). */
export function outboundErrorIn(err: unknown): OutboundError | null {
  let current: unknown = err;
  for (let depth = 0; depth < 8 && current; depth++) {
    if (current instanceof OutboundError) return current;
    current = current instanceof Error ? (current as { cause?: unknown }).cause : undefined;
  }
  return null;
}

const isTimeout = (err: unknown) =>
  err instanceof Error && (err.name === 'TimeoutError' || err.name === 'AbortError');

/** A network failure as tenants may see it: timeouts stay timeouts, anything else is an OutboundError. */
export function toOutboundError(err: unknown): Error {
  if (isTimeout(err)) return err as Error;
  const found = outboundErrorIn(err);
  if (found) return found;
  const cause = err instanceof Error ? (err as { cause?: unknown }).cause : undefined;
  const code = (cause ?? err) as { code?: unknown; message?: unknown };
  const detail = [code.code, code.message].filter((v) => typeof v === 'string').join(': ');
  return new OutboundError('unreachable', detail || String(err));
}

export type Resolver = (host: string) => Promise<dns.LookupAddress[]>;

export interface OutboundOptions {
  /** Read on every connection, so the operator's setting applies to agents made before it. */
  policy?: (() => OutboundPolicy) | undefined;
  /** How names are resolved (tests answer differently on each call to show there is one). */
  resolve?: Resolver | undefined;
  /** Redirects a fetch follows at most (default 5). */
  maxRedirects?: number | undefined;
}

const WEB_SCHEMES = new Set(['http:', 'https:']);
const REDIRECTS = new Set([301, 302, 303, 307, 308]);
/** Headers a redirect to another origin must not carry along. */
const CREDENTIAL_HEADERS = ['authorization', 'proxy-authorization', 'cookie'];

const bareHost = (host: string) => host.replace(/^\[|\]$/g, '');

/** Why a tenant's URL can never be fetched (not http(s), or an address literal that is blocked), or null. */
export function webUrlProblem(value: string, policy: OutboundPolicy = DEFAULT_POLICY): string | null {
  if (!URL.canParse(value)) return 'is not a URL';
  const url = new URL(value);
  if (!WEB_SCHEMES.has(url.protocol)) return 'must be an http:// or https:// address';
  if (url.username || url.password) return 'must not carry a user name or password';
  return hostProblem(url.hostname, policy);
}

/** Why a host (a literal address) is refused, or null; names are checked when resolved. */
export function hostProblem(host: string, policy: OutboundPolicy = DEFAULT_POLICY): string | null {
  const bare = bareHost(host.trim());
  if (bare === '') return 'has no host';
  if (isIP(bare) && blockedRangeOf(bare) && !addressAllowed(policy, bare))
    return 'is on a private or reserved network';
  if (!isIP(bare) && bare.toLowerCase() === 'localhost' && !hostAllowed(policy, bare))
    return 'is on a private or reserved network';
  return null;
}

export interface Outbound {
  /** Resolves a host once and checks every address; the addresses to connect to. */
  resolve(host: string): Promise<dns.LookupAddress[]>;
  /** A `lookup` for net/tls/http agents: the socket connects to what was checked. */
  lookup: LookupFunction;
  /** `fetch` for tenants' addresses: checked connections, redirects followed by hand and re-checked. */
  fetch: typeof globalThis.fetch;
  /** For libraries built on `https.request` (web-push). Checks names; `assertUrl` checks literals. */
  httpsAgent: https.Agent;
  /** Refuses a URL that is not http(s) or whose host is refused, before a library connects to it. */
  assertUrl(value: string): Promise<void>;
  policy(): OutboundPolicy;
  /** Ends the kept-alive connections (requests in flight finish first). */
  close(): Promise<void>;
}

export function createOutbound(options: OutboundOptions = {}): Outbound {
  const policy = options.policy ?? (() => DEFAULT_POLICY);
  const resolveName: Resolver =
    options.resolve ?? ((host) => dns.promises.lookup(host, { all: true, verbatim: true }));
  const maxRedirects = options.maxRedirects ?? 5;

  function checkAddress(host: string, address: string): void {
    const range = blockedRangeOf(address);
    if (range && !addressAllowed(policy(), address))
      throw new OutboundError('refused', `${host} → ${address} is in ${range.cidr} (${range.why})`);
  }

  async function resolve(host: string): Promise<dns.LookupAddress[]> {
    const bare = bareHost(host);
    const family = isIP(bare);
    if (family !== 0) {
      checkAddress(bare, bare);
      return [{ address: bare, family }];
    }
    let addresses: dns.LookupAddress[];
    try {
      addresses = await resolveName(bare);
    } catch (err) {
      throw new OutboundError('unreachable', `${bare}: ${(err as { code?: string }).code ?? String(err)}`);
    }
    if (addresses.length === 0) throw new OutboundError('unreachable', `${bare}: no address`);
    if (hostAllowed(policy(), bare)) return addresses;
    // Every address, not only the first: the socket may try the others (happy eyeballs).
    for (const a of addresses) checkAddress(bare, a.address);
    return addresses;
  }

  const lookup: LookupFunction = (hostname, opts, callback) => {
    resolve(hostname).then(
      (all) => {
        const family = opts.family === 'IPv4' ? 4 : opts.family === 'IPv6' ? 6 : opts.family;
        const wanted = family === 4 || family === 6 ? all.filter((a) => a.family === family) : all;
        const first = wanted[0];
        if (!first) {
          callback(new OutboundError('unreachable', `${hostname}: no IPv${family} address`), '', 0);
        } else if (opts.all) callback(null, wanted);
        else callback(null, first.address, first.family);
      },
      (err: Error) => callback(err, '', 0),
    );
  };

  const connector = buildConnector({ lookup, timeout: 10_000 });
  // An address literal never reaches `lookup` (net skips it): the connector checks it.
  const agent = new Agent({
    connect: (opts, callback) => {
      const host = bareHost(opts.hostname);
      if (isIP(host)) {
        try {
          checkAddress(host, host);
        } catch (err) {
          callback(err as Error, null);
          return;
        }
      }
      connector(opts, callback);
    },
  });

  const guardedFetch = async (input: string | URL | Request, init: RequestInit = {}): Promise<Response> => {
    const mode = init.redirect ?? 'follow';
    let url = new URL(input instanceof Request ? input.url : String(input));
    let method = (init.method ?? (input instanceof Request ? input.method : 'GET')).toUpperCase();
    let body = init.body;
    const headers = new Headers(init.headers ?? (input instanceof Request ? input.headers : undefined));
    for (let hop = 0; ; hop++) {
      if (!WEB_SCHEMES.has(url.protocol))
        throw new OutboundError(
          'scheme',
          `${url.protocol} is not http(s)`,
          'the address must be http or https',
        );
      let res: Response;
      try {
        res = await fetch(url, {
          ...init,
          method,
          body,
          headers,
          redirect: 'manual',
          // Node's fetch takes an undici dispatcher; the DOM type does not know it.
          dispatcher: agent,
        } as RequestInit);
      } catch (err) {
        throw toOutboundError(err);
      }
      if (mode === 'manual' || !REDIRECTS.has(res.status) || !res.headers.has('location')) return res;
      await res.body?.cancel().catch(() => undefined);
      if (mode === 'error' || hop >= maxRedirects) {
        throw new OutboundError('redirect', `redirect ${hop + 1} from ${url.href}`, 'the address redirects');
      }
      const next = new URL(res.headers.get('location') ?? '', url);
      if (next.origin !== url.origin) for (const h of CREDENTIAL_HEADERS) headers.delete(h);
      if (res.status === 303 || ((res.status === 301 || res.status === 302) && method === 'POST')) {
        method = 'GET';
        body = undefined;
        headers.delete('content-type');
        headers.delete('content-length');
      }
      url = next;
    }
  };

  const httpsAgent = new https.Agent({ lookup, keepAlive: false });

  return {
    resolve,
    lookup,
    fetch: guardedFetch as typeof globalThis.fetch,
    httpsAgent,
    async assertUrl(value) {
      const url = URL.canParse(value) ? new URL(value) : null;
      if (!url || !WEB_SCHEMES.has(url.protocol))
        throw new OutboundError('scheme', `${value} is not http(s)`, 'the address must be http or https');
      await resolve(url.hostname);
    },
    policy,
    async close() {
      httpsAgent.destroy();
      await agent.close();
    },
  };
}
