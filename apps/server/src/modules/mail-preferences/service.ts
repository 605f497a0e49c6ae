import type { EmailNotifications, MailPreferences } from '@convo/api';
import { USER_STATUS } from '@convo/domain';
import { badRequest } from '../../http/errors.js';
import type { Db } from '../../platform/db/database.js';
import { findUserById } from '../accounts/index.js';
import { getSettings, saveSettings } from '../email-notifications/index.js';
import { type MailLinkSubject, verifyMailLinkToken } from './link-token.js';

// /subscribe and /unsubscribe: the mail choices of the member a signed link names (the same
// choices as Settings → Email notifications). A bad, forged or orphaned link gets one answer.

const invalidLink = () => badRequest('INVALID_PARAMETER', 'This link is not valid.');

async function memberOf(db: Db, secret: string, token: string): Promise<MailLinkSubject & { email: string }> {
  const subject = verifyMailLinkToken(secret, token);
  if (subject === null) throw invalidLink();
  const user = await findUserById(db, subject.applicationId, subject.userId);
  if (!user?.email || user.status === USER_STATUS.DELETED) throw invalidLink();
  return { ...subject, email: user.email };
}

export async function readPreferences(db: Db, secret: string, token: string): Promise<MailPreferences> {
  const member = await memberOf(db, secret, token);
  return { email: member.email, choices: await getSettings(db, member.applicationId, member.userId) };
}

export async function savePreferences(
  db: Db,
  secret: string,
  token: string,
  choices: EmailNotifications,
): Promise<MailPreferences> {
  const member = await memberOf(db, secret, token);
  await saveSettings(db, member.applicationId, member.userId, choices);
  return { email: member.email, choices };
}
