import { eq } from 'drizzle-orm';
import { appSettings } from '../../db/schema/index.js';
import type { Db } from '../../platform/db/database.js';

// The conversation columns of app_settings (routing, bot hand-off, auto-resolve).

export async function findConversationSettings(db: Db, applicationId: string) {
  const [row] = await db
    .select({
      agentRouting: appSettings.agentRouting,
      removeBotOnAgentHandOff: appSettings.removeBotOnAgentHandOff,
      autoResolveAfterMinutes: appSettings.autoResolveAfterMinutes,
      companySetting: appSettings.companySetting,
    })
    .from(appSettings)
    .where(eq(appSettings.applicationId, applicationId))
    .limit(1)
    .for('update');
  return row;
}

export async function updateConversationSettings(
  db: Db,
  applicationId: string,
  patch: {
    agentRouting?: number;
    removeBotOnAgentHandOff?: boolean;
    autoResolveAfterMinutes?: number | null;
  },
) {
  await db
    .update(appSettings)
    .set({ ...patch, updatedAt: new Date() })
    .where(eq(appSettings.applicationId, applicationId));
}
