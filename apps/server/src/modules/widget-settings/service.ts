import {
  CHAT_WIDGET_SECTION_PRIVILEGES,
  CHAT_WIDGET_SECTIONS,
  type ChatWidgetSection,
  type ChatWidgetSettings,
  type ChatWidgetSettingsPatch,
} from '@convo/api';
import {
  type Actor,
  type BusinessHours,
  type CompanySetting,
  can,
  type PrivilegeKey,
  type Weekday,
} from '@convo/domain';
import type { AuthContext } from '../../http/auth.js';
import { AppError, notFound } from '../../http/errors.js';
import type { Db } from '../../platform/db/database.js';
import * as repo from './repository.js';
import { forgetVisitorNaming } from './visitor-naming.js';

// Settings → the chat widget's pages. Reading is for every member (the pages show read-only to
// nobody, but the install page and the widget preview need it); each saved section needs its own
// privilege, and a save that touches one refused section writes nothing.

const missing = () => notFound('This application has no settings.');

export async function getChatWidgetSettings(db: Db, applicationId: string): Promise<ChatWidgetSettings> {
  const found = await repo.findChatWidgetSettings(db, applicationId);
  if (!found) throw missing();
  return found;
}

/** The widget's business hours as the domain rules take them (days checked 0–6 on save). */
export function businessHoursOf(settings: ChatWidgetSettings): BusinessHours {
  const hours = settings.businessHours;
  return { ...hours, days: hours.days.map((d) => ({ ...d, day: d.day as Weekday })) };
}

export function sectionsIn(patch: ChatWidgetSettingsPatch): ChatWidgetSection[] {
  return CHAT_WIDGET_SECTIONS.filter((section) => patch[section] !== undefined);
}

/** The privileges the caller lacks for these sections (SPEC §6, company overrides included). */
export function refusedPrivileges(
  sections: readonly ChatWidgetSection[],
  caller: Actor,
  companySetting: CompanySetting | null,
): { section: ChatWidgetSection; privilege: PrivilegeKey }[] {
  return sections
    .map((section) => ({ section, privilege: CHAT_WIDGET_SECTION_PRIVILEGES[section] }))
    .filter(({ privilege: key }) => !can(caller, 'privilege.use', { key, companySetting }));
}

export interface ChatWidgetWrite {
  chatWidget: Record<string, unknown>;
  collectEmailOnAwayMessage?: boolean | undefined;
  collectEmailOnWelcomeMessage?: boolean | undefined;
}

/**
 * The stored document with the patch's sections replacing their old values. The two collectEmail*
 * flags are application-setting columns (SPEC §3), so they leave the JSON: one place holds each.
 * Keys we do not know are kept as stored.
 */
export function applyPatch(stored: Record<string, unknown>, patch: ChatWidgetSettingsPatch): ChatWidgetWrite {
  const chatWidget: Record<string, unknown> = { ...stored };
  const write: ChatWidgetWrite = { chatWidget };
  for (const section of sectionsIn(patch)) {
    if (section === 'awayMessage' && patch.awayMessage) {
      const { collectEmailOnAwayMessage, ...rest } = patch.awayMessage;
      chatWidget.awayMessage = rest;
      write.collectEmailOnAwayMessage = collectEmailOnAwayMessage;
    } else if (section === 'welcomeMessage' && patch.welcomeMessage) {
      const { collectEmailOnWelcomeMessage, ...rest } = patch.welcomeMessage;
      chatWidget.welcomeMessage = rest;
      write.collectEmailOnWelcomeMessage = collectEmailOnWelcomeMessage;
    } else {
      chatWidget[section] = patch[section];
    }
  }
  return write;
}

/** Saves the given sections in one transaction and answers the whole document as now stored. */
export async function updateChatWidgetSettings(
  db: Db,
  caller: AuthContext,
  patch: ChatWidgetSettingsPatch,
): Promise<ChatWidgetSettings> {
  const saved = await db.transaction(async (tx) => {
    const row = await repo.lockChatWidgetRow(tx, caller.applicationId);
    if (!row) throw missing();
    const refused = refusedPrivileges(sectionsIn(patch), caller, row.companySetting);
    if (refused.length > 0) {
      throw new AppError(
        403,
        'FORBIDDEN',
        'You are not allowed to change these settings.',
        refused.map(({ section, privilege }) => ({ path: section, message: `Needs ${privilege}` })),
      );
    }
    await repo.updateChatWidgetRow(tx, caller.applicationId, applyPatch(row.chatWidget, patch));
    const stored = await repo.findChatWidgetSettings(tx, caller.applicationId);
    if (!stored) throw missing();
    return stored;
  });
  // The agent pseudonym may have changed: what visitors read must follow at once.
  forgetVisitorNaming(caller.applicationId);
  return saved;
}
