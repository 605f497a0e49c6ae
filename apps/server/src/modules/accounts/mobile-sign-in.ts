import type { MobileSignInLink, Session } from '@convo/api';
import { ERROR_CODES } from '@convo/domain';
import QRCode from 'qrcode';
import { badRequest, unauthorized } from '../../http/errors.js';
import { randomToken, sha256 } from '../../platform/crypto.js';
import * as repo from './repository.js';
import { type AccountsDeps, BLOCKED_STATUSES, issueSession, sessionFor } from './service.js';

// /settings/agent-app (docs/decisions.md "Agent app and the {token} route"): the signed-in
// dashboard shows a QR code of a single-use link; the phone that opens it gets its own session.
// The link lives five minutes: long enough to scan, short enough that a photo of the screen is
// soon worthless. Only the token's SHA-256 is stored (one_time_codes), as for every other code.

export const MOBILE_SIGN_IN_TTL_MS = 5 * 60 * 1000;
const PURPOSE = 'mobile_sign_in';
export const mobileSignInUrl = (publicUrl: string, token: string) => `${publicUrl}/t/${token}`;

export async function createMobileSignInLink(
  deps: AccountsDeps,
  caller: { userId: string; applicationId: string },
  now = Date.now(),
): Promise<MobileSignInLink> {
  const user = await repo.findUserById(deps.db, caller.applicationId, caller.userId);
  if (!user) throw unauthorized();
  const token = randomToken(24);
  const expiresAt = now + MOBILE_SIGN_IN_TTL_MS;
  await deps.db.transaction(async (tx) => {
    // One live link per member: showing a new QR code retires the previous one.
    await repo.markCodesUsed(tx, user.id, PURPOSE);
    await repo.insertCode(tx, {
      userId: user.id,
      purpose: PURPOSE,
      codeHash: sha256(token),
      expiresAt: new Date(expiresAt),
    });
  });
  const url = mobileSignInUrl(deps.config.publicUrl, token);
  return { url, qrDataUrl: await QRCode.toDataURL(url, { margin: 1, width: 240 }), expiresAt };
}

const invalidLink = () =>
  badRequest(ERROR_CODES.INVALID_CODE, 'This sign-in link is not valid or has expired. Scan a new QR code.');

/** The phone's side: the token, once, for a session of the member who showed the QR code. */
export async function exchangeMobileSignIn(deps: AccountsDeps, token: string): Promise<Session> {
  return deps.db.transaction(async (tx) => {
    const code = await repo.claimLiveCode(tx, PURPOSE, sha256(token), new Date());
    if (!code) throw invalidLink();
    const user = await repo.findMemberByUuid(tx, code.userId);
    if (!user || BLOCKED_STATUSES.has(user.status)) throw invalidLink();
    const issued = await issueSession(deps, tx, user, 'dashboard');
    return sessionFor(tx, user, issued.token, issued.expiresAt);
  });
}
