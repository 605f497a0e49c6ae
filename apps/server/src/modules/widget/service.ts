import type { WidgetInitResponse, WidgetRating } from '@convo/api';
import {
  APPLICATION,
  CONVERSATION_STATUS,
  can,
  isWithinBusinessHours,
  validateEmail,
  validatePhone,
} from '@convo/domain';
import type { AuthContext } from '../../http/auth.js';
import { AppError, badRequest, forbidden, notFound } from '../../http/errors.js';
import { authorize } from '../../http/policy.js';
import type { Db } from '../../platform/db/database.js';
import * as accounts from '../accounts/index.js';
import { audiencesOf, findVisible, insertTimelineEvent, type MessagingDeps } from '../conversations/index.js';
import { DEMO_MEMBERS } from '../demo/index.js';
import { EVENT } from '../realtime/index.js';
import { registerClient } from '../registration/index.js';
import { businessHoursOf, findChatWidgetSettingsOrDefaults } from '../widget-settings/index.js';
import { widgetBus } from './events.js';
import { isAllowedSite } from './origin.js';
import * as repo from './repository.js';

export interface WidgetDeps extends MessagingDeps {
  sessionTtlMs: number;
}

export const appNotFound = (appId: string) =>
  new AppError(404, 'APP_NOT_FOUND', `No chat widget for application id "${appId}": unknown or disabled.`);

/** An enabled application and its widget settings (defaults when it has no settings row). */
export async function findWidgetApplication(db: Db, appId: string) {
  const application = await accounts.findApplication(db, appId);
  if (!application || application.disabledAt) return null;
  const settings = await findChatWidgetSettingsOrDefaults(db, application.id);
  return { application, settings };
}

export interface InitInput {
  appId: string;
  userId: string;
  userName?: string | undefined;
  email?: string | undefined;
  password?: string | undefined;
  authenticationTypeId: number;
}

/**
 * Visitor init: the application must exist and be enabled, the embedding site must be allowed,
 * then the visitor is registered (or signed in again) through register/client and gets a
 * messaging token, the widget's settings and whether the team is within business hours.
 */
export async function initVisitor(
  deps: WidgetDeps,
  input: InitInput,
  site: { host: string | null; ownHosts: readonly string[] },
  now = new Date(),
): Promise<WidgetInitResponse> {
  return (await startVisitorSession(deps, input, site, now)).init;
}

/** A visitor's session as init starts it, with the platform's keys the Kommunicate widget reads. */
export interface VisitorSession {
  init: WidgetInitResponse;
  /** The user's key: the platform's `token` (its socket topic) and payload-encryption key. */
  userKey: string;
  deviceKey: string;
  imageLink: string | null;
}

/** Init (see `initVisitor`) with the session's platform keys: the Kommunicate widget's initialize.page. */
export async function startVisitorSession(
  deps: WidgetDeps,
  input: InitInput,
  site: { host: string | null; ownHosts: readonly string[] },
  now = new Date(),
): Promise<VisitorSession> {
  const found = await findWidgetApplication(deps.db, input.appId);
  if (!found) throw appNotFound(input.appId);
  const { application, settings } = found;
  if (!isAllowedSite(site.host, settings.configuration.allowedDomains, site.ownHosts)) {
    throw new AppError(
      403,
      'DOMAIN_NOT_ALLOWED',
      site.host
        ? `The chat widget of this application is not allowed on ${site.host}. Add the domain in Settings → Chat widget configuration.`
        : 'The chat widget of this application only runs on its allowed domains, and this page did not say where it is.',
    );
  }
  const existing = await accounts.findUserInApplication(deps.db, application.id, input.userId);
  // Members sign in to the dashboard; the widget is for the application's customers.
  if (existing && existing.roleType !== null) {
    throw forbidden('This user id belongs to a team member; the widget is for your customers.');
  }
  const email = input.email?.toLowerCase() || undefined;
  if (email && !validateEmail(email).ok)
    throw badRequest('INVALID_EMAIL', 'Please enter a valid email address');
  const registered = await registerClient(
    { db: deps.db, sessionTtlMs: deps.sessionTtlMs },
    {
      userId: input.userId,
      applicationId: application.id,
      password: input.password,
      authenticationTypeId: input.authenticationTypeId,
      deviceType: 0,
      displayName: input.userName,
      email,
    },
  );
  switch (registered.message) {
    case 'INVALID_APPLICATIONID':
      throw appNotFound(input.appId);
    case 'PASSWORD_INVALID':
      throw new AppError(401, 'PASSWORD_INVALID', 'INVALID PASSWORD');
    case 'PASSWORD_REQUIRED':
      throw badRequest('PASSWORD_REQUIRED', 'This user needs a password (authenticationTypeId 1).');
  }
  let user = await accounts.findUserInApplication(deps.db, application.id, input.userId);
  if (!user || !registered.authToken)
    throw new AppError(500, 'INTERNAL_SERVER_ERROR', 'Retry again after some time!!');
  // The site knows its signed-in customer's name and e-mail better than we do: keep them current.
  const changes: { displayName?: string; email?: string } = {};
  if (input.userName && input.userName !== user.displayName) changes.displayName = input.userName;
  if (email && email !== user.email) changes.email = email;
  if (Object.keys(changes).length > 0) {
    await accounts.updateUser(deps.db, user.id, changes);
    user = { ...user, ...changes };
  }
  const init: WidgetInitResponse = {
    token: registered.authToken,
    userId: user.userId,
    displayName: user.displayName,
    email: user.email,
    phone: user.contactNumber,
    appId: application.id,
    appName: application.name,
    product: application.product === 'agent' ? 'agent' : 'classic',
    settings,
    isWithinBusinessHours: isWithinBusinessHours(businessHoursOf(settings), now),
    encryptionEnabled: application.encryptionEnabled,
  };
  return {
    init,
    userKey: user.userKey,
    deviceKey: registered.deviceKey ?? '',
    imageLink: user.imageLink,
  };
}

/**
 * The Kommunicate widget's away message (`/applications/{id}/awaymessage`), by Convo's own widget's
 * rule: outside business hours the away message shows, if it is on; inside them the team is
 * there (`AGENTS_ONLINE`). The call carries no session (the widget sends it to its API host, often
 * without its token), so the answer is the application's alone and treats the visitor as not
 * known; the e-mail capture is offered with the message when the setting asks for it.
 */
export async function awayMessageOf(db: Db, appId: string, now = new Date()) {
  const found = await findWidgetApplication(db, appId);
  if (!found) throw appNotFound(appId);
  const { settings } = found;
  const away = !isWithinBusinessHours(businessHoursOf(settings), now);
  const collectEmailOnAwayMessage = settings.awayMessage.collectEmailOnAwayMessage;
  return {
    code: away ? ('SUCCESS' as const) : ('AGENTS_ONLINE' as const),
    data: {
      messageList:
        away && settings.awayMessage.enabled
          ? [
              {
                message: settings.awayMessage.message,
                eventId: collectEmailOnAwayMessage ? (1 as const) : (2 as const),
              },
            ]
          : [],
      collectEmailOnAwayMessage,
      collectEmailOnWelcomeMessage: settings.welcomeMessage.collectEmailOnWelcomeMessage,
      welcomeMessageEnabled: settings.welcomeMessage.enabled,
      anonymousUser: true,
    },
  };
}

function requireVisitor(caller: AuthContext) {
  authorize(caller, 'widget.visit', APPLICATION, 'Only the visitor of the widget can do this.');
}

/** The visitor's name, e-mail or phone, from the pre-chat form or the away-message capture. */
export async function updateVisitor(
  deps: Pick<WidgetDeps, 'db'>,
  caller: AuthContext,
  input: { name?: string | undefined; email?: string | undefined; phone?: string | undefined },
) {
  requireVisitor(caller);
  const changes: { displayName?: string; email?: string; contactNumber?: string } = {};
  if (input.name !== undefined) changes.displayName = input.name;
  if (input.email !== undefined) {
    const email = input.email.toLowerCase();
    const check = validateEmail(email);
    if (!check.ok) throw badRequest(check.code, check.message, [{ path: 'email', message: check.message }]);
    changes.email = email;
  }
  if (input.phone !== undefined) {
    const check = validatePhone(input.phone);
    if (!check.ok) throw badRequest(check.code, check.message, [{ path: 'phone', message: check.message }]);
    changes.contactNumber = input.phone.trim();
  }
  await accounts.updateUser(deps.db, caller.userId, changes);
  const user = await accounts.findUserById(deps.db, caller.applicationId, caller.userId);
  if (!user) throw forbidden();
  return { userId: user.userId, displayName: user.displayName, email: user.email, phone: user.contactNumber };
}

/**
 * CSAT: the conversation's own visitor rates it once it is resolved; a second rating replaces the
 * first. Stored, written to the timeline and sent to the team in one transaction. `whileOpen`: the
 * Kommunicate widget's "rate this conversation" at any time (the messaging family's feedback,
 * docs/decisions.md); Convo's own widget rates resolved conversations only.
 */
export async function rateConversation(
  deps: WidgetDeps,
  caller: AuthContext,
  groupId: number,
  input: { rating: number; comment?: string | undefined },
  /** The SPEC §9 scale of `rating`: Convo's widget rates 1–5 (new); the platform's smileys 1/5/10 (old). */
  scale: 'old' | 'new' = 'new',
  whileOpen = false,
): Promise<WidgetRating> {
  requireVisitor(caller);
  return deps.realtime.transaction(deps.db, caller.applicationId, async (tx, events) => {
    // An end user only finds their own conversations; another's is "not found".
    const conv = await findVisible(tx, caller, { groupId }, true);
    if (conv.customerId !== caller.userId)
      throw forbidden('Only the customer of a conversation can rate it.');
    if (!whileOpen && conv.status !== CONVERSATION_STATUS.CLOSED) {
      throw new AppError(
        409,
        'CONVERSATION_NOT_RESOLVED',
        'A conversation can be rated once it is resolved.',
      );
    }
    const comment = input.comment ? input.comment : null;
    const row = await repo.upsertRating(tx, {
      applicationId: caller.applicationId,
      conversationId: conv.id,
      userId: caller.userId,
      rating: input.rating,
      comment,
      scale,
    });
    await insertTimelineEvent(tx, {
      applicationId: caller.applicationId,
      conversationId: conv.id,
      type: 'rated',
      actorId: caller.userId,
      data: { rating: input.rating, comment },
    });
    events.emit({
      type: EVENT.CONVERSATION_UPDATED,
      conversationId: conv.id,
      audiences: audiencesOf(conv),
      data: { groupId: conv.id, rating: { rating: input.rating, comment } },
    });
    await widgetBus.emit('csat.received', {
      tx,
      applicationId: caller.applicationId,
      conversation: { id: conv.id, clientGroupId: conv.clientGroupId },
      rating: input.rating,
      comment,
      customerUserId: caller.userName,
    });
    return toRating(row);
  });
}

/** A conversation's rating as its customer (or a member) may read it; "not found" otherwise. */
export async function readRating(db: Db, caller: AuthContext, groupId: number): Promise<repo.RatingRow> {
  const row = await repo.findRating(db, caller.applicationId, groupId);
  // A visitor sees only the rating of their own conversation.
  if (!row || !can(caller, 'conversation.see', { participant: row.userId === caller.userId }))
    throw notFound('No rating yet.');
  return row;
}

export function toRating(row: repo.RatingRow): WidgetRating {
  return {
    groupId: row.conversationId,
    rating: row.rating,
    comment: row.comment,
    createdAtTime: row.createdAt.getTime(),
    updatedAtTime: row.updatedAt.getTime(),
  };
}

/** The demo workspace (seeded on the first start), found by its owner; null when there is none. */
/** An application that exists and is not disabled. */
export async function findLiveApplication(db: Db, applicationId: string) {
  const application = await accounts.findApplication(db, applicationId);
  return application && !application.disabledAt ? application : null;
}

export async function findDemoApplication(db: Db) {
  const owner = await accounts.findMemberByEmail(db, DEMO_MEMBERS[0].email);
  if (!owner) return null;
  return findLiveApplication(db, owner.applicationId);
}
