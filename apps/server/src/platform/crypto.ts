import {
  createCipheriv,
  createDecipheriv,
  createHash,
  hash as digest,
  randomBytes,
  randomInt,
  timingSafeEqual,
} from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';

/** Random URL-safe token for sessions and links. */
export function randomToken(bytes = 32): string {
  return randomBytes(bytes).toString('base64url');
}

export function randomHex(bytes: number): string {
  return randomBytes(bytes).toString('hex');
}

/** A code a person types from an e-mail: digits only. */
export function randomDigits(length: number): string {
  let out = '';
  for (let i = 0; i < length; i++) out += String(randomInt(0, 10));
  return out;
}

/** Hex SHA-256 (one-shot: every request hashes its token, and this is several times cheaper). */
export function sha256(value: string): string {
  return digest('sha256', value, 'hex');
}

export function safeEqual(a: string, b: string): boolean {
  const ab = Buffer.from(a);
  const bb = Buffer.from(b);
  return ab.length === bb.length && timingSafeEqual(ab, bb);
}

// argon2id with the library's defaults (19 MiB, t=2): the OWASP minimum, fast enough on 2 cores.
export function hashPassword(password: string): Promise<string> {
  return hash(password);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

/** Authenticated encryption of small values (OAuth state) with a key derived from the app secret. */
export function sealJson(secret: string, value: unknown): string {
  const key = createHash('sha256').update(`seal:${secret}`).digest();
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const body = Buffer.concat([cipher.update(JSON.stringify(value), 'utf8'), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url');
}

export function openSealedJson(secret: string, sealed: string): unknown {
  try {
    const raw = Buffer.from(sealed, 'base64url');
    const key = createHash('sha256').update(`seal:${secret}`).digest();
    const decipher = createDecipheriv('aes-256-gcm', key, raw.subarray(0, 12));
    decipher.setAuthTag(raw.subarray(12, 28));
    const text = Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8');
    return JSON.parse(text);
  } catch {
    return null;
  }
}
