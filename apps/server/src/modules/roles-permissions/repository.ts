import { eq } from 'drizzle-orm';
import { appSettings } from '../../db/schema/index.js';
import type { Db } from '../../platform/db/database.js';

type CompanySetting = (typeof appSettings.$inferSelect)['companySetting'];

/** The application's company setting, locked for the transaction that rewrites part of it. */
export async function lockCompanySetting(db: Db, applicationId: string): Promise<CompanySetting | undefined> {
  const [row] = await db
    .select({ companySetting: appSettings.companySetting })
    .from(appSettings)
    .where(eq(appSettings.applicationId, applicationId))
    .for('update');
  return row?.companySetting;
}

export async function saveCompanySetting(db: Db, applicationId: string, companySetting: CompanySetting) {
  await db
    .update(appSettings)
    .set({ companySetting, updatedAt: new Date() })
    .where(eq(appSettings.applicationId, applicationId));
}
