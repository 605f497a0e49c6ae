import ipaddr from 'ipaddr.js';

// The networks a tenant's address may never reach (issue 32): this machine, the networks it sits
// in, and ranges no public service lives on. IPv6 forms that carry an IPv4 address (mapped,
// compatible, SIIT, NAT64, 6to4) are judged by the IPv4 address inside.

export interface BlockedRange {
  cidr: string;
  why: string;
}

export const BLOCKED_RANGES: readonly BlockedRange[] = [
  { cidr: '0.0.0.0/8', why: '"this network" (0.0.0.0 reaches this machine)' },
  { cidr: '10.0.0.0/8', why: 'private (RFC 1918)' },
  { cidr: '100.64.0.0/10', why: 'carrier-grade NAT' },
  { cidr: '127.0.0.0/8', why: 'loopback' },
  { cidr: '169.254.0.0/16', why: 'link-local (cloud metadata)' },
  { cidr: '172.16.0.0/12', why: 'private (RFC 1918)' },
  { cidr: '192.0.0.0/24', why: 'IETF protocol assignments' },
  { cidr: '192.0.2.0/24', why: 'documentation' },
  { cidr: '192.88.99.0/24', why: '6to4 relay anycast' },
  { cidr: '192.168.0.0/16', why: 'private (RFC 1918)' },
  { cidr: '198.18.0.0/15', why: 'benchmarking' },
  { cidr: '198.51.100.0/24', why: 'documentation' },
  { cidr: '203.0.113.0/24', why: 'documentation' },
  { cidr: '224.0.0.0/4', why: 'multicast' },
  { cidr: '240.0.0.0/4', why: 'reserved and broadcast' },
  { cidr: '::/128', why: 'unspecified' },
  { cidr: '::1/128', why: 'loopback' },
  { cidr: '64:ff9b:1::/48', why: 'local-use NAT64' },
  { cidr: '100::/64', why: 'discard-only' },
  { cidr: '2001::/23', why: 'IETF special purpose (Teredo, ORCHID…)' },
  { cidr: '2001:db8::/32', why: 'documentation' },
  { cidr: '3fff::/20', why: 'documentation' },
  { cidr: 'fc00::/7', why: 'unique local' },
  { cidr: 'fe80::/10', why: 'link-local' },
  { cidr: 'fec0::/10', why: 'site-local (deprecated)' },
  { cidr: 'ff00::/8', why: 'multicast' },
];

type Cidr = [ipaddr.IPv4 | ipaddr.IPv6, number];

const parsedBlocked: Cidr[] = BLOCKED_RANGES.map((r) => ipaddr.parseCIDR(r.cidr));

/** IPv6 prefixes whose last (or, for 6to4, second and third) 32 bits are an IPv4 address. */
const EMBEDDING: { cidr: Cidr; at: number }[] = [
  { cidr: ipaddr.parseCIDR('::ffff:0:0/96'), at: 12 }, // IPv4-mapped
  { cidr: ipaddr.parseCIDR('::ffff:0:0:0/96'), at: 12 }, // SIIT (IPv4-translated)
  { cidr: ipaddr.parseCIDR('::/96'), at: 12 }, // IPv4-compatible (deprecated)
  { cidr: ipaddr.parseCIDR('64:ff9b::/96'), at: 12 }, // NAT64 well-known prefix
  { cidr: ipaddr.parseCIDR('2002::/16'), at: 2 }, // 6to4
];

/** Parses an address (IPv6 with or without brackets or a zone); null when it is not one. */
export function parseAddress(address: string): ipaddr.IPv4 | ipaddr.IPv6 | null {
  const bare = address.replace(/^\[|\]$/g, '');
  // Only the canonical forms: `ipaddr.isValid` also takes "0x7f.1", which no resolver answers.
  if (ipaddr.IPv4.isValidFourPartDecimal(bare)) return ipaddr.IPv4.parse(bare);
  if (ipaddr.IPv6.isValid(bare)) return ipaddr.IPv6.parse(bare);
  return null;
}

export function inRange(addr: ipaddr.IPv4 | ipaddr.IPv6, [net, bits]: Cidr): boolean {
  return addr.kind() === net.kind() && addr.match(net, bits);
}

/** The IPv4 address an IPv6 one carries, or null. */
export function embeddedIPv4(addr: ipaddr.IPv6): ipaddr.IPv4 | null {
  if (addr.match(ipaddr.IPv6.parse('::'), 128) || addr.match(ipaddr.IPv6.parse('::1'), 128)) return null;
  for (const { cidr, at } of EMBEDDING) {
    if (!inRange(addr, cidr)) continue;
    const bytes = addr.toByteArray().slice(at, at + 4);
    return new ipaddr.IPv4(bytes);
  }
  return null;
}

/** Why an address may not be reached (the range it is in), or null when it is public. */
export function blockedRangeOf(address: string): BlockedRange | null {
  const parsed = parseAddress(address);
  // Not an address at all: refuse rather than guess.
  if (!parsed) return { cidr: address, why: 'not an IP address' };
  const inner = parsed.kind() === 'ipv6' ? embeddedIPv4(parsed as ipaddr.IPv6) : null;
  const checked = inner ?? parsed;
  const i = parsedBlocked.findIndex((cidr) => inRange(checked, cidr));
  return i >= 0 ? (BLOCKED_RANGES[i] ?? null) : null;
}
