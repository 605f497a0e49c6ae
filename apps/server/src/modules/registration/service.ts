import type { RegisterClientRequest, RegisterClientResponse } from '@convo/api';
import { APPLICATION, can, MESSAGING_ROLE } from '@convo/domain';
import type { AuthContext } from '../../http/auth.js';
import { notFound } from '../../http/errors.js';
import { hashPassword, randomToken, sha256, verifyPassword } from '../../platform/crypto.js';
import type { Db } from '../../platform/db/database.js';
import { isUniqueViolation } from '../../platform/db/errors.js';
import * as accounts from '../accounts/index.js';
import { moduleForRegistration, recordUsersModule } from '../app-modules/index.js';

export interface RegistrationDeps {
  db: Db;
  sessionTtlMs: number;
}

type Input = Omit<RegisterClientRequest, 'authenticationTypeId' | 'deviceType'> & {
  authenticationTypeId: number;
  deviceType: number;
};

const now = () => Date.now();

/** SPEC §3 messaging roles map for members; end users are the platform's USER (3 in its SDKs). */
function messagingRole(roleType: string | null): number {
  switch (roleType) {
    case '0':
    case '1':
      return MESSAGING_ROLE.ADMIN;
    case '3':
      return MESSAGING_ROLE.BOT;
    case '11':
      return MESSAGING_ROLE.DEVELOPER;
    case null:
      return 3;
    default:
      return MESSAGING_ROLE.SUPPORT;
  }
}

/**
 * `register/client`: creates the application's user, or signs an existing one in (UPDATED).
 * With authenticationTypeId 1 we verify the password; 0 means the customer's own server vouches
 * for the user (the Applozic "access token" model), so no password is checked or stored.
 */
export async function registerClient(deps: RegistrationDeps, input: Input): Promise<RegisterClientResponse> {
  const application = await accounts.findApplication(deps.db, input.applicationId);
  if (!application || application.disabledAt) {
    return { message: 'INVALID_APPLICATIONID', code: 'INVALID_APPLICATIONID', currentTimeStamp: now() };
  }
  // A client built for an app module that does not exist (or is off) is refused, as the
  // platform does; a client that names none is not.
  const module = await moduleForRegistration(deps.db, application.id, input.appModuleName);
  if (!module.ok) {
    return { message: 'APPMODULE_NOT_FOUND', code: 'APPMODULE_NOT_FOUND', currentTimeStamp: now() };
  }
  const verifies = input.authenticationTypeId === 1;
  const existing = await accounts.findUserInApplication(deps.db, application.id, input.userId);
  if (existing) {
    if (existing.passwordHash) {
      if (!input.password || !(await verifyPassword(existing.passwordHash, input.password))) {
        return {
          message: 'PASSWORD_INVALID',
          code: 'PASSWORD_INVALID',
          currentTimeStamp: now(),
          deactivate: false,
          totalUnreadCount: 0,
          metadata: {},
          newUser: false,
        };
      }
    }
    await recordUsersModule(deps.db, existing.id, existing.appModuleName, module.name);
    return issue(deps, existing, 'UPDATED', false, application);
  }
  if (verifies && !input.password) {
    return { message: 'PASSWORD_REQUIRED', code: 'PASSWORD_REQUIRED', currentTimeStamp: now() };
  }
  const passwordHash = verifies && input.password ? await hashPassword(input.password) : null;
  try {
    const user = await accounts.insertUser(deps.db, {
      applicationId: application.id,
      userId: input.userId,
      email: input.email?.toLowerCase() || null,
      displayName: input.displayName ?? input.userId,
      passwordHash,
      roleType: null,
      roleName: 'USER',
      contactNumber: input.contactNumber ?? null,
      imageLink: input.imageLink ?? null,
      authenticationTypeId: input.authenticationTypeId,
      metadata: input.metadata ?? {},
      appModuleName: module.name,
    });
    return issue(
      deps,
      user,
      input.registrationId ? 'REGISTERED' : 'REGISTERED.WITHOUTREGISTRATIONID',
      true,
      application,
    );
  } catch (err) {
    // Two registrations of one user at once: the second signs in as the first.
    if (isUniqueViolation(err)) return registerClient(deps, input);
    throw err;
  }
}

async function issue(
  deps: RegistrationDeps,
  user: accounts.UserRow,
  message: RegisterClientResponse['message'],
  newUser: boolean,
  application: accounts.ApplicationRow,
): Promise<RegisterClientResponse> {
  const token = randomToken();
  const session = await accounts.insertSession(deps.db, {
    tokenHash: sha256(token),
    userId: user.id,
    applicationId: user.applicationId,
    kind: 'messaging',
    expiresAt: new Date(now() + deps.sessionTtlMs),
  });
  return {
    message,
    code: message,
    userId: user.userId,
    displayName: user.displayName,
    imageLink: user.imageLink,
    userKey: user.userKey,
    deviceKey: session.deviceKey,
    authToken: token,
    roleType: messagingRole(user.roleType),
    // Clients encrypt their POST bodies with the user key when the application asks for it (SPEC §7).
    encryptionKey: application.encryptionEnabled ? user.userKey : null,
    enableEncryption: application.encryptionEnabled,
    encryptionType: application.encryptionEnabled ? application.encryptionType || 3 : 0,
    lastSyncTime: now(),
    currentTimeStamp: now(),
    deactivate: user.status === 2 || user.status === 3,
    totalUnreadCount: 0,
    metadata: user.metadata,
    newUser,
  };
}

export async function applicationInfo(db: Db, callerApplicationId: string, applicationId: string) {
  // Another tenant's application is "not found", never a hint that it exists.
  if (applicationId !== callerApplicationId) throw notFound('Application not found.');
  const app = await accounts.findApplication(db, applicationId);
  if (!app) throw notFound('Application not found.');
  return {
    applicationId: app.id,
    key: app.key,
    name: app.name,
    createdAtTime: app.createdAt.getTime(),
    pricingPackage: app.pricingPackage,
    encryptionEnabled: app.encryptionEnabled,
  };
}

/** The end user's own row when `email` is its address (stored lower-case, as registered). */
async function ownRowIfEmail(db: Db, caller: AuthContext, email: string) {
  const own = await accounts.findUserById(db, caller.applicationId, caller.userId);
  return own && own.email?.toLowerCase() === email ? own : undefined;
}

/**
 * A user of the caller's application by e-mail. Members look up anyone; an end user (a widget
 * visitor, no role type) only itself: another customer or a team member is "not found", the same
 * answer as an address nobody has, so the look-up tells a visitor nothing (issue 32).
 */
export async function userData(db: Db, caller: AuthContext, applicationId: string, email: string) {
  if (applicationId !== caller.applicationId) throw notFound('User not found.');
  const wanted = email.toLowerCase();
  const user = can(caller, 'application.work', APPLICATION)
    ? await accounts.findUserByEmailInApplication(db, applicationId, wanted)
    : await ownRowIfEmail(db, caller, wanted);
  if (!user) throw notFound('User not found.');
  return {
    userId: user.userId,
    userName: user.userId,
    displayName: user.displayName,
    email: user.email,
    roleType: user.roleType,
    roleName: user.roleName,
    status: user.status,
    imageLink: user.imageLink,
    createdAtTime: user.createdAt.getTime(),
  };
}
