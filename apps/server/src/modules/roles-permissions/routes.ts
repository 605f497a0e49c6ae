import {
  TEAM_ADMIN_PATHS as P,
  rolesPermissionsResponseSchema,
  rolesPermissionsSchema,
  successEnvelope,
} from '@convo/api';
import { isPrivilegeKey, PRIVILEGE_KEYS } from '@convo/domain';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAuth } from '../../http/auth.js';
import { ANY_MEMBER, type RouteContext } from '../../http/route-context.js';
import { featureGuard } from '../billing/index.js';
import * as service from './service.js';

const keyParamsSchema = z.object({ key: z.enum(PRIVILEGE_KEYS) });

/** Product API for /settings/roles-permissions, and the server's answer for any one key. */
export function rolesPermissionsRoutes(ctx: RouteContext): FastifyPluginAsyncZod {
  const db = ctx.database.db;
  return async (app) => {
    const tags = ['roles-permissions'];
    // Custom roles and permissions are sold on the top plans (SPEC §6 feature access).
    const guard = {
      preHandler: [
        ctx.authenticate,
        ctx.requirePrivilege('settings.roles-and-permissions'),
        featureGuard(ctx.billing, 'rolesAndPermissions'),
      ],
    };

    app.get(
      P.rolesPermissions,
      { ...guard, schema: { tags, response: { 200: rolesPermissionsResponseSchema } } },
      async (req) => ({
        code: 'SUCCESS' as const,
        data: await service.read(db, requireAuth(req)),
      }),
    );

    app.put(
      P.rolesPermissions,
      {
        ...guard,
        schema: { tags, body: rolesPermissionsSchema, response: { 200: rolesPermissionsResponseSchema } },
      },
      async (req) => ({ code: 'SUCCESS' as const, data: await service.save(db, requireAuth(req), req.body) }),
    );

    // 200 when the caller holds the key, 403 when not: the same rule every guarded route applies.
    const checkKey = async (req: FastifyRequest, reply: FastifyReply) => {
      const { key } = req.params as { key: string };
      if (!isPrivilegeKey(key)) return;
      await ctx.requirePrivilege(key)(req, reply);
    };
    app.get(
      P.privilegeCheck,
      {
        preHandler: [ctx.authenticate, checkKey],
        // checkKey is the guard of the key named in the path.
        config: ANY_MEMBER,
        schema: {
          tags,
          params: keyParamsSchema,
          response: { 200: successEnvelope(z.object({ key: z.string(), allowed: z.literal(true) })) },
        },
      },
      async (req) => ({ code: 'SUCCESS' as const, data: { key: req.params.key, allowed: true as const } }),
    );
  };
}
