import { and, asc, count, desc, eq, sql } from 'drizzle-orm';
import { supportTicketReplies, supportTickets, supportTicketTypes, users } from '../../db/schema/index.js';
import type { Db } from '../../platform/db/database.js';

// The only place support tickets, their replies and issue types are read or written; every query
// names the application.

export type TicketRow = typeof supportTickets.$inferSelect;
export type TicketTypeRow = typeof supportTicketTypes.$inferSelect;

export async function listTypes(db: Db, applicationId: string): Promise<TicketTypeRow[]> {
  return db
    .select()
    .from(supportTicketTypes)
    .where(eq(supportTicketTypes.applicationId, applicationId))
    .orderBy(asc(supportTicketTypes.name));
}

export async function countTypes(db: Db, applicationId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(supportTicketTypes)
    .where(eq(supportTicketTypes.applicationId, applicationId));
  return row?.n ?? 0;
}

/** Inserts a type; null when the application already has one of that name (any case). */
export async function insertType(db: Db, applicationId: string, name: string): Promise<TicketTypeRow | null> {
  const [row] = await db
    .insert(supportTicketTypes)
    .values({ applicationId, name })
    .onConflictDoNothing()
    .returning();
  return row ?? null;
}

export async function findType(db: Db, applicationId: string, id: string) {
  const [row] = await db
    .select()
    .from(supportTicketTypes)
    .where(and(eq(supportTicketTypes.applicationId, applicationId), eq(supportTicketTypes.id, id)));
  return row;
}

export async function insertTicket(
  db: Db,
  row: Omit<typeof supportTickets.$inferInsert, 'id' | 'createdAt' | 'status'>,
): Promise<TicketRow> {
  const [inserted] = await db.insert(supportTickets).values(row).returning();
  if (!inserted) throw new Error('support ticket insert returned no row');
  return inserted;
}

const replyCount = sql<number>`(select count(*)::int from ${supportTicketReplies} r where r.ticket_id = ${supportTickets.id})`;

export async function listTickets(db: Db, applicationId: string, status: number | undefined, limit: number) {
  return db
    .select({ ticket: supportTickets, type: supportTicketTypes, replyCount })
    .from(supportTickets)
    .leftJoin(supportTicketTypes, eq(supportTicketTypes.id, supportTickets.typeId))
    .where(
      and(
        eq(supportTickets.applicationId, applicationId),
        status === undefined ? undefined : eq(supportTickets.status, status),
      ),
    )
    .orderBy(desc(supportTickets.createdAt))
    .limit(limit);
}

export async function findTicket(db: Db, applicationId: string, id: string) {
  const [row] = await db
    .select({ ticket: supportTickets, type: supportTicketTypes, replyCount })
    .from(supportTickets)
    .leftJoin(supportTicketTypes, eq(supportTicketTypes.id, supportTickets.typeId))
    .where(and(eq(supportTickets.applicationId, applicationId), eq(supportTickets.id, id)));
  return row;
}

export async function listReplies(db: Db, applicationId: string, ticketId: string) {
  return db
    .select({ reply: supportTicketReplies, authorName: users.displayName, authorUserId: users.userId })
    .from(supportTicketReplies)
    .leftJoin(users, eq(users.id, supportTicketReplies.authorId))
    .where(
      and(eq(supportTicketReplies.applicationId, applicationId), eq(supportTicketReplies.ticketId, ticketId)),
    )
    .orderBy(asc(supportTicketReplies.createdAt));
}

export async function insertReply(
  db: Db,
  row: { applicationId: string; ticketId: string; authorId: string; message: string },
) {
  await db.insert(supportTicketReplies).values(row);
}

export async function setStatus(
  db: Db,
  applicationId: string,
  id: string,
  status: number,
  solvedBy: string | null,
): Promise<boolean> {
  const rows = await db
    .update(supportTickets)
    .set({ status, solvedAt: status === 2 ? new Date() : null, solvedBy })
    .where(and(eq(supportTickets.applicationId, applicationId), eq(supportTickets.id, id)))
    .returning({ id: supportTickets.id });
  return rows.length > 0;
}
