import { messageSendRequestSchema } from '@convo/api';
import type { FastifyBaseLogger } from 'fastify';
import type { AuthContext } from '../../http/auth.js';
import { badRequest, errorAnswer, forbidden, invalidRequest, unauthorized } from '../../http/errors.js';
import { type LimitStore, limitPassed, rateLimited } from '../../http/limit-store.js';
import { encryptedApplications } from '../../http/payload-encryption.js';
import { assertStorableText } from '../../http/text-guard.js';
import { visitorSendLimitOf } from '../../http/visitor-limits.js';
import type { AppConfig } from '../../platform/config.js';
import type { MessagingDeps } from '../conversations/index.js';
import type { SocketSendHandler } from '../realtime/index.js';
import { sendAnswer, sendMessage } from './service.js';

/**
 * A visitor's send over their socket (the widget's, docs/realtime.md): the REST send's rules in
 * the same order (text guard, body schema, the visitor's send limit), the same batch, the same
 * answer, and the same status, code and message when refused. Members and bots send through the
 * REST API, where their privileges and the account's state are checked; the socket carries the
 * visitors' sends only, which need neither.
 */
export function socketSender(
  deps: MessagingDeps,
  limits: LimitStore,
  config: Pick<AppConfig, 'rateLimit'>,
  log: Pick<FastifyBaseLogger, 'warn' | 'error'>,
): SocketSendHandler {
  const isEncrypted = encryptedApplications(deps.db);
  const send = async (caller: AuthContext, body: unknown, address: string | undefined) => {
    if (caller.roleType !== null) throw forbidden('Members send messages through the REST API.');
    // Checked at hello, and again here: a socket outlives the session it opened with.
    if (caller.sessionExpiresAt.getTime() <= Date.now()) throw unauthorized();
    // REST refuses a plain body for such an application (http/payload-encryption.ts); so does this.
    if (await isEncrypted(caller.applicationId)) {
      throw badRequest(
        'INVALID_ENCRYPTED_PAYLOAD',
        'This application encrypts its payloads: send its messages through the REST API, encrypted.',
      );
    }
    assertStorableText(body);
    const parsed = messageSendRequestSchema.safeParse(body);
    if (!parsed.success) {
      throw invalidRequest(
        parsed.error.issues.map((issue) => ({
          path: issue.path.map(String).join('.'),
          message: issue.message,
        })),
      );
    }
    const waitMs = await limitPassed(limits, [visitorSendLimitOf(config, caller)]);
    if (waitMs !== null) throw rateLimited(waitMs);
    const { fromUserName, ...input } = parsed.data;
    // As on the REST route, acting for another user is an admin's (accounts/delegation.ts).
    if (fromUserName) throw forbidden('Only admins can act for another user (Of-User-Id, fromUserName).');
    return sendAnswer(await sendMessage(deps, caller, input, { address }));
  };
  return async (caller, body, address) => {
    try {
      return { ok: true, response: await send(caller, body, address) };
    } catch (error) {
      return { ok: false, error: errorAnswer(error, log) };
    }
  };
}
