import { describe, expect, it } from 'vitest';
import { bigCommerceEmail, parseBigCommerceLink } from './bigcommerce';

describe('parseBigCommerceLink', () => {
  it('reads accessToken, email and storeHash', () => {
    expect(parseBigCommerceLink('?accessToken=tok&email=Owner@Shop.io&storeHash=abc123')).toEqual({
      ok: true,
      data: { accessToken: 'tok', bcEmail: 'owner@shop.io', storeHash: 'abc123' },
    });
  });

  it('names what is missing or wrong', () => {
    expect(parseBigCommerceLink('?email=nope')).toEqual({
      ok: false,
      missing: ['accessToken', 'email', 'storeHash'],
    });
    expect(parseBigCommerceLink('?accessToken=t&email=a@b.io&storeHash=%20')).toEqual({
      ok: false,
      missing: ['storeHash'],
    });
  });
});

describe('bigCommerceEmail', () => {
  it('is the stored e-mail, or empty', () => {
    expect(bigCommerceEmail({ bcEmail: 'a@b.io' })).toBe('a@b.io');
    expect(bigCommerceEmail(null)).toBe('');
  });
});
