import type { TrustProxy } from '../platform/config.js';

type TrustFunction = (address: string, hop: number) => boolean;

/**
 * TRUST_PROXY as Fastify's option. Fastify ignores a bare hop count (it fails closed), so a count
 * becomes proxy-addr's function: the first `hops` peers, the socket's own peer being hop 0, are
 * proxies. A count cannot check who the peer is: only for servers reachable through the proxy alone.
 */
export function fastifyTrustProxy(setting: TrustProxy): false | string[] | TrustFunction {
  if (typeof setting === 'number') return (_address, hop) => hop < setting;
  return setting;
}
