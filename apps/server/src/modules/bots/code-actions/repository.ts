import { and, asc, eq, sql } from 'drizzle-orm';
import { codeActions } from '../../../db/schema/index.js';
import type { Db } from '../../../platform/db/database.js';

// The code_actions table. Every query names the application: an action is never read or changed
// through another application.

export type CodeActionRow = typeof codeActions.$inferSelect;

export interface CodeActionValues {
  name: string;
  description: string;
  code: string;
  sampleInput: Record<string, unknown>;
}

const ofApp = (applicationId: string, id: string) =>
  and(eq(codeActions.applicationId, applicationId), eq(codeActions.id, id));

export async function listCodeActions(db: Db, applicationId: string): Promise<CodeActionRow[]> {
  return db
    .select()
    .from(codeActions)
    .where(eq(codeActions.applicationId, applicationId))
    .orderBy(asc(codeActions.name), asc(codeActions.id));
}

export async function findCodeAction(
  db: Db,
  applicationId: string,
  id: string,
): Promise<CodeActionRow | undefined> {
  const [row] = await db.select().from(codeActions).where(ofApp(applicationId, id)).limit(1);
  return row;
}

export async function insertCodeAction(
  db: Db,
  applicationId: string,
  values: CodeActionValues,
): Promise<CodeActionRow> {
  const [row] = await db
    .insert(codeActions)
    .values({ applicationId, ...values })
    .returning();
  if (!row) throw new Error('code action insert returned no row');
  return row;
}

export async function updateCodeAction(
  db: Db,
  applicationId: string,
  id: string,
  values: CodeActionValues,
): Promise<CodeActionRow | undefined> {
  const [row] = await db
    .update(codeActions)
    .set({ ...values, updatedAt: sql`now()` })
    .where(ofApp(applicationId, id))
    .returning();
  return row;
}

export async function deleteCodeAction(db: Db, applicationId: string, id: string): Promise<boolean> {
  const rows = await db.delete(codeActions).where(ofApp(applicationId, id)).returning({ id: codeActions.id });
  return rows.length > 0;
}
