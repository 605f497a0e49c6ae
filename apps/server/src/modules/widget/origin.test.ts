import { describe, expect, it } from 'vitest';
import { frameAncestors, hostOf, isAllowedSite, matchesAllowedDomain } from './origin.js';

describe('allowed domains of the widget', () => {
  it('reads the host and port of an Origin or Referer, http(s) only', () => {
    expect(hostOf('https://Shop.Example.com')).toBe('shop.example.com');
    expect(hostOf('http://localhost:8080/cart?x=1')).toBe('localhost:8080');
    expect(hostOf('file:///etc/passwd')).toBeNull();
    expect(hostOf('null')).toBeNull();
    expect(hostOf(undefined)).toBeNull();
  });

  it('matches a domain with its subdomains, a wildcard with subdomains only, a port exactly', () => {
    expect(matchesAllowedDomain('example.com', 'example.com')).toBe(true);
    expect(matchesAllowedDomain('eu.shop.example.com', 'example.com')).toBe(true);
    expect(matchesAllowedDomain('notexample.com', 'example.com')).toBe(false);
    expect(matchesAllowedDomain('example.com', '*.example.com')).toBe(false);
    expect(matchesAllowedDomain('a.example.com', '*.example.com')).toBe(true);
    expect(matchesAllowedDomain('localhost:8080', 'localhost:8080')).toBe(true);
    expect(matchesAllowedDomain('localhost:9090', 'localhost:8080')).toBe(false);
    expect(matchesAllowedDomain('example.com:8443', 'example.com')).toBe(true);
  });

  it('allows any site without a list, our own host always, nobody unknown with a list', () => {
    expect(isAllowedSite(null, [], [])).toBe(true);
    expect(isAllowedSite('evil.test', ['example.com'], ['chat.example.org'])).toBe(false);
    expect(isAllowedSite('chat.example.org', ['example.com'], ['chat.example.org'])).toBe(true);
    expect(isAllowedSite(null, ['example.com'], ['chat.example.org'])).toBe(false);
  });

  it('turns the list into frame-ancestors for the iframe snippet', () => {
    expect(frameAncestors([])).toBe('frame-ancestors *');
    expect(frameAncestors(['example.com', '*.shop.test', 'localhost:8080'])).toBe(
      "frame-ancestors 'self' example.com *.example.com *.shop.test localhost:8080 *.localhost:8080",
    );
  });
});
