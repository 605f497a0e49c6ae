import {
  APPLICATION,
  CONVERSATION_STATUS,
  CSAT_OLD_SCALE,
  DEFAULT_TEAM,
  isWithinBusinessHours,
  toBusinessHourMap,
} from '@convo/domain';
import type { AuthContext } from '../../http/auth.js';
import { AppError, conflict, notFound } from '../../http/errors.js';
import { authorize, requireMember } from '../../http/policy.js';
import { hashPassword } from '../../platform/crypto.js';
import type { Db } from '../../platform/db/database.js';
import { isUniqueViolation } from '../../platform/db/errors.js';
import * as accounts from '../accounts/index.js';
import { type AccountsDeps, changePassword, signup } from '../accounts/index.js';
import * as company from '../company/index.js';
import { conversationList, countByStatus } from '../conversation-search/index.js';
import { teamsOfParticipant } from '../conversations/index.js';
import { deleteAll } from '../customers/index.js';
import { type InvitationDeps, invite } from '../invitations/index.js';
import { listUsers, toMessagingUser } from '../messaging-users/index.js';
import { applicationInfo } from '../registration/index.js';
import { findTeam, listTeams } from '../teams/index.js';
import { rateConversation, readRating, toRating, type WidgetDeps } from '../widget/index.js';
import { businessHoursOf, findChatWidgetSettingsOrDefaults } from '../widget-settings/index.js';
import { checkCaptcha } from './captcha.js';
import * as repo from './repository.js';

// The rest of the messaging API (SPEC §7): thin rules over other contexts' services, so a call
// here behaves as its dashboard counterpart (sign-up, password change, rating, invitation).

/**
 * `register/v2/account`: the sign-up of a new company, its application and super admin; the
 * captcha answer is checked first, so a refused one writes nothing.
 */
export async function registerAccount(
  deps: AccountsDeps,
  input: {
    userId: string;
    userPassword: string;
    displayName?: string | undefined;
    companyName?: string | undefined;
    captchaResponse?: string | undefined;
  },
  remoteIp: string,
) {
  await checkCaptcha(deps.config.captcha, { answer: input.captchaResponse, remoteIp }, deps.log);
  const session = await signup(deps, {
    email: input.userId,
    password: input.userPassword,
    name: input.displayName ?? input.userId.split('@')[0] ?? input.userId,
    companyName: input.companyName,
  });
  return {
    message: 'REGISTERED' as const,
    applicationId: session.applicationId,
    userId: session.userName,
    roleType: '0',
    authToken: session.token,
  };
}

/** `user/update/password`: the caller's own; every session ends, as in the dashboard. */
export function updatePassword(
  deps: AccountsDeps,
  caller: AuthContext,
  oldPassword: string,
  newPassword: string,
) {
  return changePassword(deps, caller.userId, caller.applicationId, oldPassword, newPassword);
}

/** `stats/get`: the caller's application only; another key is "not found". */
export async function applicationStats(db: Db, caller: AuthContext, appKey: string) {
  if (appKey !== caller.applicationId) throw notFound('Application not found.');
  return { applicationId: caller.applicationId, ...(await repo.applicationTotals(db, caller.applicationId)) };
}

/**
 * `team/business-settings`: business hours are the application's (Settings → Business hours) and
 * apply to every team, so each team answers the same hours, in the Kommunicate widget's shape and
 * Convo's. Members get every team (one with `teamId`; an unknown one is 404). A visitor gets what
 * their widget needs and nothing more: the default team and the teams of their own conversations
 * (the widget looks a conversation's team up by `KM_TEAM_ID`), never the others' names.
 */
export async function teamBusinessSettings(
  db: Db,
  caller: AuthContext,
  teamId: string | undefined,
  now = new Date(),
) {
  let found: { clientGroupId: string; name: string }[];
  if (caller.roleType === null) {
    const own = await teamsOfParticipant(db, caller.applicationId, caller.userId);
    const byKey = new Map(own.map((t) => [t.clientGroupId, t]));
    if (!byKey.has(DEFAULT_TEAM.clientGroupId)) {
      const fallback = await findTeam(db, caller.applicationId, DEFAULT_TEAM.clientGroupId);
      byKey.set(DEFAULT_TEAM.clientGroupId, fallback ?? DEFAULT_TEAM);
    }
    found = [...byKey.values()];
  } else {
    found = await listTeams(db, caller.applicationId);
  }
  if (teamId !== undefined) {
    found = found.filter((t) => t.clientGroupId === teamId);
    if (found.length === 0) throw notFound('Team not found.');
  }
  const settings = await findChatWidgetSettingsOrDefaults(db, caller.applicationId);
  const hours = businessHoursOf(settings);
  const shared = {
    timezone: hours.timeZone,
    businessHourMap: toBusinessHourMap(hours),
    ...(settings.awayMessage.enabled ? { message: settings.awayMessage.message } : {}),
    businessHours: { enabled: hours.enabled, timeZone: hours.timeZone, days: [...hours.days] },
    openNow: !hours.enabled || isWithinBusinessHours(hours, now),
  };
  return found.map((t) => ({ teamId: t.clientGroupId, teamName: t.name, ...shared }));
}

/**
 * `feedback/v2/v2`: the widget's CSAT rating, with the platform's `comments` list. The Kommunicate
 * widget lets its customer rate a conversation at any time (its menu's "rate this conversation"),
 * so this family accepts a rating of an open conversation too; a later rating, after the
 * resolution, replaces it (docs/decisions.md).
 */
export async function feedback(
  deps: WidgetDeps,
  caller: AuthContext,
  input: { groupId: number; rating: number; comments?: string[] | undefined },
) {
  const comment = input.comments?.[0] || undefined;
  // 10 exists only on the old scale (the Kommunicate widget's smileys); 1–5 are the new scale's.
  const scale: 'old' | 'new' = input.rating === CSAT_OLD_SCALE.GREAT ? 'old' : 'new';
  const rating = await rateConversation(
    deps,
    caller,
    input.groupId,
    { rating: input.rating, comment },
    scale,
    true,
  );
  return { ...rating, scale };
}

/** A conversation's feedback as the platform shows it (the widget asks whether it is rated). */
export function toFeedback(rating: {
  groupId: number;
  rating: number;
  comment: string | null;
  scale: 'old' | 'new';
  createdAtTime: number;
  updatedAtTime: number;
}) {
  return {
    groupId: rating.groupId,
    rating: rating.rating,
    scale: rating.scale,
    comments: rating.comment ? [rating.comment] : [],
    createdAtTime: rating.createdAtTime,
    updatedAtTime: rating.updatedAtTime,
  };
}

/** `GET feedback/v2/{groupId}`: the rating of a conversation the caller may see, or null. */
export async function feedbackOf(db: Db, caller: AuthContext, groupId: number) {
  try {
    const row = await readRating(db, caller, groupId);
    return toFeedback({ ...toRating(row), scale: row.scale });
  } catch (err) {
    if (err instanceof AppError && err.statusCode === 404) return null;
    throw err;
  }
}

/** Customer info: the company, its account holder and the caller's role (SPEC §7 data.role). */
export async function customerInfo(db: Db, caller: AuthContext) {
  const [info, app, holder, me] = await Promise.all([
    company.read(db, caller),
    accounts.findApplication(db, caller.applicationId),
    repo.findAccountHolder(db, caller.applicationId),
    accounts.findUserById(db, caller.applicationId, caller.userId),
  ]);
  if (!app) throw notFound('Application not found.');
  return {
    applicationId: info.applicationId,
    companyName: info.companyName,
    industry: info.industry,
    product: info.product,
    adminUserName: holder?.userId ?? null,
    adminDisplayName: holder?.displayName ?? null,
    role: caller.roleType,
    roleName: me?.roleName ?? 'USER',
    pricingPackage: app.pricingPackage,
    createdAtTime: info.createdAtTime,
  };
}

/** `application/edit`: admins rename their application. */
export async function editApplication(db: Db, caller: AuthContext, name: string) {
  authorize(caller, 'application.administer', APPLICATION, 'Only admins can change the application.');
  await repo.renameApplication(db, caller.applicationId, name);
  return applicationInfo(db, caller.applicationId, caller.applicationId);
}

/** `user/v2/create`: a customer of the application, as `register/client` would make them. */
export async function createUser(
  db: Db,
  caller: AuthContext,
  input: {
    userId: string;
    displayName?: string | undefined;
    email?: string | undefined;
    password?: string | undefined;
    contactNumber?: string | undefined;
    metadata?: Record<string, string> | undefined;
  },
) {
  const exists = () => conflict('USER_ALREADY_EXISTS', `A user ${input.userId} already exists.`);
  if (await accounts.findUserInApplication(db, caller.applicationId, input.userId)) throw exists();
  try {
    const row = await accounts.insertUser(db, {
      applicationId: caller.applicationId,
      userId: input.userId,
      email: input.email ?? null,
      displayName: input.displayName ?? input.userId,
      passwordHash: input.password ? await hashPassword(input.password) : null,
      roleType: null,
      roleName: 'USER',
      contactNumber: input.contactNumber || null,
      authenticationTypeId: input.password ? 1 : 0,
      metadata: input.metadata ?? {},
    });
    return toMessagingUser(row);
  } catch (err) {
    if (isUniqueViolation(err)) throw exists();
    throw err;
  }
}

/** `developer/invite`: an invitation with role 11, mailed as any other (seats are checked there). */
export function inviteDeveloper(deps: InvitationDeps, caller: AuthContext, email: string) {
  return invite(deps, caller, { email, roleType: '11' });
}

/** `user/filter`: members, end users (`customers`) or both, by status and text; deleted never. */
export async function filterUsers(
  db: Db,
  caller: AuthContext,
  input: {
    roleTypes?: string[] | undefined;
    statuses?: number[] | undefined;
    query?: string | undefined;
    appModuleName?: string | undefined;
    startIndex: number;
    pageSize: number;
  },
) {
  const roles = input.roleTypes ?? [];
  const customersOnly = roles.includes('customers');
  const { rows, total } = await listUsers(db, caller.applicationId, {
    customersOnly,
    roleTypes: customersOnly ? undefined : roles,
    statuses: input.statuses,
    query: input.query,
    appModuleName: input.appModuleName,
    startIndex: input.startIndex,
    pageSize: input.pageSize,
  });
  return {
    users: rows.map(toMessagingUser),
    totalCount: total,
    startIndex: input.startIndex,
    pageSize: input.pageSize,
  };
}

/** `user/delete/all`: every end user of the caller's application; admins only, whatever overrides say. */
export async function deleteAllUsers(db: Db, caller: AuthContext) {
  authorize(caller, 'application.administer', APPLICATION, 'Only admins can delete every user.');
  return deleteAll(db, caller);
}

const ALL_STATUSES = Object.values(CONVERSATION_STATUS);

/** `group/all`: the application's conversations as `group/v2/list` pages them, with their total. */
export async function allConversations(
  db: Db,
  caller: AuthContext,
  input: { startIndex: number; pageSize: number; status?: number[] | undefined },
) {
  requireMember(caller);
  const [page, total] = await Promise.all([
    conversationList({ db }, caller, input),
    countByStatus(db, caller.applicationId, input.status ?? ALL_STATUSES),
  ]);
  return { ...page, total };
}
