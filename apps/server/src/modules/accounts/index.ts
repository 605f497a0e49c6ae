// The front door of accounts: what other modules and the composition root (app.ts) may use, by name;
// the rest of the module stays private (scripts/check-import-cycles.mjs refuses imports past an
// index.ts). Modules import each other one way only, so re-exporting services and routes closes no circle.

export { applicationRoutes } from './applications-routes.js';
export { insertUser } from './create-user.js';
export { actingAs } from './delegation.js';
export { accountBus, type PresenceChanged, type UserCreated } from './events.js';
export { adminChecker, authContextOf, authenticator, type LiveSession, privilegeChecker } from './guards.js';
export { type InvitationAcceptance, invitations } from './invitation-port.js';
export * from './provision.js';
export type { ApplicationRow, UserRow } from './repository.js';
export {
  countApplications,
  deleteSessionsOfUser,
  findApplication,
  findAppSettings,
  findLiveSession,
  findMemberByEmail,
  findMembersByUserName,
  findUserByEmailInApplication,
  findUserById,
  findUserInApplication,
  firstApplicationId,
  insertSession,
  insertTeam,
  insertTeamMembers,
  lockForSeeding,
  onlyApplicationId,
  updateUser,
} from './repository.js';
export { accountRoutes, emailChangeRoutes, mobileSignInRoutes } from './routes.js';
export {
  type AccountsDeps,
  changePassword,
  loginByVerifiedEmail,
  signInVouchedMember,
  signup,
} from './service.js';
export { forgetSessionsOfUsers, openSessionCache } from './session-cache.js';
