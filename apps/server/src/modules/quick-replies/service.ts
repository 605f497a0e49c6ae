import type { QuickReply } from '@convo/api';
import { can } from '@convo/domain';
import type { AuthContext } from '../../http/auth.js';
import { conflict, forbidden, notFound } from '../../http/errors.js';
import type { Db } from '../../platform/db/database.js';
import * as repo from './repository.js';

// Quick replies (SPEC §2 /settings/quick-replies, '/' in the composer). Shared replies belong to
// the team and only admins write them; a personal reply is its owner's alone.

function canEdit(caller: AuthContext, row: { ownerId: string | null }): boolean {
  return can(caller, 'quick-reply.write', { ownerId: row.ownerId });
}

function toView(caller: AuthContext, row: repo.QuickReplyRow): QuickReply {
  return {
    id: row.id,
    shortcut: row.shortcut,
    content: row.content,
    shared: row.ownerId === null,
    ownerUserId: row.ownerUserId,
    editable: canEdit(caller, row),
    updatedAt: row.updatedAt.getTime(),
  };
}

export interface QuickReplyInput {
  shortcut: string;
  content: string;
  shared: boolean;
}

const sharedOnlyByAdmins = () => forbidden('Only admins can write shared quick replies.');
const shortcutTaken = (shortcut: string) =>
  conflict('QUICK_REPLY_EXISTS', `The shortcut "/${shortcut}" is already used.`);

export async function listQuickReplies(db: Db, caller: AuthContext) {
  const rows = await repo.listVisible(db, caller.applicationId, caller.userId);
  return rows.map((r) => toView(caller, r));
}

/** The shared replies' texts, for reply suggestions outside a member's session (a bot). */
export async function listSharedQuickReplies(
  db: Db,
  applicationId: string,
): Promise<{ id: string; shortcut: string; content: string }[]> {
  const rows = await repo.listShared(db, applicationId);
  return rows.map((r) => ({ id: r.id, shortcut: r.shortcut, content: r.content }));
}

export async function createQuickReply(db: Db, caller: AuthContext, input: QuickReplyInput) {
  if (input.shared && !can(caller, 'quick-reply.write', { ownerId: null })) throw sharedOnlyByAdmins();
  const ownerId = input.shared ? null : caller.userId;
  return db.transaction(async (tx) => {
    if (await repo.findByShortcut(tx, caller.applicationId, ownerId, input.shortcut))
      throw shortcutTaken(input.shortcut);
    const id = await repo.insert(tx, {
      applicationId: caller.applicationId,
      ownerId,
      shortcut: input.shortcut,
      content: input.content,
    });
    return toView(caller, (await repo.findOne(tx, caller.applicationId, id))!);
  });
}

async function findEditable(tx: Db, caller: AuthContext, id: string) {
  const row = await repo.findOne(tx, caller.applicationId, id);
  // Someone else's personal reply does not exist for the caller.
  if (!row || (row.ownerId !== null && row.ownerId !== caller.userId))
    throw notFound('Quick reply not found.');
  if (!canEdit(caller, row)) throw sharedOnlyByAdmins();
  return row;
}

export async function updateQuickReply(db: Db, caller: AuthContext, id: string, input: QuickReplyInput) {
  if (input.shared && !can(caller, 'quick-reply.write', { ownerId: null })) throw sharedOnlyByAdmins();
  const ownerId = input.shared ? null : caller.userId;
  return db.transaction(async (tx) => {
    await findEditable(tx, caller, id);
    const clash = await repo.findByShortcut(tx, caller.applicationId, ownerId, input.shortcut);
    if (clash && clash.id !== id) throw shortcutTaken(input.shortcut);
    await repo.update(tx, caller.applicationId, id, {
      ownerId,
      shortcut: input.shortcut,
      content: input.content,
    });
    return toView(caller, (await repo.findOne(tx, caller.applicationId, id))!);
  });
}

export async function deleteQuickReply(db: Db, caller: AuthContext, id: string) {
  return db.transaction(async (tx) => {
    await findEditable(tx, caller, id);
    await repo.remove(tx, caller.applicationId, id);
    return { id, deleted: true as const };
  });
}
