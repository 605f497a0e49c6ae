import type { RoleType } from '@convo/domain';
import type { FastifyRequest } from 'fastify';
import { sha256 } from '../platform/crypto.js';
import { unauthorized } from './errors.js';

/** Who is calling: set on the request by `authenticate` for every route that needs a session. */
export interface AuthContext {
  tokenHash: string;
  userId: string;
  userName: string;
  applicationId: string;
  roleType: RoleType | null;
  product: 'classic' | 'agent';
  sessionExpiresAt: Date;
}

declare module 'fastify' {
  interface FastifyRequest {
    auth: AuthContext | null;
  }
}

/** Token from `Authorization: Bearer` (product API) or `X-Authorization` (messaging API). */
export function readToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (typeof header === 'string' && header.startsWith('Bearer ')) return header.slice(7).trim() || null;
  const x = request.headers['x-authorization'];
  if (typeof x === 'string' && x.trim()) return x.trim();
  return null;
}

const tokenHashes = new WeakMap<FastifyRequest, string | null>();

/** SHA-256 of the request's token (or null), hashed once per request whoever asks first. */
export function tokenHashOf(request: FastifyRequest): string | null {
  let hash = tokenHashes.get(request);
  if (hash === undefined) {
    const token = readToken(request);
    hash = token ? sha256(token) : null;
    tokenHashes.set(request, hash);
  }
  return hash;
}

export function requireAuth(request: FastifyRequest): AuthContext {
  if (!request.auth) throw unauthorized();
  return request.auth;
}
