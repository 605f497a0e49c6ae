import { eq } from 'drizzle-orm';
import { appSettings, conversationPreferences } from '../../db/schema/index.js';
import type { Db } from '../../platform/db/database.js';

// The conversation columns of app_settings (routing, bot hand-off, auto-resolve) and the
// application's conversation_preferences row (waiting queue, inbox defaults).

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

export type PreferencesRow = typeof conversationPreferences.$inferSelect;
type PreferencesPatch = Partial<Omit<typeof conversationPreferences.$inferInsert, 'applicationId'>>;

/** The application's preferences; undefined when never saved (the column defaults apply). */
export async function findPreferences(db: Db, applicationId: string) {
  const [row] = await db
    .select()
    .from(conversationPreferences)
    .where(eq(conversationPreferences.applicationId, applicationId))
    .limit(1);
  return row;
}

export async function upsertPreferences(db: Db, applicationId: string, patch: PreferencesPatch) {
  const values = { ...patch, updatedAt: new Date() };
  const [row] = await db
    .insert(conversationPreferences)
    .values({ applicationId, ...values })
    .onConflictDoUpdate({ target: conversationPreferences.applicationId, set: values })
    .returning();
  return row!;
}
