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

// The server's one guard, shared by every module. Like the mail links, it is configured once at
// start from OUTBOUND_ALLOW (buildApp); until then, and by default, it allows no internal address.

let current: OutboundPolicy = DEFAULT_POLICY;

export function configureOutbound(allow: readonly string[]): void {
  current = policyOf(allow);
}

export const outboundPolicy = (): OutboundPolicy => current;

export const outbound: Outbound = createOutbound({ policy: outboundPolicy });
