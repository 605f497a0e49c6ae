import { type ChatWidgetSettings, readChatWidgetSettings } from '@convo/api';
import { eq } from 'drizzle-orm';
import { appSettings } from '../../db/schema/index.js';
import type { Db } from '../../platform/db/database.js';

/**
 * The chat widget's settings of an application: the stored document read over the defaults, with
 * the two application-setting columns (SPEC §3 collectEmailOnAwayMessage / …OnWelcomeMessage)
 * folded into their sections. Null when the application has no settings row.
 */
export async function findChatWidgetSettings(
  db: Db,
  applicationId: string,
): Promise<ChatWidgetSettings | null> {
  const [row] = await db
    .select({
      chatWidget: appSettings.chatWidget,
      collectEmailOnAwayMessage: appSettings.collectEmailOnAwayMessage,
      collectEmailOnWelcomeMessage: appSettings.collectEmailOnWelcomeMessage,
    })
    .from(appSettings)
    .where(eq(appSettings.applicationId, applicationId))
    .limit(1);
  if (!row) return null;
  const settings = readChatWidgetSettings(row.chatWidget);
  settings.awayMessage.collectEmailOnAwayMessage = row.collectEmailOnAwayMessage;
  settings.welcomeMessage.collectEmailOnWelcomeMessage = row.collectEmailOnWelcomeMessage;
  return settings;
}

/** The chat widget's settings, or the defaults when the application has no settings row. */
export async function findChatWidgetSettingsOrDefaults(
  db: Db,
  applicationId: string,
): Promise<ChatWidgetSettings> {
  return (await findChatWidgetSettings(db, applicationId)) ?? readChatWidgetSettings(undefined);
}

export interface ChatWidgetRow {
  chatWidget: Record<string, unknown>;
  companySetting: typeof appSettings.$inferSelect.companySetting;
}

/**
 * The stored document and the company's permission overrides, row locked until the transaction
 * ends: two saves of different sections must not overwrite each other's read-modify-write.
 */
export async function lockChatWidgetRow(db: Db, applicationId: string): Promise<ChatWidgetRow | null> {
  const [row] = await db
    .select({ chatWidget: appSettings.chatWidget, companySetting: appSettings.companySetting })
    .from(appSettings)
    .where(eq(appSettings.applicationId, applicationId))
    .for('update')
    .limit(1);
  return row ?? null;
}

export async function updateChatWidgetRow(
  db: Db,
  applicationId: string,
  values: {
    chatWidget: Record<string, unknown>;
    collectEmailOnAwayMessage?: boolean | undefined;
    collectEmailOnWelcomeMessage?: boolean | undefined;
  },
): Promise<void> {
  const set: Partial<typeof appSettings.$inferInsert> = {
    chatWidget: values.chatWidget,
    updatedAt: new Date(),
  };
  if (values.collectEmailOnAwayMessage !== undefined) {
    set.collectEmailOnAwayMessage = values.collectEmailOnAwayMessage;
  }
  if (values.collectEmailOnWelcomeMessage !== undefined) {
    set.collectEmailOnWelcomeMessage = values.collectEmailOnWelcomeMessage;
  }
  await db.update(appSettings).set(set).where(eq(appSettings.applicationId, applicationId));
}
