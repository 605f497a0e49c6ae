import { MAX_OVERAGE_PACKS } from '@convo/domain';
import { z } from 'zod';
import { BillingInputError, setPlan } from '../modules/billing/index.js';
import type { Db } from '../platform/db/database.js';
import { OpsError } from './errors.js';

// `convo set-plan`: the manual billing provider's way to sell a plan (issue 19).

/** A bad option value: the command answers with exit code 2. */
export class SetPlanUsageError extends Error {}

const optionsSchema = z.object({
  seats: z.coerce
    .number()
    .int('--seats must be a whole number')
    .min(1, '--seats must be at least 1')
    .optional(),
  period: z
    .enum(['monthly', 'yearly'], { message: '--period must be monthly or yearly' })
    .transform((p) => (p === 'yearly' ? ('year' as const) : ('month' as const)))
    .optional(),
  until: z
    .string()
    .refine((v) => !Number.isNaN(Date.parse(v)), '--until must be a date (YYYY-MM-DD or ISO time)')
    .transform((v) => new Date(v))
    .optional(),
  pricingVersion: z.coerce.number().int('--pricing-version must be 1 to 9').optional(),
  addonPacks: z.coerce
    .number()
    .int(`--addon-packs must be a whole number from 0 to ${MAX_OVERAGE_PACKS}`)
    .min(0, `--addon-packs must be a whole number from 0 to ${MAX_OVERAGE_PACKS}`)
    .max(MAX_OVERAGE_PACKS, `--addon-packs must be a whole number from 0 to ${MAX_OVERAGE_PACKS}`)
    .optional(),
});

export interface SetPlanArgs {
  seats?: string | undefined;
  period?: string | undefined;
  until?: string | undefined;
  pricingVersion?: string | undefined;
  addonPacks?: string | undefined;
}

/** Validates the options, sets the plan, and answers the line the command prints. */
export async function setPlanFromArgs(
  db: Db,
  applicationId: string,
  plan: string,
  args: SetPlanArgs,
): Promise<string> {
  const parsed = optionsSchema.safeParse(args);
  if (!parsed.success) throw new SetPlanUsageError(parsed.error.issues[0]?.message ?? 'bad option');
  const o = parsed.data;
  try {
    const saved = await setPlan(db, {
      applicationId,
      plan,
      seats: o.seats,
      period: o.period,
      until: o.until ?? null,
      pricingVersion: o.pricingVersion,
      addonPacks: o.addonPacks,
      provider: 'manual',
    });
    const seats = saved.seats === null ? '' : `, ${saved.seats} seats`;
    const until = saved.until ? `, until ${saved.until.toISOString()}` : '';
    const packs = saved.addonPacks > 0 ? `, ${saved.addonPacks} overage add-on packs` : '';
    return `${applicationId}: plan ${saved.plan} (pricing version ${saved.pricingVersion}, ${saved.billingPeriodUnit}ly${seats}${until}${packs})`;
  } catch (err) {
    if (err instanceof BillingInputError) throw new OpsError(err.message);
    throw err;
  }
}
