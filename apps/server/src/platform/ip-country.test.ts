import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createIpCountryLookup, loadIpCountryLookup, parseCountryRanges } from './ip-country';

const CSV = [
  'network,country',
  '203.0.113.0/24,IN',
  '198.51.100.0/25,de',
  '# comment',
  '',
  '2001:db8::/32,fr',
].join('\n');

describe('IP country lookup (SPEC §7)', () => {
  const lookup = createIpCountryLookup(parseCountryRanges(CSV));

  it('finds the country of an IPv4, IPv4-mapped and IPv6 address', () => {
    expect(lookup('203.0.113.77')).toBe('in');
    expect(lookup('198.51.100.127')).toBe('de');
    expect(lookup('::ffff:203.0.113.1')).toBe('in');
    expect(lookup('2001:db8:1::5')).toBe('fr');
  });

  it("answers 'us' when the lookup fails", () => {
    expect(lookup('198.51.100.128')).toBe('us');
    expect(lookup('not an address')).toBe('us');
    expect(lookup(null)).toBe('us');
    expect(loadIpCountryLookup(undefined)('203.0.113.77')).toBe('us');
  });

  it('refuses a malformed database row, naming the line', () => {
    expect(() => parseCountryRanges('10.0.0.0/8,IN\n10.0.0.0/40,IN')).toThrow(/line 2/);
    expect(() => parseCountryRanges('10.0.0.0/8,India')).toThrow(/line 1/);
  });

  it('reads the database from GEOIP_DB_PATH', () => {
    const file = path.join(mkdtempSync(path.join(tmpdir(), 'geoip-')), 'ranges.csv');
    writeFileSync(file, CSV);
    expect(loadIpCountryLookup(file)('2001:db8::1')).toBe('fr');
  });
});
