// The front door of accounts: what other modules may use, by name; the rest of its repository stays private
// (scripts/check-import-cycles.mjs refuses imports past an index.ts). It re-exports repository files and
// small files, never services or routes, so importing it closes no file circle.

export { actingAs } from './delegation.js';
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
  insertUser,
  lockForSeeding,
  onlyApplicationId,
  updateUser,
} from './repository.js';
