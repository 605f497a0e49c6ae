import type { Session } from '@convo/api';
import {
  companyDomainOf,
  ERROR_CODES,
  FREQUENT_SIGNUPS_WINDOW_DAYS,
  frequentSignupBlock,
  MESSAGES,
  MS_IN_DAY,
  type SignupBlock,
  USER_STATUS,
  validatePassword,
} from '@convo/domain';
import type { Logger } from 'pino';
import { AppError, badRequest, conflict, unauthorized } from '../../http/errors.js';
import type { AppConfig } from '../../platform/config.js';
import { hashPassword, randomDigits, randomToken, sha256, verifyPassword } from '../../platform/crypto.js';
import type { Db } from '../../platform/db/database.js';
import { isUniqueViolation } from '../../platform/db/errors.js';
import type { Mailer } from '../../platform/mail/mailer.js';
import type { Entitlements } from '../billing/index.js';
import { checkSignIn, isEnabled as isTwoFactorEnabled } from '../two-factor/index.js';
import { accountBus } from './events.js';
import { invitations } from './invitation-port.js';
import { passwordResetMail, validationMail } from './mails.js';
import { provisionWorkspace } from './provision.js';
import * as repo from './repository.js';
import { toAppSettings, toSession } from './session-view.js';

export interface AccountsDeps {
  db: Db;
  mailer: Mailer;
  config: AppConfig;
  log: Logger;
  /** The plan's limits (issue 19); absent: none (the operator plan). */
  entitlements?: Entitlements | undefined;
}

declare module '../../http/route-context.js' {
  interface RouteContext {
    accounts: AccountsDeps;
  }
}

const EMAIL_VALIDATION = 'email_validation';
const PASSWORD_RESET = 'password_reset';
const RESET_CODE_TTL_MS = 30 * 60 * 1000;
const VALIDATION_CODE_TTL_MS = 7 * 24 * 3600 * 1000;
const MAX_CODE_ATTEMPTS = 5;
/** User statuses that may not sign in: expired/disabled (2) and deleted (3), SPEC §4. */
export const BLOCKED_STATUSES = new Set([2, 3]);

const invalidCredentials = () =>
  new AppError(401, ERROR_CODES.INVALID_CREDENTIALS, 'Wrong e-mail or password.');
const invalidCode = () => badRequest(ERROR_CODES.INVALID_CODE, 'The code is wrong or has expired.');

function assertPasswordRule(password: string) {
  const result = validatePassword(password);
  if (!result.ok)
    throw badRequest(result.code, result.message, [{ path: 'password', message: result.message }]);
}

/** Builds the session document for a user and a freshly issued token. */
export async function sessionFor(
  db: Db,
  user: repo.UserRow,
  token: string,
  expiresAt: Date,
): Promise<Session> {
  const found = await repo.findApplicationWithSettings(db, user.applicationId);
  if (!found) throw new Error(`application ${user.applicationId} is incomplete`);
  const admin = (await repo.findAdminOfApplication(db, user.applicationId)) ?? user;
  return toSession({
    user,
    application: found.application,
    admin,
    settings: toAppSettings(found.settings, found.defaultTeamClientGroupId),
    token,
    expiresAt,
  });
}

export async function issueSession(
  deps: AccountsDeps,
  db: Db,
  user: repo.UserRow,
  kind: 'dashboard' | 'messaging',
) {
  const token = randomToken();
  const expiresAt = new Date(Date.now() + deps.config.sessionTtlMs);
  const row = await repo.insertSession(db, {
    tokenHash: sha256(token),
    userId: user.id,
    applicationId: user.applicationId,
    kind,
    expiresAt,
  });
  // A dashboard sign-in starts the member's logged-in time (away if they left themselves away).
  if (kind === 'dashboard' && user.roleType !== null) {
    await accountBus.emit('account.presence-changed', {
      tx: db,
      applicationId: user.applicationId,
      userId: user.id,
      presence: user.status === USER_STATUS.AWAY ? 'away' : 'online',
    });
  }
  return { token, expiresAt, deviceKey: row.deviceKey };
}

async function createCode(db: Db, userId: string, purpose: string, code: string, ttlMs: number) {
  await repo.insertCode(db, {
    userId,
    purpose,
    codeHash: sha256(code),
    expiresAt: new Date(Date.now() + ttlMs),
  });
}

export interface SignupInput {
  email: string;
  password: string;
  name: string;
  companyName?: string | undefined;
  product?: 'classic' | 'agent' | undefined;
  pricingVersion?: number | undefined;
  signupSource?: string | undefined;
  dealCode?: string | undefined;
  inviteToken?: string | undefined;
  shop?: string | undefined;
  billingPlatform?: 'shopify' | undefined;
}

/** Sign-up: the whole workspace and the first session in one transaction, then the validation mail. */
export async function signup(deps: AccountsDeps, input: SignupInput): Promise<Session> {
  assertPasswordRule(input.password);
  if (input.inviteToken) return signupByInvitation(deps, input, input.inviteToken);
  const email = input.email.toLowerCase();
  const alreadyExists = () =>
    conflict(ERROR_CODES.USER_ALREADY_EXISTS, 'An account with this e-mail already exists. Sign in instead.');
  if ((await repo.findMembersByUserName(deps.db, email)).length > 0) throw alreadyExists();
  const passwordHash = await hashPassword(input.password);
  const code = randomToken(24);
  let result: { session: Session; userId: string };
  try {
    result = await deps.db.transaction(async (tx) => {
      const signupBlock = await signupBlockOf(deps, tx, email);
      const { owner } = await provisionWorkspace(tx, {
        companyName: input.companyName?.trim() || `${input.name.trim()}'s company`,
        owner: { email, name: input.name.trim(), passwordHash, roleType: '0' },
        product: input.product ?? (deps.config.variant === 'agentic' ? 'agent' : 'classic'),
        pricingVersion: input.pricingVersion,
        signupSource: input.signupSource,
        dealCode: input.dealCode,
        shopUrl: input.shop,
        billingPlatform: input.billingPlatform,
        signupBlock,
      });
      await createCode(tx, owner.id, EMAIL_VALIDATION, code, VALIDATION_CODE_TTL_MS);
      const issued = await issueSession(deps, tx, owner, 'dashboard');
      return { session: await sessionFor(tx, owner, issued.token, issued.expiresAt), userId: owner.id };
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw alreadyExists();
    throw err;
  }
  await deps.mailer.send(
    validationMail(deps.config.publicUrl, email, input.name, code, result.session.applicationId),
  );
  return result.session;
}

/**
 * SPEC §8's frequent sign-ups: a hosted deployment (a billing provider is set) blocks the next
 * company signed up from a domain that already signed up FREQUENT_SIGNUPS_ALLOWED within the
 * window, until it buys a plan. Shared mail providers are never counted; a self-hosted install
 * (no provider) blocks nobody. Two sign-ups racing may both pass: a bound, not a lock.
 */
async function signupBlockOf(deps: AccountsDeps, tx: Db, email: string): Promise<SignupBlock | null> {
  const domain = companyDomainOf(email);
  if (deps.config.billingProvider === null || domain === null) return null;
  const since = new Date(Date.now() - FREQUENT_SIGNUPS_WINDOW_DAYS * MS_IN_DAY);
  return frequentSignupBlock(await repo.countSignupsOfDomain(tx, domain, since));
}

/** Sign-up through an invitation: the person joins the inviting company, with the invited role. */
async function signupByInvitation(deps: AccountsDeps, input: SignupInput, token: string): Promise<Session> {
  const passwordHash = await hashPassword(input.password);
  try {
    return await deps.db.transaction(async (tx) => {
      const user = await invitations.get().accept(
        tx,
        token,
        {
          email: input.email,
          name: input.name.trim(),
          passwordHash,
        },
        deps.entitlements,
      );
      await repo.updateUser(tx, user.id, { lastLoggedInAt: new Date() });
      const issued = await issueSession(deps, tx, user, 'dashboard');
      return sessionFor(tx, user, issued.token, issued.expiresAt);
    });
  } catch (err) {
    // Two sign-ups racing on one link: the loser finds the link used.
    if (isUniqueViolation(err)) throw invitations.get().invalid();
    throw err;
  }
}

export interface LoginInput {
  userName: string;
  password: string;
  applicationId?: string | undefined;
  otp?: string | undefined;
}

export const twoFactorDeps = (deps: AccountsDeps, db: Db) => ({
  db,
  appSecret: deps.config.appSecret,
  issuer: 'Convo',
});

// Verifying against a real hash when the user is unknown keeps the timing the same.
let dummyHash: Promise<string> | null = null;

export async function login(deps: AccountsDeps, input: LoginInput): Promise<Session> {
  const candidates = (await repo.findMembersByUserName(deps.db, input.userName.toLowerCase())).filter(
    (u) => !input.applicationId || u.applicationId === input.applicationId,
  );
  let matched: repo.UserRow | undefined;
  for (const user of candidates) {
    if (user.passwordHash && (await verifyPassword(user.passwordHash, input.password))) {
      matched = user;
      break;
    }
  }
  if (candidates.length === 0) {
    dummyHash ??= hashPassword('not-a-real-password-1A');
    await verifyPassword(await dummyHash, input.password);
  }
  if (!matched) throw invalidCredentials();
  if (BLOCKED_STATUSES.has(matched.status)) {
    throw new AppError(
      403,
      'USER_DEACTIVATED',
      'This account has been deactivated. Ask an admin to reactivate it.',
    );
  }
  const user = matched;
  return deps.db.transaction(async (tx) => {
    // The second factor, when the member turned it on (SPEC §4 two-factor).
    await checkSignIn(twoFactorDeps(deps, tx), tx, user.applicationId, user.id, input.otp);
    await repo.updateUser(tx, user.id, { lastLoggedInAt: new Date() });
    const issued = await issueSession(deps, tx, user, 'dashboard');
    return sessionFor(tx, user, issued.token, issued.expiresAt);
  });
}

/** Signs in a member found by a verified e-mail (Google). */
export async function loginByVerifiedEmail(deps: AccountsDeps, email: string): Promise<string> {
  const user = await repo.findMemberByEmail(deps.db, email.toLowerCase());
  if (!user)
    throw new AppError(
      404,
      'GOOGLE_ACCOUNT_NOT_FOUND',
      'No account uses this Google address. Sign up first.',
    );
  if (BLOCKED_STATUSES.has(user.status)) {
    throw new AppError(
      403,
      'USER_DEACTIVATED',
      'This account has been deactivated. Ask an admin to reactivate it.',
    );
  }
  // Google proves the address, not the second factor: such members sign in with password and code.
  if (await isTwoFactorEnabled(deps.db, user.applicationId, user.id)) {
    throw new AppError(403, 'OTP_REQUIRED', 'Two-factor sign-in is on: sign in with your password and code.');
  }
  return deps.db.transaction(async (tx) => {
    if (!user.emailVerifiedAt) await repo.updateUser(tx, user.id, { emailVerifiedAt: new Date() });
    await repo.updateUser(tx, user.id, { lastLoggedInAt: new Date() });
    return (await issueSession(deps, tx, user, 'dashboard')).token;
  });
}

/** Signs in a member an identity provider vouched for (company SSO); returns the new token. */
export async function signInVouchedMember(deps: AccountsDeps, user: repo.UserRow): Promise<string> {
  if (BLOCKED_STATUSES.has(user.status)) {
    throw new AppError(
      403,
      'USER_DEACTIVATED',
      'This account has been deactivated. Ask an admin to reactivate it.',
    );
  }
  return deps.db.transaction(async (tx) => {
    await repo.updateUser(tx, user.id, {
      lastLoggedInAt: new Date(),
      ...(user.emailVerifiedAt ? {} : { emailVerifiedAt: new Date() }),
    });
    return (await issueSession(deps, tx, user, 'dashboard')).token;
  });
}

/** Ends a session inside the caller's transaction (logout, or leaving an application by a switch). */
export async function endSession(tx: Db, tokenHash: string): Promise<void> {
  const ended = await repo.deleteSession(tx, tokenHash);
  // The teammate login tables count a dashboard session's end as signing out.
  if (ended?.kind === 'dashboard') {
    await accountBus.emit('account.presence-changed', {
      tx,
      applicationId: ended.applicationId,
      userId: ended.userId,
      presence: 'offline',
    });
  }
}

export async function logout(deps: AccountsDeps, tokenHash: string): Promise<void> {
  await deps.db.transaction((tx) => endSession(tx, tokenHash));
}

export async function changePassword(
  deps: AccountsDeps,
  userId: string,
  applicationId: string,
  oldPassword: string,
  newPassword: string,
): Promise<string> {
  const user = await repo.findUserById(deps.db, applicationId, userId);
  if (!user) throw unauthorized();
  if (!user.passwordHash || !(await verifyPassword(user.passwordHash, oldPassword))) {
    throw badRequest('WRONG_PASSWORD', MESSAGES.wrongCurrentPassword, [
      { path: 'oldPassword', message: MESSAGES.wrongCurrentPassword },
    ]);
  }
  assertPasswordRule(newPassword);
  const passwordHash = await hashPassword(newPassword);
  // One person, one password: every application they are a member of takes the new one (a
  // second application's membership starts with the creator's password, see applications.ts).
  const memberships = await repo.findMembersByUserName(deps.db, user.userId);
  await deps.db.transaction(async (tx) => {
    for (const member of memberships.some((m) => m.id === user.id) ? memberships : [user]) {
      await repo.updateUser(tx, member.id, { passwordHash });
      // Every session ends: the person signs in again with the new password.
      await repo.deleteSessionsOfUser(tx, member.id);
    }
  });
  return MESSAGES.passwordChanged;
}

const RESET_REQUESTED = 'If an account uses this e-mail, a reset code is on its way.';

export async function requestPasswordReset(deps: AccountsDeps, userName: string): Promise<string> {
  const [user] = await repo.findMembersByUserName(deps.db, userName.toLowerCase());
  // The same answer whether or not the account exists, so it cannot be used to probe addresses.
  if (!user?.email) return RESET_REQUESTED;
  const code = randomDigits(8);
  await createCode(deps.db, user.id, PASSWORD_RESET, code, RESET_CODE_TTL_MS);
  await deps.mailer.send(
    passwordResetMail(deps.config.publicUrl, user.email, user.displayName, code, user.applicationId),
  );
  return RESET_REQUESTED;
}

/** Checks a reset code, counting wrong tries; returns the members whose password it may change. */
async function checkResetCode(_deps: AccountsDeps, db: Db, userName: string, code: string) {
  const members = await repo.findMembersByUserName(db, userName.toLowerCase());
  const now = new Date();
  for (const user of members) {
    const codes = await repo.findLiveCodes(db, user.id, PASSWORD_RESET, now);
    if (codes.length === 0) continue;
    const hit = codes.find((c) => c.codeHash === sha256(code) && c.attempts < MAX_CODE_ATTEMPTS);
    if (hit) return members;
    for (const c of codes) await repo.bumpCodeAttempts(db, c.id);
  }
  throw invalidCode();
}

export async function validateResetCode(deps: AccountsDeps, userName: string, code: string): Promise<string> {
  await checkResetCode(deps, deps.db, userName, code);
  return 'The code is valid. Choose a new password.';
}

export async function resetPassword(
  deps: AccountsDeps,
  userName: string,
  code: string,
  newPassword: string,
): Promise<string> {
  assertPasswordRule(newPassword);
  const members = await checkResetCode(deps, deps.db, userName, code);
  const passwordHash = await hashPassword(newPassword);
  await deps.db.transaction(async (tx) => {
    for (const user of members) {
      await repo.updateUser(tx, user.id, { passwordHash });
      await repo.markCodesUsed(tx, user.id, PASSWORD_RESET);
      await repo.deleteSessionsOfUser(tx, user.id);
    }
  });
  return 'Your password has been updated. Sign in with the new one.';
}

export async function validateEmail(deps: AccountsDeps, code: string): Promise<string> {
  const row = await repo.findLiveCodeByHash(deps.db, EMAIL_VALIDATION, sha256(code), new Date());
  if (!row) throw invalidCode();
  await deps.db.transaction(async (tx) => {
    await repo.updateUser(tx, row.userId, { emailVerifiedAt: new Date() });
    await repo.markCodesUsed(tx, row.userId, EMAIL_VALIDATION);
  });
  return 'Your e-mail address is verified.';
}

export async function resendValidationMail(deps: AccountsDeps, userId: string, applicationId: string) {
  const user = await repo.findUserById(deps.db, applicationId, userId);
  if (!user?.email) throw unauthorized();
  if (user.emailVerifiedAt) throw badRequest('ALREADY_VERIFIED', 'Your e-mail address is already verified.');
  const code = randomToken(24);
  await createCode(deps.db, user.id, EMAIL_VALIDATION, code, VALIDATION_CODE_TTL_MS);
  await deps.mailer.send(
    validationMail(deps.config.publicUrl, user.email, user.displayName, code, applicationId),
  );
  return 'We sent a new verification link.';
}

export async function currentSession(
  deps: AccountsDeps,
  auth: { userId: string; applicationId: string; sessionExpiresAt: Date },
  token: string,
): Promise<Session> {
  const user = await repo.findUserById(deps.db, auth.applicationId, auth.userId);
  if (!user) throw unauthorized();
  return sessionFor(deps.db, user, token, auth.sessionExpiresAt);
}
