import ipaddr from 'ipaddr.js';
import { inRange, parseAddress } from './ranges.js';

// What the operator lets tenants' addresses reach despite the blocked ranges (OUTBOUND_ALLOW): a
// company LLM proxy, an internal SSO. Entries are addresses, CIDR ranges, host names, or
// `*.suffix` for every name under a domain. The default allows none.

export interface OutboundPolicy {
  ranges: [ipaddr.IPv4 | ipaddr.IPv6, number][];
  hosts: ReadonlySet<string>;
  suffixes: readonly string[];
}

export const DEFAULT_POLICY: OutboundPolicy = { ranges: [], hosts: new Set(), suffixes: [] };

const HOST_NAME =
  /^(?=.{1,253}$)[a-z0-9_](?:[a-z0-9_-]{0,61}[a-z0-9_])?(?:\.[a-z0-9_](?:[a-z0-9_-]{0,61}[a-z0-9_])?)*$/;

/** Why an OUTBOUND_ALLOW entry is not valid, or null. */
export function allowEntryProblem(entry: string): string | null {
  if (entry.includes('/')) {
    try {
      ipaddr.parseCIDR(entry);
      return null;
    } catch {
      return 'not a CIDR range';
    }
  }
  if (parseAddress(entry)) return null;
  const name = entry.startsWith('*.') ? entry.slice(2) : entry;
  return HOST_NAME.test(name) ? null : 'not an address, range or host name';
}

/** The policy of a list of valid entries (config.ts has checked them). */
export function policyOf(entries: readonly string[]): OutboundPolicy {
  const ranges: OutboundPolicy['ranges'] = [];
  const hosts = new Set<string>();
  const suffixes: string[] = [];
  for (const raw of entries) {
    const entry = raw.trim().toLowerCase();
    if (entry === '') continue;
    if (entry.includes('/')) {
      ranges.push(ipaddr.parseCIDR(entry));
      continue;
    }
    const address = parseAddress(entry);
    if (address) ranges.push([address, address.kind() === 'ipv4' ? 32 : 128]);
    else if (entry.startsWith('*.')) suffixes.push(entry.slice(1));
    else hosts.add(entry);
  }
  return { ranges, hosts, suffixes };
}

export function hostAllowed(policy: OutboundPolicy, host: string): boolean {
  const name = host.toLowerCase().replace(/\.$/, '');
  return policy.hosts.has(name) || policy.suffixes.some((s) => name.endsWith(s));
}

export function addressAllowed(policy: OutboundPolicy, address: string): boolean {
  const parsed = parseAddress(address);
  if (!parsed) return false;
  const forms = [parsed];
  // An allowed IPv4 range covers its IPv4-mapped form (what a dual-stack socket reports).
  if (parsed.kind() === 'ipv6' && (parsed as ipaddr.IPv6).isIPv4MappedAddress())
    forms.push((parsed as ipaddr.IPv6).toIPv4Address());
  return forms.some((a) => policy.ranges.some((r) => inRange(a, r)));
}
