import {
  platformOk,
  reassignWaitingSchema,
  responseAverageRequestSchema,
  responseAverageSchema,
  type Stats,
  scoreboardQuerySchema,
  scoreboardSchema,
  statsQuerySchema,
  statsSchema,
  TEAM_USER_STATS_PATHS,
} from '@convo/api';
import { MEMORY_CACHE_TTL_MS } from '@convo/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAuth } from '../../http/auth.js';
import { platformOk as ok } from '../../http/platform-envelope.js';
import type { RouteContext } from '../../http/route-context.js';
import { TtlCache } from '../../platform/ttl-cache.js';
import { featureGuard } from '../billing/index.js';
import * as service from './service.js';

/** Messaging API for statistics: group stats (v1, v2, cached 120 s), response average, scoreboard, queue. */
export function statsRoutes(ctx: RouteContext): FastifyPluginAsyncZod {
  const cache = new TtlCache<Stats>({ ttlMs: MEMORY_CACHE_TTL_MS, maxEntries: 1000 });
  const deps = { db: ctx.database.db, realtime: ctx.realtime, cache };
  return async (app) => {
    // The statistics are the dashboard's; reassigning the queue is the waiting-queue page's.
    const pre = { preHandler: [ctx.authenticateMessaging, ctx.requirePrivilege('dashboard')] };
    const tags = ['stats'];
    const P = TEAM_USER_STATS_PATHS;

    for (const url of [P.groupStats, P.groupStatsV2]) {
      app.get(
        url,
        {
          ...pre,
          schema: { tags, querystring: statsQuerySchema, response: { 200: platformOk(statsSchema) } },
        },
        async (req, reply) => {
          const { stats, cached } = await service.conversationStats(deps, requireAuth(req), req.query);
          reply.header('x-cache', cached ? 'hit' : 'miss');
          return ok(stats);
        },
      );
    }

    app.post(
      P.responseAverage,
      {
        ...pre,
        schema: {
          tags,
          body: responseAverageRequestSchema,
          response: { 200: platformOk(responseAverageSchema) },
        },
      },
      async (req) => ok(await service.responseAverage(deps, requireAuth(req), req.body)),
    );

    app.get(
      P.agentScoreboard,
      {
        ...pre,
        schema: { tags, querystring: scoreboardQuerySchema, response: { 200: platformOk(scoreboardSchema) } },
      },
      async (req) => ok(await service.agentScoreboard(deps, requireAuth(req), req.query)),
    );

    app.get(
      P.reassignWaitingQueue,
      {
        preHandler: [
          ctx.authenticateMessaging,
          ctx.requirePrivilege('settings.waiting-queue'),
          featureGuard(ctx.billing, 'waitingQueue'),
        ],
        schema: { tags, response: { 200: platformOk(reassignWaitingSchema) } },
      },
      async (req) => ok(await service.reassignWaitingQueue(deps, requireAuth(req))),
    );
  };
}
