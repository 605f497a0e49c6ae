import { describe, expect, it } from 'vitest';
import { hashPassword, openSealedJson, sealJson, verifyPassword } from './crypto.js';

const SECRET = 'a-test-secret-0123456789';

/** Changes one character in the middle of a base64url string (the end may only hold padding bits). */
function flipMiddle(value: string): string {
  const i = Math.floor(value.length / 2);
  const replacement = value[i] === 'A' ? 'B' : 'A';
  return `${value.slice(0, i)}${replacement}${value.slice(i + 1)}`;
}

describe('sealJson / openSealedJson', () => {
  it('opens what it sealed, with the same secret, to an equal value', () => {
    const value = {
      product: 'classic',
      origin: 'http://localhost:3000',
      nonce: 'n0nce',
      exp: 1_700_000_000_000,
    };
    const sealed = sealJson(SECRET, value);
    expect(openSealedJson(SECRET, sealed)).toEqual(value);
  });

  it('gives a URL-safe string that does not show the sealed content', () => {
    const sealed = sealJson(SECRET, { origin: 'http://localhost:3000' });
    expect(sealed).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(sealed).not.toContain('localhost');
    expect(Buffer.from(sealed, 'base64url').toString('utf8')).not.toContain('localhost');
  });

  it('seals the same value differently each time (fresh IV), and both open', () => {
    const a = sealJson(SECRET, { n: 1 });
    const b = sealJson(SECRET, { n: 1 });
    expect(a).not.toBe(b);
    expect(openSealedJson(SECRET, a)).toEqual({ n: 1 });
    expect(openSealedJson(SECRET, b)).toEqual({ n: 1 });
  });

  it('opens a tampered value to null', () => {
    const sealed = sealJson(SECRET, { origin: 'http://localhost:3000' });
    expect(openSealedJson(SECRET, flipMiddle(sealed))).toBeNull();
    // Tampering with the IV and the tag parts too.
    const raw = Buffer.from(sealed, 'base64url');
    for (const index of [0, 14, raw.length - 1]) {
      const copy = Buffer.from(raw);
      copy[index] = (copy[index] ?? 0) ^ 0x01;
      expect(openSealedJson(SECRET, copy.toString('base64url'))).toBeNull();
    }
  });

  it('opens a value sealed with another secret to null', () => {
    const sealed = sealJson('another-secret', { origin: 'http://evil.example' });
    expect(openSealedJson(SECRET, sealed)).toBeNull();
  });

  it('opens garbage, an empty string and a truncated value to null instead of throwing', () => {
    const sealed = sealJson(SECRET, { a: 1 });
    expect(openSealedJson(SECRET, '')).toBeNull();
    expect(openSealedJson(SECRET, 'not sealed at all')).toBeNull();
    expect(openSealedJson(SECRET, sealed.slice(0, 20))).toBeNull();
  });
});

describe('hashPassword / verifyPassword', () => {
  it('verifies the right password and refuses a wrong one', async () => {
    const hash = await hashPassword('Secret123');
    expect(hash).not.toContain('Secret123');
    expect(hash).toMatch(/^\$argon2id\$/);
    expect(await verifyPassword(hash, 'Secret123')).toBe(true);
    expect(await verifyPassword(hash, 'secret123')).toBe(false);
    expect(await verifyPassword(hash, 'Secret1234')).toBe(false);
    expect(await verifyPassword(hash, '')).toBe(false);
  });

  it('salts: two hashes of one password differ and both verify', async () => {
    const a = await hashPassword('Secret123');
    const b = await hashPassword('Secret123');
    expect(a).not.toBe(b);
    expect(await verifyPassword(b, 'Secret123')).toBe(true);
  });

  it('answers false, not an exception, for a stored value that is not a hash', async () => {
    expect(await verifyPassword('not-a-hash', 'Secret123')).toBe(false);
    expect(await verifyPassword('', 'Secret123')).toBe(false);
  });
});
