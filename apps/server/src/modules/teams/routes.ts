import {
  platformOk,
  TEAM_USER_STATS_PATHS,
  teamCreateRequestSchema,
  teamDeleteResponseSchema,
  teamIdQuerySchema,
  teamMemberListQuerySchema,
  teamMemberListSchema,
  teammatesRequestSchema,
  teammatesResponseSchema,
  teamSchema,
  teamSummarySchema,
  teamUpdateRequestSchema,
} from '@convo/api';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAuth } from '../../http/auth.js';
import { platformOk as ok } from '../../http/platform-envelope.js';
import { ANY_MEMBER, type RouteContext } from '../../http/route-context.js';
import * as service from './service.js';

/** Messaging API for teams: get, list (v1, v2), create, rename, teammates, delete, member list. */
export function teamRoutes(ctx: RouteContext): FastifyPluginAsyncZod {
  const deps = { db: ctx.database.db, realtime: ctx.realtime };
  return async (app) => {
    // Teams are reference data of several screens (inbox filters and assignment, the team page):
    // every member reads them; changing them is the team page's (`settings.team`).
    const read = { preHandler: ctx.authenticateMessaging, config: ANY_MEMBER };
    const manage = { preHandler: [ctx.authenticateMessaging, ctx.requirePrivilege('settings.team')] };
    const tags = ['teams'];
    const P = TEAM_USER_STATS_PATHS;

    app.get(
      P.teamGet,
      {
        ...read,
        schema: { tags, querystring: teamIdQuerySchema, response: { 200: platformOk(teamSchema) } },
      },
      async (req) => ok(await service.getTeam(deps, requireAuth(req), req.query.teamId)),
    );

    app.get(
      P.teamList,
      { ...read, schema: { tags, response: { 200: platformOk(z.array(teamSchema)) } } },
      async (req) => ok(await service.listTeams(deps, requireAuth(req))),
    );

    app.get(
      P.teamListV2,
      { ...read, schema: { tags, response: { 200: platformOk(z.array(teamSummarySchema)) } } },
      async (req) => ok(await service.listTeamSummaries(deps, requireAuth(req))),
    );

    app.post(
      P.teamCreate,
      {
        ...manage,
        schema: { tags, body: teamCreateRequestSchema, response: { 200: platformOk(teamSchema) } },
      },
      async (req) => ok(await service.createTeam(deps, requireAuth(req), req.body)),
    );

    app.patch(
      P.teamUpdate,
      {
        ...manage,
        schema: { tags, body: teamUpdateRequestSchema, response: { 200: platformOk(teamSchema) } },
      },
      async (req) => ok(await service.renameTeam(deps, requireAuth(req), req.body)),
    );

    app.patch(
      P.teammateAdd,
      {
        ...manage,
        schema: {
          tags,
          body: teammatesRequestSchema,
          response: { 200: platformOk(teammatesResponseSchema) },
        },
      },
      async (req) => ok(await service.addTeammates(deps, requireAuth(req), req.body)),
    );

    app.patch(
      P.teammateRemove,
      {
        ...manage,
        schema: {
          tags,
          body: teammatesRequestSchema,
          response: { 200: platformOk(teammatesResponseSchema) },
        },
      },
      async (req) => ok(await service.removeTeammates(deps, requireAuth(req), req.body)),
    );

    app.delete(
      P.teamDelete,
      {
        ...manage,
        schema: {
          tags,
          querystring: teamIdQuerySchema,
          response: { 200: platformOk(teamDeleteResponseSchema) },
        },
      },
      async (req) => ok(await service.deleteTeam(deps, requireAuth(req), req.query.teamId)),
    );

    app.get(
      P.teamMemberList,
      {
        ...read,
        schema: {
          tags,
          params: z.object({ teamId: z.string().trim().min(1).max(190) }),
          querystring: teamMemberListQuerySchema,
          response: { 200: platformOk(teamMemberListSchema) },
        },
      },
      async (req) => ok(await service.listTeamMembers(deps, requireAuth(req), req.params.teamId, req.query)),
    );
  };
}
