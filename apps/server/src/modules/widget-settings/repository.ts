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
