// SPEC §7 IP lookup: the country of a sign-up's address, 'us' whenever it cannot be told. The
// local database is a CSV of `cidr,country` rows (IPv4 or IPv6, e.g. an export of a GeoLite2
// country file); without it every lookup answers the default, and no address leaves the machine.

import { readFileSync } from 'node:fs';
import { BlockList, isIP } from 'node:net';

export const DEFAULT_COUNTRY = 'us';

export type IpCountryLookup = (ip: string | null | undefined) => string;

const COUNTRY = /^[a-z]{2}$/;

/** Parses the CSV (header, blank and `#` lines skipped); a malformed row is named in the error. */
export function parseCountryRanges(csv: string): Map<string, BlockList> {
  const byCountry = new Map<string, BlockList>();
  csv.split(/\r?\n/).forEach((raw, index) => {
    const line = raw.trim();
    if (
      line === '' ||
      line.startsWith('#') ||
      (index === 0 && /^[a-z_]+,/i.test(line) && !line.includes('/'))
    )
      return;
    const [cidr = '', code = ''] = line.split(',').map((part) => part.trim().replace(/^"|"$/g, ''));
    const [address = '', bits = ''] = cidr.split('/');
    const family = isIP(address);
    const prefix = Number(bits);
    const country = code.toLowerCase();
    if (family === 0 || !/^\d+$/.test(bits) || prefix > (family === 4 ? 32 : 128) || !COUNTRY.test(country))
      throw new Error(`GEOIP_DB_PATH line ${index + 1}: expected "cidr,country", got "${line}"`);
    let list = byCountry.get(country);
    if (!list) {
      list = new BlockList();
      byCountry.set(country, list);
    }
    list.addSubnet(address, prefix, family === 4 ? 'ipv4' : 'ipv6');
  });
  return byCountry;
}

export function createIpCountryLookup(ranges: Map<string, BlockList>): IpCountryLookup {
  return (ip) => {
    if (!ip) return DEFAULT_COUNTRY;
    // An IPv4 client seen through an IPv6 socket arrives as ::ffff:a.b.c.d.
    const address = ip.startsWith('::ffff:') && isIP(ip.slice(7)) === 4 ? ip.slice(7) : ip;
    const family = isIP(address);
    if (family === 0) return DEFAULT_COUNTRY;
    const type = family === 4 ? 'ipv4' : 'ipv6';
    for (const [country, list] of ranges) if (list.check(address, type)) return country;
    return DEFAULT_COUNTRY;
  };
}

/** The lookup for GEOIP_DB_PATH; undefined path: always the default. Read once per path. */
export function loadIpCountryLookup(dbPath: string | undefined): IpCountryLookup {
  if (dbPath === undefined) return () => DEFAULT_COUNTRY;
  let lookup = loaded.get(dbPath);
  if (!lookup) {
    lookup = createIpCountryLookup(parseCountryRanges(readFileSync(dbPath, 'utf8')));
    loaded.set(dbPath, lookup);
  }
  return lookup;
}

const loaded = new Map<string, IpCountryLookup>();
