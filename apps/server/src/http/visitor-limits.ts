import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppConfig } from '../platform/config.js';
import type { AuthContext } from './auth.js';
import { enforceLimits, type HitLimit } from './limit-store.js';

// Rate limits that keep a script from flooding an inbox through the public widget.

/** Visitor init, per IP address: a page load is one init; a script looping on it is not a person. */
export const INIT_LIMIT = { max: 60, timeWindow: 60_000 } as const;

const HOUR_MS = 3600_000;

type Hook = (req: FastifyRequest, reply: FastifyReply) => Promise<void>;

/** Members and bots are not limited here (agents answer many conversations at once). */
const visitorOf = (req: FastifyRequest) =>
  req.auth !== null && req.auth.roleType === null ? req.auth : null;

/**
 * Messages sent by one visitor (end user), whatever their IP (RATE_LIMIT_VISITOR_MESSAGES a minute,
 * 60 by default: one a second on average is faster than anyone types, quick replies included; new
 * identities are bounded by INIT_LIMIT per address). One counter for every send route (v1 and v2
 * together), in Redis when configured. A preHandler after authentication.
 */
export function visitorSendLimit(config: AppConfig): Hook {
  return async (req, reply) => {
    const visitor = visitorOf(req);
    if (!visitor) return;
    await enforceLimits(req.server.limits, reply, [visitorSendLimitOf(config, visitor)]);
  };
}

/** The counter of a visitor's messages: the send routes' and the socket's sends count together. */
export function visitorSendLimitOf(
  config: Pick<AppConfig, 'rateLimit'>,
  visitor: Pick<AuthContext, 'applicationId' | 'userId'>,
): HitLimit {
  return {
    key: `visitor-send:${visitor.applicationId}:${visitor.userId}`,
    max: config.rateLimit.visitorMessagesPerMinute,
    windowMs: 60_000,
  };
}

/**
 * Conversations started by visitors: per visitor (RATE_LIMIT_VISITOR_CONVERSATIONS an hour) and per
 * address (RATE_LIMIT_ADDRESS_CONVERSATIONS an hour, as one script can mint many visitors).
 */
export function visitorConversationLimit(config: AppConfig): Hook {
  return async (req, reply) => {
    const visitor = visitorOf(req);
    if (!visitor) return;
    await enforceLimits(req.server.limits, reply, [
      {
        key: `visitor-conversations:${visitor.applicationId}:${visitor.userId}`,
        max: config.rateLimit.visitorConversationsPerHour,
        windowMs: HOUR_MS,
      },
      {
        key: `address-conversations:${req.ip}`,
        max: config.rateLimit.addressConversationsPerHour,
        windowMs: HOUR_MS,
      },
    ]);
  };
}
