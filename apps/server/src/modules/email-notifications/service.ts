import { DEFAULT_EMAIL_NOTIFICATIONS, type EmailNotifications } from '@convo/api';
import { USER_STATUS } from '@convo/domain';
import type { AuthContext } from '../../http/auth.js';
import type { Db } from '../../platform/db/database.js';
import { insertMail } from '../../platform/mail/outbox-repository.js';
import * as repo from './repository.js';

/**
 * The signed /unsubscribe link of a member's mails (mail-preferences signs it; the composition root
 * sets it, so this module imports not the page that edits its settings).
 */
export interface MailLinks {
  unsubscribeUrl(subject: { applicationId: string; userId: string }): string;
}
let mailLinks: MailLinks | null = null;
export function configureMailLinks(links: MailLinks): void {
  mailLinks = links;
}

// /settings/email-notifications: which mails one member receives; defaults until they save.

export async function getSettings(
  db: Db,
  applicationId: string,
  userId: string,
): Promise<EmailNotifications> {
  const row = await repo.findSettings(db, applicationId, userId);
  if (!row) return DEFAULT_EMAIL_NOTIFICATIONS;
  return {
    assignedToMe: row.assignedToMe,
    newMessageWhileOffline: row.newMessageWhileOffline,
    dailySummary: row.dailySummary,
  };
}

export const getOwn = (db: Db, caller: AuthContext) => getSettings(db, caller.applicationId, caller.userId);

export async function saveSettings(db: Db, applicationId: string, userId: string, input: EmailNotifications) {
  await repo.upsertSettings(db, { applicationId, userId, ...input });
  return input;
}

export const saveOwn = (db: Db, caller: AuthContext, input: EmailNotifications) =>
  saveSettings(db, caller.applicationId, caller.userId, input);

/**
 * Inside the assignment's transaction: an agent who is not online and wants it gets an outbox row,
 * so the mail exists exactly when the assignment does.
 */
export async function queueAssignedMail(
  tx: Db,
  agent: { id: string; applicationId: string; email: string | null; status: number; displayName: string },
  conversation: { id: number },
): Promise<boolean> {
  if (!agent.email || agent.status === USER_STATUS.ONLINE) return false;
  if (!(await getSettings(tx, agent.applicationId, agent.id)).assignedToMe) return false;
  const greeting = agent.displayName ? `Hi ${agent.displayName},` : 'Hi,';
  await insertMail(
    tx,
    {
      to: agent.email,
      applicationId: agent.applicationId,
      subject: `Conversation #${conversation.id} was assigned to you`,
      text: `${greeting}\n\nConversation #${conversation.id} was assigned to you while you were away. Open the inbox to answer it.\n\nYou can turn these mails off in Settings → Email notifications${
        mailLinks
          ? ` or here: ${mailLinks.unsubscribeUrl({ applicationId: agent.applicationId, userId: agent.id })}`
          : ''
      }.`,
    },
    'queued',
  );
  return true;
}

/** What the "assigned to me" mail needs of an assignment (the "conversation assigned" event, app.ts). */
export interface AssignmentForMail {
  tx: Db;
  conversation: { id: number };
  assignee:
    | { id: string; applicationId: string; email: string | null; status: number; displayName: string }
    | undefined;
  actorId: string | null;
}

/** Subscribed to "conversation assigned": nobody is mailed about a conversation they took themselves. */
export async function mailAssignedAgent(assignment: AssignmentForMail): Promise<void> {
  const { assignee, actorId } = assignment;
  if (assignee && actorId !== assignee.id)
    await queueAssignedMail(assignment.tx, assignee, assignment.conversation);
}
