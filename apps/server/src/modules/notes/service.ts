import type { Note, NotePage } from '@convo/api';
import type { AuthContext } from '../../http/auth.js';
import { notFound } from '../../http/errors.js';
import { authorize, requireMember as requirePolicyMember } from '../../http/policy.js';
import type { Db } from '../../platform/db/database.js';
import { NOTE_EVENT_TYPE, parseGroupIdParam } from '../conversation-timeline/index.js';
import { findVisible, insertTimelineEvent, type MessagingDeps } from '../conversations/index.js';
import type { EventSink } from '../realtime/index.js';
import { AUDIENCE_MEMBERS, EVENT } from '../realtime/index.js';
import * as repo from './repository.js';

// Notes are private to the team: members of the application read and write them, the customer
// never sees them (not in the API, not in the real-time stream, not in the timeline).

const noteNotFound = () => notFound('Note not found.');
const NOTE_AUDIENCES = [AUDIENCE_MEMBERS];

function requireMember(caller: AuthContext) {
  requirePolicyMember(caller, 'Notes are for the team: only members of the application can use them.');
}

/** Only the author of a note or an admin (roles '0' and '1') may change or delete it. */
function requireAuthorOrAdmin(caller: AuthContext, note: repo.NoteWithAuthor) {
  authorize(
    caller,
    'note.change',
    { authorId: note.authorId },
    'Only the author of a note or an admin can change it.',
  );
}

function toNote(row: repo.NoteWithAuthor): Note {
  return {
    id: row.id,
    groupId: row.conversationId,
    body: row.body,
    author: { userId: row.authorUserId, displayName: row.authorDisplayName || row.authorUserId },
    createdAtTime: row.createdAt.getTime(),
    updatedAtTime: row.updatedAt.getTime(),
  };
}

const EVENT_OF = {
  added: EVENT.NOTE_ADDED,
  updated: EVENT.NOTE_UPDATED,
  deleted: EVENT.NOTE_DELETED,
} as const;

/** A note change on the conversation's timeline and, for the team only, in the real-time stream. */
async function recordNoteChange(
  tx: Db,
  events: EventSink,
  caller: AuthContext,
  conversationId: number,
  change: { action: keyof typeof EVENT_OF; noteId: string; data: Record<string, unknown> },
) {
  await insertTimelineEvent(tx, {
    applicationId: caller.applicationId,
    conversationId,
    type: NOTE_EVENT_TYPE,
    actorId: caller.userId,
    data: { action: change.action, noteId: change.noteId },
  });
  events.emit({
    type: EVENT_OF[change.action],
    conversationId,
    audiences: NOTE_AUDIENCES,
    data: { groupId: conversationId, ...change.data },
  });
}

async function noteView(db: Db, applicationId: string, noteId: string): Promise<Note> {
  const row = await repo.findNote(db, applicationId, noteId);
  if (!row) throw noteNotFound();
  return toNote(row);
}

/** `GET group/{id}/notes`: a page of notes, newest first, with the total. */
export async function listNotes(
  deps: Pick<MessagingDeps, 'db'>,
  caller: AuthContext,
  rawGroupId: string | undefined,
  page: { limit: number; offset: number },
): Promise<NotePage> {
  requireMember(caller);
  const conversation = await findVisible(deps.db, caller, { groupId: parseGroupIdParam(rawGroupId) });
  const [rows, total] = await Promise.all([
    repo.listNotes(deps.db, caller.applicationId, conversation.id, page),
    repo.countNotes(deps.db, caller.applicationId, conversation.id),
  ]);
  return { limit: page.limit, offset: page.offset, total, data: rows.map(toNote) };
}

/** `POST group/{id}/notes`: a new note, a timeline row and a note.added event for the team. */
export async function addNote(
  deps: MessagingDeps,
  caller: AuthContext,
  rawGroupId: string | undefined,
  body: string,
): Promise<Note> {
  requireMember(caller);
  const groupId = parseGroupIdParam(rawGroupId);
  return deps.realtime.transaction(deps.db, caller.applicationId, async (tx, events) => {
    const conversation = await findVisible(tx, caller, { groupId });
    const row = await repo.insertNote(tx, {
      applicationId: caller.applicationId,
      conversationId: conversation.id,
      authorId: caller.userId,
      body,
    });
    const note = await noteView(tx, caller.applicationId, row.id);
    await recordNoteChange(tx, events, caller, conversation.id, {
      action: 'added',
      noteId: note.id,
      data: { note },
    });
    return note;
  });
}

/** `PUT notes/{noteId}`: new text for a note (its author or an admin). */
export async function editNote(
  deps: MessagingDeps,
  caller: AuthContext,
  noteId: string,
  body: string,
): Promise<Note> {
  requireMember(caller);
  return deps.realtime.transaction(deps.db, caller.applicationId, async (tx, events) => {
    const existing = await repo.findNote(tx, caller.applicationId, noteId);
    if (!existing) throw noteNotFound();
    requireAuthorOrAdmin(caller, existing);
    if (!(await repo.updateNoteBody(tx, caller.applicationId, noteId, body))) throw noteNotFound();
    const note = await noteView(tx, caller.applicationId, noteId);
    await recordNoteChange(tx, events, caller, note.groupId, {
      action: 'updated',
      noteId: note.id,
      data: { note },
    });
    return note;
  });
}

/** `DELETE notes/{noteId}` (its author or an admin). */
export async function deleteNote(
  deps: MessagingDeps,
  caller: AuthContext,
  noteId: string,
): Promise<{ id: string; deleted: true }> {
  requireMember(caller);
  return deps.realtime.transaction(deps.db, caller.applicationId, async (tx, events) => {
    const existing = await repo.findNote(tx, caller.applicationId, noteId);
    if (!existing) throw noteNotFound();
    requireAuthorOrAdmin(caller, existing);
    if (!(await repo.deleteNote(tx, caller.applicationId, noteId))) throw noteNotFound();
    await recordNoteChange(tx, events, caller, existing.conversationId, {
      action: 'deleted',
      noteId: existing.id,
      data: { noteId: existing.id },
    });
    return { id: existing.id, deleted: true as const };
  });
}
