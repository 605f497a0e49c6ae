import {
  messageResponseSchema,
  TWO_FACTOR_PATHS as P,
  recoveryCodesResponseSchema,
  twoFactorCodeRequestSchema,
  twoFactorQrResponseSchema,
  twoFactorStatusResponseSchema,
  twoFactorUpdateRequestSchema,
} from '@convo/api';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAuth } from '../../http/auth.js';
import type { RouteContext } from '../../http/route-context.js';
import { sha256 } from '../../platform/crypto.js';
import * as service from './service.js';

/** /settings/security and /2fa/setup: who may use them is the `settings.2fa` key (SPEC §6). */
export function twoFactorRoutes(ctx: RouteContext): FastifyPluginAsyncZod {
  const deps: service.TwoFactorDeps = {
    db: ctx.database.db,
    appSecret: ctx.config.appSecret,
    issuer: 'Convo',
  };
  return async (app) => {
    const tags = ['two-factor'];
    const guard = { preHandler: [ctx.authenticate, ctx.requirePrivilege('settings.2fa')] };
    // Calls that take a code: a code guessed at speed is a code found, so the sign-in budget, per
    // address and session.
    const withCode = {
      ...guard,
      config: {
        rateLimit: {
          max: ctx.config.rateLimit.loginMax,
          timeWindow: ctx.config.rateLimit.windowMs,
          keyGenerator: (req: FastifyRequest) =>
            `${req.ip}|${sha256(String(req.headers.authorization ?? ''))}`,
        },
      },
    };
    const ok = <T>(data: T) => ({ code: 'SUCCESS' as const, data });

    app.get(
      P.status,
      { ...guard, schema: { tags, response: { 200: twoFactorStatusResponseSchema } } },
      async (req) => {
        const auth = requireAuth(req);
        return ok(await service.status(deps, auth.applicationId, auth.userId));
      },
    );
    app.post(
      P.generateQr,
      { ...guard, schema: { tags, response: { 200: twoFactorQrResponseSchema } } },
      async (req) => {
        const auth = requireAuth(req);
        return ok(await service.generate(deps, auth.applicationId, auth.userId, auth.userName));
      },
    );
    app.post(
      P.setup,
      {
        ...withCode,
        schema: { tags, body: twoFactorCodeRequestSchema, response: { 200: recoveryCodesResponseSchema } },
      },
      async (req) => {
        const auth = requireAuth(req);
        return ok(await service.enable(deps, auth.applicationId, auth.userId, req.body.code));
      },
    );
    app.post(
      P.update,
      {
        ...withCode,
        schema: { tags, body: twoFactorUpdateRequestSchema, response: { 200: messageResponseSchema } },
      },
      async (req) => {
        const auth = requireAuth(req);
        await service.disable(deps, auth.applicationId, auth.userId, req.body.code);
        return { code: 'SUCCESS' as const, message: 'Two-factor sign-in is off.' };
      },
    );
    app.post(
      P.recoveryCodes,
      {
        ...withCode,
        schema: { tags, body: twoFactorCodeRequestSchema, response: { 200: recoveryCodesResponseSchema } },
      },
      async (req) => {
        const auth = requireAuth(req);
        return ok(
          await service.regenerateRecoveryCodes(deps, auth.applicationId, auth.userId, req.body.code),
        );
      },
    );
  };
}
