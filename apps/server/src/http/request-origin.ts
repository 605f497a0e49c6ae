import proxyAddr from '@fastify/proxy-addr';
import type { FastifyRequest } from 'fastify';
import type { TrustProxy } from '../platform/config.js';
import { fastifyTrustProxy } from './trust-proxy.js';

/** `host`, `host:port` or `[v6]:port`: anything else in a Host header is not put into a page. */
const HOST_PORT = /^(?:[a-z0-9](?:[a-z0-9.-]*[a-z0-9])?|\[[0-9a-f:.]+\])(?::\d{1,5})?$/i;

const lastEntry = (value: string | string[] | undefined): string | undefined => {
  const joined = Array.isArray(value) ? value.join(',') : value;
  return joined?.split(',').at(-1)?.trim() || undefined;
};

/** Is the socket's peer one of TRUST_PROXY's proxies (hop 0, as Fastify decides for X-Forwarded-*)? */
export function fromTrustedProxy(req: FastifyRequest, setting: TrustProxy): boolean {
  const address = req.socket?.remoteAddress;
  const trust = fastifyTrustProxy(setting);
  if (trust === false || !address) return false;
  const check = typeof trust === 'function' ? trust : proxyAddr.compile(trust);
  return check(address, 0);
}

/**
 * The origin the visitor's browser used for this request (`https://chat.example.com:8443`), for
 * URLs written into pages (the /demo widget snippet, the help center's widget). Behind a trusted
 * proxy (TRUST_PROXY) Fastify already reads X-Forwarded-Proto and X-Forwarded-Host; a proxy that
 * sends the port apart (X-Forwarded-Port, e.g. nginx's `$host` drops it) has it added back. From
 * anyone else the forwarded headers are ignored. A malformed host gives `fallback` (PUBLIC_URL).
 */
export function requestOrigin(req: FastifyRequest, setting: TrustProxy, fallback: string): string {
  const protocol = req.protocol === 'https' ? 'https' : 'http';
  let host = req.host;
  if (!HOST_PORT.test(host)) return fallback;
  const port = fromTrustedProxy(req, setting) ? lastEntry(req.headers['x-forwarded-port']) : undefined;
  const hasPort = /:\d+$/.test(host);
  const defaultPort = protocol === 'https' ? '443' : '80';
  if (port && /^\d{1,5}$/.test(port) && !hasPort && port !== defaultPort) host = `${host}:${port}`;
  return `${protocol}://${host.toLowerCase()}`;
}
