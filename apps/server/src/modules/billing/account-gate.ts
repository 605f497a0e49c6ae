import {
  ACCOUNT_PATHS,
  BILLING_PATHS,
  ERROR_REPORT_PATHS,
  TEAM_USER_STATS_PATHS,
  TWO_FACTOR_PATHS,
} from '@convo/api';
import { APPLICATION, accountRefusal, can, signupBlockRefusal } from '@convo/domain';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { requireAuth } from '../../http/auth.js';
import { AppError } from '../../http/errors.js';
import type { Entitlements } from './entitlements.js';

// SPEC §4 on the server: an expired trial, a churned, ended or suspended account can not use the
// product through the API either (the dashboard's redirects alone would leave the API open). What
// stays open is what the owner needs to pay and to come and go: billing, the session, sign-in
// security, the own password, profile and availability, error reports (logout and sign-in are
// public routes). End users (the widget, no role type)
// are never refused: SPEC §4 blocks the dashboard's members, not the company's visitors.

type Hook = (request: FastifyRequest, reply: FastifyReply) => Promise<void>;

/** HTTP 402: the request is fine, the account must be paid for first. */
const PAYMENT_REQUIRED = 402;

/** Routes (method and Fastify route pattern) a blocked account keeps. */
export const OPEN_WHEN_BLOCKED: ReadonlySet<string> = new Set([
  `GET ${BILLING_PATHS.state}`,
  `GET ${BILLING_PATHS.overview}`,
  `GET ${BILLING_PATHS.helpCenter}`,
  `GET ${BILLING_PATHS.changePreview}`,
  `POST ${BILLING_PATHS.checkout}`,
  `POST ${BILLING_PATHS.portal}`,
  `GET ${ACCOUNT_PATHS.me}`,
  `POST ${ACCOUNT_PATHS.passwordChange}`,
  `POST ${ACCOUNT_PATHS.emailResend}`,
  'GET /api/users/privileges/:key',
  'GET /api/users/profile',
  'PATCH /api/users/profile',
  `GET ${TWO_FACTOR_PATHS.status}`,
  `POST ${TWO_FACTOR_PATHS.generateQr}`,
  `POST ${TWO_FACTOR_PATHS.setup}`,
  `POST ${TWO_FACTOR_PATHS.update}`,
  `POST ${TWO_FACTOR_PATHS.recoveryCodes}`,
  `POST ${ERROR_REPORT_PATHS.reports}`,
  `POST ${ERROR_REPORT_PATHS.feedback}`,
  // The header's online/away control and the messaging family's own-account reads.
  `POST ${TEAM_USER_STATS_PATHS.userStatus}`,
  'GET /rest/ws/application/get',
  'GET /rest/ws/user/data',
]);

function isOpenWhenBlocked(request: FastifyRequest): boolean {
  return OPEN_WHEN_BLOCKED.has(`${request.method} ${request.routeOptions.url ?? ''}`);
}

/**
 * Wraps an authenticator: once the caller is known, a member of a blocked account is refused with
 * 402 SUBSCRIPTION_REQUIRED (details: the state and the screen to go to) outside OPEN_WHEN_BLOCKED,
 * and a member of an account blocked for frequent sign-ups (SPEC §8) with 402 FREQUENT_SIGNUPS.
 * The state comes from the entitlements' memory (invalidated on plan change), so this is a map
 * lookup per request. Without a billing provider (the operator plan) nothing is refused.
 */
export function withAccountState(authenticate: Hook, entitlements: Entitlements): Hook {
  if (entitlements.provider === null) return authenticate;
  return async function authenticateBilled(request, reply) {
    await authenticate(request, reply);
    const auth = requireAuth(request);
    // End users are the customers' side: a blocked account still answers its visitors.
    if (!can(auth, 'application.work', APPLICATION) || isOpenWhenBlocked(request)) return;
    const { state, snapshot, signupBlock } = await entitlements.of(auth.applicationId);
    // The domain block first, as the dashboard's default view shows its modal before anything.
    const blocked = snapshot ? signupBlockRefusal(signupBlock, snapshot.plan) : null;
    if (blocked) {
      throw new AppError(PAYMENT_REQUIRED, blocked.code, blocked.message, { redirect: blocked.redirect });
    }
    const refusal = accountRefusal(state);
    if (refusal) {
      throw new AppError(PAYMENT_REQUIRED, refusal.code, refusal.message, {
        state,
        redirect: refusal.redirect,
      });
    }
  };
}
