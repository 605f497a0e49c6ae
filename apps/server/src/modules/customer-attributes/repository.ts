import { and, asc, eq, max } from 'drizzle-orm';
import { customerAttributes } from '../../db/schema/index.js';
import type { Db } from '../../platform/db/database.js';

export type CustomerAttributeRow = typeof customerAttributes.$inferSelect;

const scoped = (applicationId: string, id: string) =>
  and(eq(customerAttributes.applicationId, applicationId), eq(customerAttributes.id, id));

export async function listAttributes(db: Db, applicationId: string) {
  return db
    .select()
    .from(customerAttributes)
    .where(eq(customerAttributes.applicationId, applicationId))
    .orderBy(asc(customerAttributes.position), asc(customerAttributes.createdAt));
}

export async function findByKey(db: Db, applicationId: string, key: string) {
  const [row] = await db
    .select()
    .from(customerAttributes)
    .where(and(eq(customerAttributes.applicationId, applicationId), eq(customerAttributes.key, key)))
    .limit(1);
  return row;
}

export async function nextPosition(db: Db, applicationId: string): Promise<number> {
  const [row] = await db
    .select({ last: max(customerAttributes.position) })
    .from(customerAttributes)
    .where(eq(customerAttributes.applicationId, applicationId));
  return (row?.last ?? -1) + 1;
}

export async function insertAttribute(
  db: Db,
  values: Omit<typeof customerAttributes.$inferInsert, 'id' | 'createdAt' | 'updatedAt'>,
) {
  const [row] = await db.insert(customerAttributes).values(values).returning();
  return row!;
}

export async function updateAttribute(
  db: Db,
  applicationId: string,
  id: string,
  values: Partial<Pick<CustomerAttributeRow, 'key' | 'label' | 'type' | 'visibleToAgents' | 'position'>>,
) {
  const [row] = await db
    .update(customerAttributes)
    .set({ ...values, updatedAt: new Date() })
    .where(scoped(applicationId, id))
    .returning();
  return row;
}

export async function deleteAttribute(db: Db, applicationId: string, id: string) {
  const rows = await db
    .delete(customerAttributes)
    .where(scoped(applicationId, id))
    .returning({ id: customerAttributes.id });
  return rows.length > 0;
}
