import type { RateLimitOptions } from '@fastify/rate-limit';
import type { FastifyRequest } from 'fastify';

// Rate limits that keep a script from flooding an inbox through the public widget.

/** Visitor init, per IP address: a page load is one init; a script looping on it is not a person. */
export const INIT_LIMIT = { max: 60, timeWindow: 60_000 } as const;

const visitorId = (req: FastifyRequest) => req.auth?.userId ?? req.ip;

/**
 * Messages sent by one visitor (end user), whatever their IP (RATE_LIMIT_VISITOR_MESSAGES a minute,
 * 60 by default: one a second on average is faster than anyone types, quick replies included; new
 * identities are bounded by INIT_LIMIT per address). For the message send routes: counted per
 * visitor after authentication (the preHandler hook); members and bots are not limited here
 * (agents answer many conversations at once).
 */
export function visitorSendRateLimit(perMinute: number): RateLimitOptions {
  return {
    max: perMinute,
    timeWindow: 60_000,
    hook: 'preHandler',
    keyGenerator: (req) => `visitor-send:${visitorId(req)}`,
    allowList: (req) => req.auth !== null && req.auth.roleType !== null,
  };
}
