import { createOutbound, type Outbound } from './guard.js';
import { DEFAULT_POLICY, type OutboundPolicy, policyOf } from './policy.js';

export {
  createOutbound,
  hostProblem,
  OUTBOUND_FAILURE,
  type Outbound,
  OutboundError,
  outboundErrorIn,
  toOutboundError,
  webUrlProblem,
} from './guard.js';
export { allowEntryProblem, DEFAULT_POLICY, type OutboundPolicy, policyOf } from './policy.js';
export { BLOCKED_RANGES, blockedRangeOf } from './ranges.js';
export { readBodyBounded } from './read-bounded.js';

// The server's one guard, shared by every module. Like the mail links, it is configured once at
// start from OUTBOUND_ALLOW (buildApp); until then, and by default, it allows no internal address.

let current: OutboundPolicy = DEFAULT_POLICY;
let instance: Outbound = createOutbound({ policy: () => current });

/**
 * Sets OUTBOUND_ALLOW. A fresh guard takes over, so no connection kept alive under the old setting
 * is reused under the new one (tests switch it; a server sets it once at start).
 */
export function configureOutbound(allow: readonly string[]): void {
  current = policyOf(allow);
  const old = instance;
  instance = createOutbound({ policy: () => current });
  void old.close();
}

export const outboundPolicy = (): OutboundPolicy => current;

export const outbound: Outbound = {
  resolve: (host) => instance.resolve(host),
  lookup: (hostname, options, callback) => instance.lookup(hostname, options, callback),
  fetch: (input, init) => instance.fetch(input, init),
  get httpsAgent() {
    return instance.httpsAgent;
  },
  assertUrl: (value) => instance.assertUrl(value),
  policy: outboundPolicy,
  close: () => instance.close(),
};
