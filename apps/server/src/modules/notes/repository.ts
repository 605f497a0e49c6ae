import { and, count, desc, eq } from 'drizzle-orm';
import { notes, users } from '../../db/schema/index.js';
import type { Db } from '../../platform/db/database.js';

// The only place notes are read or written; every query names its application.

export type NoteRow = typeof notes.$inferSelect;

/** A note with its author's user id and name: what the API shows. */
const noteWithAuthor = {
  id: notes.id,
  conversationId: notes.conversationId,
  authorId: notes.authorId,
  body: notes.body,
  createdAt: notes.createdAt,
  updatedAt: notes.updatedAt,
  authorUserId: users.userId,
  authorDisplayName: users.displayName,
};

export async function insertNote(db: Db, values: typeof notes.$inferInsert): Promise<NoteRow> {
  const [row] = await db.insert(notes).values(values).returning();
  return row!;
}

export async function findNote(db: Db, applicationId: string, noteId: string) {
  const [row] = await db
    .select(noteWithAuthor)
    .from(notes)
    .innerJoin(users, eq(users.id, notes.authorId))
    .where(and(eq(notes.applicationId, applicationId), eq(notes.id, noteId)))
    .limit(1);
  return row;
}
export type NoteWithAuthor = NonNullable<Awaited<ReturnType<typeof findNote>>>;

/** A page of a conversation's notes, newest first. */
export async function listNotes(
  db: Db,
  applicationId: string,
  conversationId: number,
  page: { limit: number; offset: number },
) {
  return db
    .select(noteWithAuthor)
    .from(notes)
    .innerJoin(users, eq(users.id, notes.authorId))
    .where(and(eq(notes.applicationId, applicationId), eq(notes.conversationId, conversationId)))
    .orderBy(desc(notes.createdAt), desc(notes.id))
    .limit(page.limit)
    .offset(page.offset);
}

export async function countNotes(db: Db, applicationId: string, conversationId: number): Promise<number> {
  const [row] = await db
    .select({ total: count() })
    .from(notes)
    .where(and(eq(notes.applicationId, applicationId), eq(notes.conversationId, conversationId)));
  return row?.total ?? 0;
}

export async function updateNoteBody(db: Db, applicationId: string, noteId: string, body: string) {
  const [row] = await db
    .update(notes)
    .set({ body, updatedAt: new Date() })
    .where(and(eq(notes.applicationId, applicationId), eq(notes.id, noteId)))
    .returning({ id: notes.id });
  return row;
}

export async function deleteNote(db: Db, applicationId: string, noteId: string): Promise<boolean> {
  const rows = await db
    .delete(notes)
    .where(and(eq(notes.applicationId, applicationId), eq(notes.id, noteId)))
    .returning({ id: notes.id });
  return rows.length > 0;
}
