import { MAX_TRIAL_EXTENSION_DAYS } from '@convo/domain';
import { z } from 'zod';
import { BillingInputError, extendTrial } from '../modules/billing/index.js';
import type { Db } from '../platform/db/database.js';
import { OpsError } from './errors.js';

// `convo extend-trial`: the operator's "extend trial" of SPEC §7 (issue 19).

/** A bad <days>: the command answers with exit code 2. */
export class ExtendTrialUsageError extends Error {}

const daysSchema = z.coerce
  .number({ message: '<days> must be a whole number' })
  .int('<days> must be a whole number')
  .min(1, '<days> must be at least 1')
  .max(MAX_TRIAL_EXTENSION_DAYS, `<days> must be at most ${MAX_TRIAL_EXTENSION_DAYS}`);

/** <days> as a number, or ExtendTrialUsageError: checked before any database is opened. */
export function trialDays(days: string): number {
  const parsed = daysSchema.safeParse(days);
  if (!parsed.success) throw new ExtendTrialUsageError(parsed.error.issues[0]?.message ?? 'bad <days>');
  return parsed.data;
}

/** Validates <days>, extends the trial and answers the line the command prints. */
export async function extendTrialFromArgs(
  db: Db,
  applicationId: string,
  days: string,
  now?: number,
): Promise<string> {
  const parsed = { data: trialDays(days) };
  try {
    const saved = await extendTrial(db, { applicationId, days: parsed.data, ...(now ? { now } : {}) });
    return `${applicationId}: trial extended by ${parsed.data} days, until ${saved.until?.toISOString() ?? '?'}`;
  } catch (err) {
    if (err instanceof BillingInputError) throw new OpsError(err.message);
    throw err;
  }
}
