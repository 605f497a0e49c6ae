import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db } from '../platform/db/database.js';
import { TtlCache } from '../platform/ttl-cache.js';
import { tokenHashOf } from './auth.js';
import { findSessionEncryption, isApplicationEncrypted } from './encryption-repository.js';
import { AppError } from './errors.js';

// Payload encryption of the messaging API (SPEC §7). When the caller's application has
// encryption on, POST bodies arrive encrypted and 2xx responses leave encrypted:
//
//   - encryption type 5: AES-256-CBC, key = the first 32 characters of the user's userKey (UTF-8),
//     a fresh random 16-byte IV per payload, sent in front of the ciphertext:
//     base64(iv ‖ ciphertext);
//   - any other type: AES-128-ECB, key = the first 16 characters of the userKey: base64(ciphertext).
//
// Both use PKCS#7 padding. Exempt: file uploads (multipart, any path with "upload", including the
// bot platform's), file downloads and registration (see isEncryptablePath). Error answers
// (4xx/5xx) stay plain JSON so a client can always read the code, even with a wrong key; they carry
// no user data. An encrypted answer is `text/plain` with the header `X-Convo-Encrypted: <type>`.

export const AES256_TYPE = 5;
const IV_BYTES = 16;

export class PayloadEncryptionError extends Error {}

function keyFor(userKey: string, type: number): { algorithm: string; key: Buffer; cbc: boolean } {
  const cbc = type === AES256_TYPE;
  const length = cbc ? 32 : 16;
  const key = Buffer.from(userKey.slice(0, length), 'utf8');
  if (key.length !== length) throw new PayloadEncryptionError(`the user key needs ${length} characters`);
  return { algorithm: cbc ? 'aes-256-cbc' : 'aes-128-ecb', key, cbc };
}

/** Encrypts a payload for a user: base64 text (see the header comment for the format). */
export function encryptPayload(text: string, userKey: string, type: number): string {
  const { algorithm, key, cbc } = keyFor(userKey, type);
  const iv = cbc ? randomBytes(IV_BYTES) : null;
  const cipher = createCipheriv(algorithm, key, iv);
  const body = Buffer.concat([cipher.update(text, 'utf8'), cipher.final()]);
  return (iv ? Buffer.concat([iv, body]) : body).toString('base64');
}

const BASE64 = /^[A-Za-z0-9+/]+={0,2}$/;

/** Decrypts what `encryptPayload` (or a client doing the same) produced; throws on anything else. */
export function decryptPayload(encoded: string, userKey: string, type: number): string {
  const { algorithm, key, cbc } = keyFor(userKey, type);
  let text = encoded.trim();
  // Some clients send the ciphertext as a JSON string.
  if (text.length >= 2 && text.startsWith('"') && text.endsWith('"')) text = text.slice(1, -1);
  text = text.replace(/\\\//g, '/').replace(/\s+/g, '');
  if (!BASE64.test(text)) throw new PayloadEncryptionError('the payload is not base64');
  const raw = Buffer.from(text, 'base64');
  const ivLength = cbc ? IV_BYTES : 0;
  if (raw.length < ivLength + 16 || (raw.length - ivLength) % 16 !== 0) {
    throw new PayloadEncryptionError('the payload is not a whole number of AES blocks');
  }
  try {
    const decipher = createDecipheriv(algorithm, key, cbc ? raw.subarray(0, IV_BYTES) : null);
    return Buffer.concat([decipher.update(raw.subarray(ivLength)), decipher.final()]).toString('utf8');
  } catch {
    throw new PayloadEncryptionError('the payload does not decrypt with this user key');
  }
}

export interface PayloadEncryptionOptions {
  /** How long a token's encryption settings are remembered (default 5000 ms; 0 = ask every time). */
  cacheTtlMs?: number;
  /** Bound of that memory (default 10,000 tokens). */
  cacheSize?: number;
}

interface Active {
  userKey: string;
  type: number;
}

const MESSAGING_PREFIX = '/rest/ws/';

/**
 * Messaging API paths that encryption covers. Not: uploads (files, the bot platform's), the file
 * bytes themselves (`file/:key`, fetched by <img> and links, which cannot decrypt; `file/url` is
 * covered), registration (the client has no key yet).
 */
export function isEncryptablePath(url: string): boolean {
  // The path without its query and trailing slashes, lower-cased (run on every request: no split
  // array and no regex scan).
  const query = url.indexOf('?');
  let end = query === -1 ? url.length : query;
  while (end > 0 && url.charCodeAt(end - 1) === 47) end -= 1;
  const path = url.slice(0, end).toLowerCase();
  if (!path.startsWith(MESSAGING_PREFIX) || path.includes('upload')) return false;
  if (path.startsWith(`${MESSAGING_PREFIX}register/`)) return false;
  return !path.startsWith(`${MESSAGING_PREFIX}file/`) || path === `${MESSAGING_PREFIX}file/url`;
}

/**
 * Whether an application encrypts its payloads, read at most once per `ttlMs` per application: a
 * transport the hooks below do not cover (the visitor's socket) refuses such an application's
 * plain payloads as they do.
 */
export function encryptedApplications(
  db: Db,
  ttlMs = 5000,
): (applicationId: string) => boolean | Promise<boolean> {
  // Applications are few next to requests; an expired entry is replaced, not piled up.
  return remembered(ttlMs, 10_000, (applicationId) => isApplicationEncrypted(db, applicationId));
}

/**
 * `read` answered from a TtlCache for `ttlMs` (0 or less: asked every time; at least one entry). A remembered value is
 * returned as it is, not in a promise: these run once or more for every send.
 */
function remembered<V>(
  ttlMs: number,
  maxEntries: number,
  read: (key: string) => Promise<V>,
): (key: string) => V | Promise<V> {
  if (ttlMs <= 0) return read;
  const cache = new TtlCache<V>({ ttlMs, maxEntries });
  return (key) => {
    const hit = cache.get(key);
    return hit !== undefined ? hit : cache.getOrCompute(key, () => read(key)).then((found) => found.value);
  };
}

const registered = new WeakSet<FastifyInstance>();

/**
 * Adds the hooks (on the root instance: they cover every route). They act only on messaging
 * requests whose token belongs to an application with encryption on; everything else passes
 * untouched after a prefix check. Registering twice is a no-op.
 */
export function registerPayloadEncryption(
  app: FastifyInstance,
  db: Db,
  options: PayloadEncryptionOptions = {},
): void {
  if (registered.has(app)) return;
  registered.add(app);
  const active = new WeakMap<FastifyRequest, Active>();
  const bodyLimit = app.initialConfig.bodyLimit ?? 1024 * 1024;
  const lookup = remembered(
    options.cacheTtlMs ?? 5000,
    options.cacheSize ?? 10_000,
    async (tokenHash): Promise<Active | null> => {
      const found = await findSessionEncryption(db, tokenHash, new Date());
      return found?.enabled ? { userKey: found.userKey, type: found.type } : null;
    },
  );

  app.addHook('onRequest', async (request) => {
    if (!isEncryptablePath(request.url)) return;
    const tokenHash = tokenHashOf(request);
    if (!tokenHash) return;
    const found = await lookup(tokenHash);
    if (found) active.set(request, found);
  });

  app.addHook('preParsing', async (request, _reply, payload) => {
    const enc = active.get(request);
    if (!enc || request.method !== 'POST') return payload;
    const contentType = String(request.headers['content-type'] ?? '').toLowerCase();
    if (contentType.startsWith('multipart/')) return payload;
    const encrypted = await readAll(payload, Math.ceil((bodyLimit * 4) / 3) + 1024);
    if (encrypted.trim() === '') return Readable.from([]);
    let plain: string;
    try {
      plain = decryptPayload(encrypted, enc.userKey, enc.type);
    } catch (err) {
      throw new AppError(
        400,
        'INVALID_ENCRYPTED_PAYLOAD',
        `This application encrypts its payloads: ${err instanceof Error ? err.message : 'bad payload'}.`,
      );
    }
    const bytes = Buffer.from(plain, 'utf8');
    // The parser now sees the decrypted JSON and checks its length against this header.
    request.raw.headers['content-type'] = 'application/json';
    request.raw.headers['content-length'] = String(bytes.length);
    return Readable.from([bytes]);
  });

  app.addHook('onSend', async (request, reply, payload) => {
    const enc = active.get(request);
    if (!enc || reply.statusCode < 200 || reply.statusCode > 299) return payload;
    if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return payload;
    // Only JSON and text answers: a file or a stream goes out as it is.
    const type = String(reply.getHeader('content-type') ?? '');
    if (!type.startsWith('application/json') && !type.startsWith('text/plain')) return payload;
    const text = typeof payload === 'string' ? payload : payload.toString('utf8');
    reply.removeHeader('content-length');
    reply.header('content-type', 'text/plain; charset=utf-8');
    reply.header('x-convo-encrypted', String(enc.type));
    return encryptPayload(text, enc.userKey, enc.type);
  });
}

async function readAll(stream: NodeJS.ReadableStream, limit: number): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stream) {
    const buf = typeof chunk === 'string' ? Buffer.from(chunk) : Buffer.from(chunk);
    size += buf.length;
    if (size > limit) throw new AppError(413, 'PAYLOAD_TOO_LARGE', 'The request body is too large.');
    chunks.push(buf);
  }
  return Buffer.concat(chunks).toString('utf8');
}
