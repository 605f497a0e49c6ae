import {
  ACCOUNT_PATHS,
  AGENT_APP_PATHS,
  EMAIL_CHANGE_PATHS,
  emailChangeConfirmResponseSchema,
  emailChangeConfirmSchema,
  emailChangeRequestSchema,
  emailValidateRequestSchema,
  loginRequestSchema,
  messageResponseSchema,
  mobileSignInExchangeSchema,
  mobileSignInLinkResponseSchema,
  passwordChangeRequestSchema,
  passwordResetRequestSchema,
  passwordResetUpdateSchema,
  passwordResetValidateSchema,
  sessionResponseSchema,
  signupRequestSchema,
} from '@convo/api';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { readToken, requireAuth } from '../../http/auth.js';
import { ANY_MEMBER, PUBLIC_ROUTE, type RouteContext } from '../../http/route-context.js';
import { sha256 } from '../../platform/crypto.js';
import { confirmEmailChange, requestEmailChange } from './email-change.js';
import { createMobileSignInLink, exchangeMobileSignIn } from './mobile-sign-in.js';
import * as service from './service.js';
import { deviceCookie, throttledSignIn } from './sign-in-throttle.js';

const ok = (message: string) => ({ code: 'SUCCESS' as const, message });

/** Product API: sign-up, sign-in, session, logout, password and e-mail verification. */
export function accountRoutes(ctx: RouteContext): FastifyPluginAsyncZod {
  const deps = ctx.accounts;
  return async (app) => {
    const limited = (max: number, keyByUser: boolean) => ({
      rateLimit: {
        max,
        timeWindow: ctx.config.rateLimit.windowMs,
        hook: 'preHandler' as const,
        keyGenerator: (req: { ip: string; body?: unknown }) => {
          const body = req.body as { userName?: unknown; email?: unknown } | undefined;
          const who = keyByUser ? String(body?.userName ?? body?.email ?? '').toLowerCase() : '';
          return `${req.ip}|${who}`;
        },
      },
    });

    app.post(
      ACCOUNT_PATHS.signup,
      {
        schema: { tags: ['accounts'], body: signupRequestSchema, response: { 200: sessionResponseSchema } },
        config: { ...PUBLIC_ROUTE, ...limited(20, false) },
      },
      async (req, reply) => {
        const data = await service.signup(deps, req.body);
        // The browser that created the account is a known device from the start.
        reply.header('set-cookie', deviceCookie(ctx.config, req.body.email));
        return { code: 'SUCCESS' as const, data };
      },
    );

    app.post(
      ACCOUNT_PATHS.login,
      {
        schema: { tags: ['accounts'], body: loginRequestSchema, response: { 200: sessionResponseSchema } },
        // Throttled per account, per address and per known device (sign-in-throttle.ts).
        config: PUBLIC_ROUTE,
      },
      async (req, reply) => {
        const { result, setCookie } = await throttledSignIn(
          { store: app.limits, config: ctx.config },
          {
            userName: req.body.userName,
            address: req.ip,
            cookies: req.headers.cookie,
            otpGiven: Boolean(req.body.otp?.trim()),
          },
          () => service.login(deps, req.body),
        );
        reply.header('set-cookie', setCookie);
        return { code: 'SUCCESS' as const, data: result };
      },
    );

    app.get(
      ACCOUNT_PATHS.me,
      {
        schema: { tags: ['accounts'], response: { 200: sessionResponseSchema } },
        preHandler: ctx.authenticate,
        config: ANY_MEMBER,
      },
      async (req) => {
        const auth = requireAuth(req);
        const token = readToken(req)!;
        return { code: 'SUCCESS' as const, data: await service.currentSession(deps, auth, token) };
      },
    );

    app.post(
      ACCOUNT_PATHS.logout,
      { config: PUBLIC_ROUTE, schema: { tags: ['accounts'], response: { 200: messageResponseSchema } } },
      async (req) => {
        // Logout never fails: an unknown or expired token is already logged out.
        const token = readToken(req);
        if (token) await service.logout(deps, sha256(token));
        return ok('Logged out');
      },
    );

    app.post(
      ACCOUNT_PATHS.passwordChange,
      {
        schema: {
          tags: ['accounts'],
          body: passwordChangeRequestSchema,
          response: { 200: messageResponseSchema },
        },
        preHandler: ctx.authenticate,
        config: { ...ANY_MEMBER, ...limited(ctx.config.rateLimit.loginMax, false) },
      },
      async (req) => {
        const auth = requireAuth(req);
        return ok(
          await service.changePassword(
            deps,
            auth.userId,
            auth.applicationId,
            req.body.oldPassword,
            req.body.newPassword,
          ),
        );
      },
    );

    app.post(
      ACCOUNT_PATHS.passwordResetRequest,
      {
        schema: {
          tags: ['accounts'],
          body: passwordResetRequestSchema,
          response: { 200: messageResponseSchema },
        },
        config: { ...PUBLIC_ROUTE, ...limited(5, true) },
      },
      async (req) => ok(await service.requestPasswordReset(deps, req.body.userName)),
    );

    app.post(
      ACCOUNT_PATHS.passwordResetValidate,
      {
        schema: {
          tags: ['accounts'],
          body: passwordResetValidateSchema,
          response: { 200: messageResponseSchema },
        },
        config: { ...PUBLIC_ROUTE, ...limited(ctx.config.rateLimit.loginMax, true) },
      },
      async (req) => ok(await service.validateResetCode(deps, req.body.userName, req.body.code)),
    );

    app.post(
      ACCOUNT_PATHS.passwordResetUpdate,
      {
        schema: {
          tags: ['accounts'],
          body: passwordResetUpdateSchema,
          response: { 200: messageResponseSchema },
        },
        config: { ...PUBLIC_ROUTE, ...limited(ctx.config.rateLimit.loginMax, true) },
      },
      async (req) =>
        ok(await service.resetPassword(deps, req.body.userName, req.body.code, req.body.newPassword)),
    );

    app.post(
      ACCOUNT_PATHS.emailValidate,
      {
        schema: {
          tags: ['accounts'],
          body: emailValidateRequestSchema,
          response: { 200: messageResponseSchema },
        },
        config: { ...PUBLIC_ROUTE, ...limited(ctx.config.rateLimit.loginMax, false) },
      },
      async (req) => ok(await service.validateEmail(deps, req.body.code)),
    );

    app.post(
      ACCOUNT_PATHS.emailResend,
      {
        schema: { tags: ['accounts'], response: { 200: messageResponseSchema } },
        preHandler: ctx.authenticate,
        config: { ...ANY_MEMBER, ...limited(5, false) },
      },
      async (req) => {
        const auth = requireAuth(req);
        return ok(await service.resendValidationMail(deps, auth.userId, auth.applicationId));
      },
    );
  };
}

/** Changing the sign-in e-mail: the signed-in request and the public confirmation of the link. */
export function emailChangeRoutes(ctx: RouteContext): FastifyPluginAsyncZod {
  const deps = ctx.accounts;
  return async (app) => {
    const tags = ['accounts'];
    const windowMs = ctx.config.rateLimit.windowMs;
    app.post(
      EMAIL_CHANGE_PATHS.request,
      {
        schema: { tags, body: emailChangeRequestSchema, response: { 200: messageResponseSchema } },
        preHandler: [ctx.authenticate, ctx.requirePrivilege('settings.profile')],
        // Each request mails someone: a handful per window is plenty.
        config: { rateLimit: { max: 5, timeWindow: windowMs, hook: 'preHandler' as const } },
      },
      async (req) => ok(await requestEmailChange(deps, requireAuth(req), req.body)),
    );
    app.post(
      EMAIL_CHANGE_PATHS.confirm,
      {
        schema: { tags, body: emailChangeConfirmSchema, response: { 200: emailChangeConfirmResponseSchema } },
        config: {
          ...PUBLIC_ROUTE,
          rateLimit: {
            max: ctx.config.rateLimit.loginMax,
            timeWindow: windowMs,
            hook: 'preHandler' as const,
          },
        },
      },
      async (req) => ({ code: 'SUCCESS' as const, ...(await confirmEmailChange(deps, req.body.token)) }),
    );
  };
}

/** /settings/agent-app: the QR sign-in link and the phone's exchange of it for a session. */
export function mobileSignInRoutes(ctx: RouteContext): FastifyPluginAsyncZod {
  const deps = ctx.accounts;
  return async (app) => {
    const tags = ['accounts'];
    const windowMs = ctx.config.rateLimit.windowMs;
    app.post(
      AGENT_APP_PATHS.link,
      {
        schema: { tags, response: { 200: mobileSignInLinkResponseSchema } },
        preHandler: [ctx.authenticate, ctx.requirePrivilege('settings.agent-app')],
        config: { rateLimit: { max: 20, timeWindow: windowMs, hook: 'preHandler' as const } },
      },
      async (req) => ({
        code: 'SUCCESS' as const,
        data: await createMobileSignInLink(deps, requireAuth(req)),
      }),
    );
    app.post(
      AGENT_APP_PATHS.exchange,
      {
        schema: { tags, body: mobileSignInExchangeSchema, response: { 200: sessionResponseSchema } },
        config: {
          ...PUBLIC_ROUTE,
          rateLimit: {
            max: ctx.config.rateLimit.loginMax,
            timeWindow: windowMs,
            hook: 'preHandler' as const,
          },
        },
      },
      async (req) => ({ code: 'SUCCESS' as const, data: await exchangeMobileSignIn(deps, req.body.token) }),
    );
  };
}
