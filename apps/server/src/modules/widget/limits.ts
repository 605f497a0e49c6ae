import type { RateLimitOptions } from '@fastify/rate-limit';
import type { FastifyRequest } from 'fastify';

// Rate limits that keep a script from flooding an inbox through the public widget.

/** Visitor init, per IP address: a page load is one init; a script looping on it is not a person. */
export const INIT_LIMIT = { max: 60, timeWindow: 60_000 } as const;

/**
 * Messages sent by one visitor (end user), whatever their IP: one a second on average is faster
 * than anyone types, quick replies included; a script gets 60 a minute per identity, and new
 * identities are bounded by INIT_LIMIT per address.
 */
export const VISITOR_SEND_LIMIT = { max: 60, timeWindow: 60_000 } as const;

const visitorId = (req: FastifyRequest) => req.auth?.userId ?? req.ip;

/**
 * For the message send routes: counted per visitor after authentication (the preHandler hook);
 * members and bots are not limited here (agents answer many conversations at once).
 */
export const visitorSendRateLimit: RateLimitOptions = {
  ...VISITOR_SEND_LIMIT,
  hook: 'preHandler',
  keyGenerator: (req) => `visitor-send:${visitorId(req)}`,
  allowList: (req) => req.auth !== null && req.auth.roleType !== null,
};
