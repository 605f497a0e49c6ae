import type { FastifyInstance } from 'fastify';
import { badRequest } from './errors.js';

// Text PostgreSQL cannot store is refused once, here, before any route validates or runs: U+0000
// (refused by `text` and `jsonb` alike, which made it a 500 deep in a repository) and UTF-16
// halves without their pair (the driver would store U+FFFD instead of what was sent).

/** With the `u` flag a well-formed pair is one code point, so only lone halves match. */
const LONE_SURROGATE = /[\uD800-\uDFFF]/u;

export const UNSTORABLE_TEXT_MESSAGE =
  'contains a character that cannot be stored (U+0000 or an unpaired UTF-16 surrogate)';

export function isStorableText(value: string): boolean {
  return !value.includes('\u0000') && !LONE_SURROGATE.test(value);
}

/**
 * Parsed JSON and query strings (the query parser's objects inherit from a prototype-less object);
 * never a Buffer or stream, whose bytes are not text.
 */
function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null) return false;
  const proto: object | null = Object.getPrototypeOf(value);
  return proto === null || proto === Object.prototype || Object.getPrototypeOf(proto) === null;
}

/**
 * The dotted path of the first key or string value that cannot be stored, or null. Iterative, so
 * a 10,000-deep body cannot exhaust the stack.
 */
export function findUnstorableText(value: unknown): string | null {
  const stack: { value: unknown; path: string }[] = [{ value, path: '' }];
  while (stack.length > 0) {
    const item = stack.pop()!;
    const { value: current, path } = item;
    if (typeof current === 'string') {
      if (!isStorableText(current)) return path;
      continue;
    }
    if (!Array.isArray(current) && !isPlainObject(current)) continue;
    const entries: [string, unknown][] = Array.isArray(current)
      ? current.map((v, i) => [String(i), v])
      : Object.entries(current);
    for (const [key, child] of entries) {
      const childPath = path === '' ? key : `${path}.${key}`;
      if (!isStorableText(key)) return childPath;
      stack.push({ value: child, path: childPath });
    }
  }
  return null;
}

/** Throws the 400 every route answers for text the database cannot store (a NUL, a lone surrogate). */
export function assertStorableText(part: unknown): void {
  const field = findUnstorableText(part);
  if (field === null) return;
  const name = field === '' ? 'value' : field;
  throw badRequest('INVALID_PARAMETER', `Invalid request: ${name}: ${UNSTORABLE_TEXT_MESSAGE}`, [
    { path: name, message: UNSTORABLE_TEXT_MESSAGE },
  ]);
}

/**
 * Path params and query on every request before any route hook (so before an authenticator, and
 * a signed-out caller gets the same 400), the parsed body before validation.
 */
export function registerTextGuard(app: FastifyInstance): void {
  app.addHook('onRequest', async (request) => {
    assertStorableText(request.params);
    assertStorableText(request.query);
  });
  app.addHook('preValidation', async (request) => {
    assertStorableText(request.body);
  });
}
