import { describe, expect, it } from 'vitest';
import { loginUrlWithReferrer, referrerFromSearch, safeReferrer } from './referrer';

describe('loginUrlWithReferrer', () => {
  it('carries the current path and query', () => {
    const url = loginUrlWithReferrer('/dashboard', '?tab=2&x=a b');
    expect(url.startsWith('/loginv2?referrer=')).toBe(true);
    expect(referrerFromSearch(url.slice(url.indexOf('?')))).toBe('/dashboard?tab=2&x=a b');
  });

  it('accepts a search without its question mark', () => {
    expect(referrerFromSearch(loginUrlWithReferrer('/help', 'a=1').split('?')[1] ?? '')).toBe('/help?a=1');
  });

  it('has no referrer for the bare root', () => {
    expect(loginUrlWithReferrer('/', '')).toBe('/loginv2');
  });

  it('keeps a query on the root', () => {
    expect(loginUrlWithReferrer('/', '?primaryTheme=fff')).toBe('/loginv2?referrer=%2F%3FprimaryTheme%3Dfff');
  });

  it('does not point back at the login page', () => {
    expect(loginUrlWithReferrer('/loginv2', '?referrer=/x')).toBe('/loginv2');
  });
});

describe('safeReferrer', () => {
  it('accepts same-site paths', () => {
    expect(safeReferrer('/dashboard')).toBe('/dashboard');
    expect(safeReferrer('/settings/team?x=1')).toBe('/settings/team?x=1');
  });

  it('refuses other origins and odd values', () => {
    expect(safeReferrer('https://evil.example/')).toBeNull();
    expect(safeReferrer('//evil.example/')).toBeNull();
    expect(safeReferrer('/\\evil.example')).toBeNull();
    expect(safeReferrer('javascript:alert(1)')).toBeNull();
    expect(safeReferrer('')).toBeNull();
    expect(safeReferrer(null)).toBeNull();
    expect(safeReferrer(`/${'a'.repeat(3000)}`)).toBeNull();
  });

  it('refuses auth pages, whatever the case or trailing slash', () => {
    expect(safeReferrer('/loginv2/')).toBeNull();
    expect(safeReferrer('/login/sso')).toBeNull();
    expect(safeReferrer('/signupV2')).toBeNull();
    expect(safeReferrer('/SIGNUP')).toBeNull();
    expect(safeReferrer('/password/update?code=1')).toBeNull();
  });
});
