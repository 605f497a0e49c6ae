import { eq } from 'drizzle-orm';
import { applications, customers } from '../../db/schema/index.js';
import type { Db } from '../../platform/db/database.js';

export async function findCompany(db: Db, applicationId: string) {
  const [row] = await db
    .select({ application: applications, customer: customers })
    .from(applications)
    .innerJoin(customers, eq(customers.id, applications.customerId))
    .where(eq(applications.id, applicationId))
    .limit(1);
  return row;
}

/** The company's name lives on the customer and, as the application's name, on the application. */
export async function renameCompany(
  db: Db,
  applicationId: string,
  customerId: string,
  values: { companyName: string; industry?: string | null | undefined },
) {
  await db
    .update(customers)
    .set({
      companyName: values.companyName,
      ...(values.industry === undefined ? {} : { industry: values.industry }),
    })
    .where(eq(customers.id, customerId));
  await db.update(applications).set({ name: values.companyName }).where(eq(applications.id, applicationId));
}
