import type {
  SupportTicket,
  SupportTicketCreateRequest,
  SupportTicketDetail,
  SupportTicketType,
} from '@convo/api';
import {
  isAdminRole,
  SUPPORT_TICKET_LIMITS,
  SUPPORT_TICKET_STATUS,
  ticketReference,
  USER_STATUS,
} from '@convo/domain';
import type { AuthContext } from '../../http/auth.js';
import { badRequest, conflict, notFound } from '../../http/errors.js';
import { requireAdmin, requireMember } from '../../http/policy.js';
import type { Db } from '../../platform/db/database.js';
import type { Mailer } from '../../platform/mail/mailer.js';
import * as repo from './repository.js';

// Support tickets: the public /help form files one for the install's support workspace, whose
// members are told by mail, answer (the answer is mailed to the requester) and solve it.

export interface SupportTicketDeps {
  db: Db;
  mailer: Mailer;
  publicUrl: string;
  /** SUPPORT_APP_ID: the workspace that receives public tickets, when set. */
  configuredApplicationId: string | null;
  applicationExists(id: string): Promise<boolean>;
  /** The install's first workspace (the company running the server). */
  firstApplicationId(): Promise<string | null>;
  /** The workspace's members; its admins who can still sign in are told of each new ticket. */
  members(
    applicationId: string,
  ): Promise<{ roleType: string | null; status: number; email: string | null }[]>;
}

/**
 * The workspace that receives the public /help form's tickets: SUPPORT_APP_ID's when it exists,
 * else the install's first workspace.
 */
async function supportApplicationId(deps: SupportTicketDeps): Promise<string | null> {
  const configured = deps.configuredApplicationId;
  if (configured && (await deps.applicationExists(configured))) return configured;
  return deps.firstApplicationId();
}

async function adminEmails(deps: SupportTicketDeps, applicationId: string): Promise<string[]> {
  const members = await deps.members(applicationId);
  return members
    .filter((m) => isAdminRole(m.roleType) && m.status !== USER_STATUS.EXPIRED && m.email)
    .map((m) => m.email as string);
}

const LIST_LIMIT = 200;

const noSupportWorkspace = () =>
  badRequest('SUPPORT_UNAVAILABLE', 'This server has no support team to receive tickets yet.');

function typeView(row: repo.TicketTypeRow | null): SupportTicketType | null {
  return row ? { id: row.id, name: row.name } : null;
}

function ticketView(row: {
  ticket: repo.TicketRow;
  type: repo.TicketTypeRow | null;
  replyCount: number;
}): SupportTicket {
  const t = row.ticket;
  return {
    id: t.id,
    reference: ticketReference(t.id),
    status: t.status,
    name: t.name,
    email: t.email,
    subject: t.subject,
    description: t.description,
    type: typeView(row.type),
    replyCount: Number(row.replyCount),
    createdAt: t.createdAt.getTime(),
    solvedAt: t.solvedAt?.getTime() ?? null,
  };
}

/** The issue types the public form offers (those of the support workspace). */
export async function listPublicTypes(deps: SupportTicketDeps): Promise<SupportTicketType[]> {
  const applicationId = await supportApplicationId(deps);
  if (!applicationId) return [];
  return (await repo.listTypes(deps.db, applicationId)).map((r) => ({ id: r.id, name: r.name }));
}

export async function createPublicTicket(
  deps: SupportTicketDeps,
  input: SupportTicketCreateRequest,
): Promise<{ id: string; reference: string }> {
  const applicationId = await supportApplicationId(deps);
  if (!applicationId) throw noSupportWorkspace();
  // An unknown type (deleted, or another workspace's) files the ticket without one.
  const type = input.typeId ? await repo.findType(deps.db, applicationId, input.typeId) : undefined;
  const ticket = await repo.insertTicket(deps.db, {
    applicationId,
    typeId: type?.id ?? null,
    name: input.name,
    email: input.email.toLowerCase(),
    subject: input.subject,
    description: input.description,
  });
  const reference = ticketReference(ticket.id);
  const link = `${deps.publicUrl}/help`;
  const recipients = await adminEmails(deps, applicationId);
  for (const to of recipients)
    await deps.mailer.send({
      to,
      applicationId,
      subject: `New support ticket ${reference}: ${input.subject}`,
      text: `${input.name} <${input.email}> wrote${type ? ` (${type.name})` : ''}:\n\n${input.description}\n\nAnswer it on ${link}`,
    });
  await deps.mailer.send({
    to: ticket.email,
    applicationId,
    subject: `We received your request ${reference}`,
    text: `Hello ${input.name},\n\nThank you for writing to us. Your request "${input.subject}" is ticket ${reference}; we will answer you at this address.\n`,
  });
  return { id: ticket.id, reference };
}

export async function listTickets(
  deps: SupportTicketDeps,
  caller: AuthContext,
  status: number | undefined,
): Promise<SupportTicket[]> {
  requireMember(caller);
  return (await repo.listTickets(deps.db, caller.applicationId, status, LIST_LIMIT)).map(ticketView);
}

async function findOrFail(db: Db, caller: AuthContext, id: string) {
  requireMember(caller);
  const row = await repo.findTicket(db, caller.applicationId, id);
  if (!row) throw notFound('Ticket not found.');
  return row;
}

export async function getTicket(
  deps: SupportTicketDeps,
  caller: AuthContext,
  id: string,
): Promise<SupportTicketDetail> {
  const row = await findOrFail(deps.db, caller, id);
  const replies = await repo.listReplies(deps.db, caller.applicationId, id);
  return {
    ...ticketView(row),
    replies: replies.map((r) => ({
      id: r.reply.id,
      message: r.reply.message,
      authorName: r.authorName || r.authorUserId || null,
      createdAt: r.reply.createdAt.getTime(),
    })),
  };
}

/** Stores a member's answer and mails it to the requester; answering a solved ticket reopens it. */
export async function reply(
  deps: SupportTicketDeps,
  caller: AuthContext,
  id: string,
  message: string,
): Promise<SupportTicketDetail> {
  const row = await findOrFail(deps.db, caller, id);
  await deps.db.transaction(async (tx) => {
    await repo.insertReply(tx, {
      applicationId: caller.applicationId,
      ticketId: id,
      authorId: caller.userId,
      message,
    });
    if (row.ticket.status !== SUPPORT_TICKET_STATUS.OPEN)
      await repo.setStatus(tx, caller.applicationId, id, SUPPORT_TICKET_STATUS.OPEN, null);
  });
  const reference = ticketReference(id);
  await deps.mailer.send({
    to: row.ticket.email,
    applicationId: caller.applicationId,
    subject: `Re: ${row.ticket.subject} (${reference})`,
    text: `${message}\n\n— Your request ${reference}: "${row.ticket.subject}"`,
  });
  return getTicket(deps, caller, id);
}

export async function setStatus(
  deps: SupportTicketDeps,
  caller: AuthContext,
  id: string,
  status: number,
): Promise<SupportTicketDetail> {
  requireMember(caller);
  const solvedBy = status === SUPPORT_TICKET_STATUS.SOLVED ? caller.userId : null;
  if (!(await repo.setStatus(deps.db, caller.applicationId, id, status, solvedBy)))
    throw notFound('Ticket not found.');
  return getTicket(deps, caller, id);
}

export async function listTypes(deps: SupportTicketDeps, caller: AuthContext): Promise<SupportTicketType[]> {
  requireMember(caller);
  return (await repo.listTypes(deps.db, caller.applicationId)).map((r) => ({ id: r.id, name: r.name }));
}

export async function createType(
  deps: SupportTicketDeps,
  caller: AuthContext,
  name: string,
): Promise<SupportTicketType> {
  requireAdmin(caller, 'add issue types');
  if ((await repo.countTypes(deps.db, caller.applicationId)) >= SUPPORT_TICKET_LIMITS.types)
    throw badRequest(
      'TOO_MANY_ISSUE_TYPES',
      `A workspace can have at most ${SUPPORT_TICKET_LIMITS.types} issue types.`,
    );
  const row = await repo.insertType(deps.db, caller.applicationId, name);
  if (!row) throw conflict('ISSUE_TYPE_EXISTS', `The issue type "${name}" already exists.`);
  return { id: row.id, name: row.name };
}
