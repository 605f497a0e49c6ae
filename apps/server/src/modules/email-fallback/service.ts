import type { EmailFallbackSettings } from '@convo/api';
import {
  DEFAULT_FALLBACK_DELAY_MINUTES,
  EMAIL_FALLBACK_TYPES,
  FALLBACK_TYPE,
  type FallbackType,
} from '@convo/domain';
import type { Db } from '../../platform/db/database.js';
import * as repo from './repository.js';

// /settings/email-fallback: the application's four rules (SPEC §4 fallback types), each off with
// its default delay until the admin saves it.

export async function getSettings(db: Db, applicationId: string): Promise<EmailFallbackSettings> {
  const rows = await repo.listRules(db, applicationId);
  return {
    rules: EMAIL_FALLBACK_TYPES.map((fallbackType) => {
      const row = rows.find((r) => r.fallbackType === fallbackType);
      return {
        fallbackType,
        enabled: row?.enabled ?? false,
        delayMinutes: row?.delayMinutes ?? DEFAULT_FALLBACK_DELAY_MINUTES[fallbackType],
      };
    }),
  };
}

/** Saves the rules given (the others keep theirs); message forwarding is always at once. */
export async function saveSettings(
  db: Db,
  applicationId: string,
  input: EmailFallbackSettings,
): Promise<EmailFallbackSettings> {
  await db.transaction(async (tx) => {
    await repo.upsertRules(
      tx,
      applicationId,
      input.rules.map((r) => ({
        fallbackType: r.fallbackType,
        enabled: r.enabled,
        delayMinutes:
          (r.fallbackType as FallbackType) === FALLBACK_TYPE.MESSAGE_FORWARDING ? 0 : r.delayMinutes,
      })),
    );
  });
  return getSettings(db, applicationId);
}
