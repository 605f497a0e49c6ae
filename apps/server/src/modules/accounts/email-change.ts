import { ERROR_CODES, MESSAGES } from '@convo/domain';
import { badRequest, conflict, unauthorized } from '../../http/errors.js';
import { openSealedJson, sealJson, verifyPassword } from '../../platform/crypto.js';
import { isUniqueViolation } from '../../platform/db/errors.js';
import { emailChangeMail } from './mails.js';
import * as repo from './repository.js';
import type { AccountsDeps } from './service.js';

// Changing the sign-in e-mail (docs/decisions.md "E-mail change"). The confirmation link carries
// an encrypted, authenticated token (sealJson): who asked, from which e-mail, to which, until when.
// No row is stored: the link works once because the change makes its `from` stale.

/** The link is valid for a day: long enough to reach another mailbox, short for a stolen mail. */
export const EMAIL_CHANGE_TTL_MS = 24 * 60 * 60 * 1000;
const PURPOSE = 'email-change';

interface EmailChangeToken {
  p: typeof PURPOSE;
  /** users.id and application of the member who asked. */
  u: string;
  a: string;
  from: string;
  to: string;
  exp: number;
}

function isToken(value: unknown): value is EmailChangeToken {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return (
    v.p === PURPOSE &&
    typeof v.u === 'string' &&
    typeof v.a === 'string' &&
    typeof v.from === 'string' &&
    typeof v.to === 'string' &&
    typeof v.exp === 'number'
  );
}

const invalidLink = () =>
  badRequest(
    ERROR_CODES.INVALID_CODE,
    'This link is not valid or has expired. Ask for a new one from your profile.',
  );
const taken = () => conflict(ERROR_CODES.USER_ALREADY_EXISTS, 'An account with this e-mail already exists.');

/** Mails a confirmation link to the new address; nothing changes until it is opened. */
export async function requestEmailChange(
  deps: AccountsDeps,
  caller: { userId: string; applicationId: string },
  input: { newEmail: string; password?: string | undefined },
  now = Date.now(),
): Promise<string> {
  const user = await repo.findUserById(deps.db, caller.applicationId, caller.userId);
  if (!user) throw unauthorized();
  const newEmail = input.newEmail.toLowerCase();
  if (newEmail === user.userId.toLowerCase())
    throw badRequest(ERROR_CODES.INVALID_PARAMETER, 'This is already your sign-in e-mail.', [
      { path: 'newEmail', message: 'is your current e-mail' },
    ]);
  // Whoever holds an open session must still prove they are the account holder.
  if (user.passwordHash) {
    if (!input.password || !(await verifyPassword(user.passwordHash, input.password)))
      throw badRequest('WRONG_PASSWORD', MESSAGES.wrongCurrentPassword, [
        { path: 'password', message: MESSAGES.wrongCurrentPassword },
      ]);
  }
  if ((await repo.findMembersByUserName(deps.db, newEmail)).length > 0) throw taken();
  const token: EmailChangeToken = {
    p: PURPOSE,
    u: user.id,
    a: user.applicationId,
    from: user.userId,
    to: newEmail,
    exp: now + EMAIL_CHANGE_TTL_MS,
  };
  await deps.mailer.send(
    emailChangeMail(
      deps.config.publicUrl,
      newEmail,
      user.displayName,
      sealJson(deps.config.appSecret, token),
      user.applicationId,
    ),
  );
  return `We sent a confirmation link to ${newEmail}. Your e-mail changes when you open it.`;
}

/**
 * Opening the link: every membership of the person (one per workspace, all signed in with the
 * same e-mail) moves to the new e-mail, which counts as verified, in one transaction.
 */
export async function confirmEmailChange(
  deps: AccountsDeps,
  rawToken: string,
  now = Date.now(),
): Promise<{ message: string; email: string }> {
  const token = openSealedJson(deps.config.appSecret, rawToken);
  if (!isToken(token) || token.exp < now) throw invalidLink();
  const user = await repo.findUserById(deps.db, token.a, token.u);
  // Already changed (the link was used) or the member is gone: the link is spent.
  if (!user || user.userId !== token.from) throw invalidLink();
  try {
    await deps.db.transaction(async (tx) => {
      if ((await repo.findMembersByUserName(tx, token.to)).length > 0) throw taken();
      const members = await repo.findMembersByUserName(tx, token.from);
      for (const member of members) {
        await repo.updateUser(tx, member.id, {
          userId: token.to,
          email: token.to,
          emailVerifiedAt: new Date(now),
        });
      }
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw taken();
    throw err;
  }
  return { message: 'Your sign-in e-mail is changed. Use it the next time you sign in.', email: token.to };
}
