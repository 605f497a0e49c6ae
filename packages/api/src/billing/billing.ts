import { ACCOUNT_STATES, FEATURE_KEYS, MAX_OVERAGE_PACKS } from '@convo/domain';
import { z } from 'zod';
import { successEnvelope } from '../accounts/index.js';

// Product API for billing (issue 19): the account state every member's dashboard follows, the
// billing screen's overview and the help-center product's plan. Prices are never read from the
// browser: nothing here accepts one.

/** A plan to buy: the server looks its price up; nothing about a price comes from the browser. */
export const billingCheckoutRequestSchema = z.object({
  plan: z.string().trim().min(1).max(40),
  period: z.enum(['month', 'year']),
  seats: z.number().int().min(1).max(10_000),
});
export type BillingCheckoutRequest = z.infer<typeof billingCheckoutRequestSchema>;
export const billingCheckoutResponseSchema = successEnvelope(z.object({ url: z.string() }));

export const billingPortalResponseSchema = successEnvelope(z.object({ url: z.string() }));

/** How many overage add-on packs the subscription holds from now on (0 removes the add-on). */
export const billingAddonRequestSchema = z.object({
  packs: z.number().int().min(0).max(MAX_OVERAGE_PACKS),
});
export type BillingAddonRequest = z.infer<typeof billingAddonRequestSchema>;
export const billingAddonResponseSchema = successEnvelope(z.object({ packs: z.number().int() }));

export const billingChangePreviewQuerySchema = z.object({
  plan: z.string().trim().min(1).max(40),
  period: z.enum(['month', 'year']),
  seats: z.coerce.number().int().min(1).max(10_000).optional(),
});
export type BillingChangePreviewQuery = z.infer<typeof billingChangePreviewQuerySchema>;

/** A plan change's price, in the currency's smallest unit; computed from the server's price list only. */
export const billingChangePreviewSchema = z.object({
  currency: z.enum(['usd', 'inr']),
  currentPrice: z.number().int(),
  newPrice: z.number().int(),
  remainingDays: z.number().int(),
  periodDays: z.number().int(),
  credit: z.number().int(),
  charge: z.number().int(),
  amountDue: z.number().int(),
  periodRestarts: z.boolean(),
});
export type BillingChangePreview = z.infer<typeof billingChangePreviewSchema>;
export const billingChangePreviewResponseSchema = successEnvelope(billingChangePreviewSchema);

export const billingModeSchema = z.enum(['operator', 'billed']);
export const accountStateSchema = z.enum(ACCOUNT_STATES);
export const featureKeySchema = z.enum(FEATURE_KEYS as [string, ...string[]]);

export const lockedFeatureSchema = z.object({
  reason: z.enum(['FEATURE_NOT_AVAILABLE', 'UPGRADE_TO_LATEST_PRICING']),
  requiredLevel: z.number().int().optional(),
});

/** What every member's dashboard needs: where to send them and which screens show an upgrade prompt. */
export const billingStateSchema = z.object({
  mode: billingModeSchema,
  state: accountStateSchema,
  plan: z.string().nullable(),
  /** Whole days of trial left while the trial runs; null otherwise. */
  trialDaysLeft: z.number().int().nullable(),
  lockedFeatures: z.record(z.string(), lockedFeatureSchema),
});
export type BillingState = z.infer<typeof billingStateSchema>;
export const billingStateResponseSchema = successEnvelope(billingStateSchema);

export const invoiceSchema = z.object({
  id: z.string(),
  number: z.string(),
  issuedAt: z.number(),
  /** Smallest currency unit (cents, paise). */
  amount: z.number().int(),
  currency: z.string(),
  status: z.enum(['paid', 'open', 'void', 'uncollectible', 'draft']),
  url: z.string().nullable(),
});
export type Invoice = z.infer<typeof invoiceSchema>;

export const billingOverviewSchema = z.object({
  mode: billingModeSchema,
  provider: z.enum(['manual', 'stripe']).nullable(),
  state: accountStateSchema,
  plan: z.string().nullable(),
  pricingVersion: z.number().int().nullable(),
  billingPeriodUnit: z.enum(['month', 'year']).nullable(),
  /** Paid through / trial end (epoch ms), when the subscription has one. */
  until: z.number().nullable(),
  currency: z.enum(['usd', 'inr']),
  seats: z.object({
    used: z.number().int(),
    bought: z.number().int().nullable(),
    limit: z.number().nullable(),
  }),
  aiAgents: z.object({ used: z.number().int(), limit: z.number().nullable() }),
  usage: z.object({
    metric: z.enum(['mtuCount', 'channelCount']),
    /** First month counted ('YYYY-MM'): this month, or the last twelve on a yearly plan. */
    since: z.string(),
    messages: z.number().int(),
    mtu: z.number().int(),
    /** The plan's allowance for the metric; null when unmetered. */
    allowance: z.number().nullable(),
    /** Added to the allowance by the overage add-on's packs. */
    extra: z.number().int(),
    /** Used beyond the allowance and the packs. */
    over: z.number().int(),
    /** Packs that would cover `over` (0 without an add-on). */
    packsToCover: z.number().int(),
  }),
  /** The overage add-on the plan can have (SPEC §9); null when it has none. */
  addon: z
    .object({
      id: z.string(),
      metric: z.enum(['messages', 'mtu']),
      period: z.enum(['month', 'year']),
      unitsPerPack: z.number().int(),
      /** One pack's price for the period, whole currency units, from the server's price list. */
      pricePerPack: z.number(),
      packs: z.number().int(),
      maxPacks: z.number().int(),
      /** Bought here online (Stripe, subscribed); false: get in touch. */
      purchasable: z.boolean(),
    })
    .nullable(),
  invoices: z.array(invoiceSchema),
  /** Plans a member can buy online here (Stripe Checkout); empty: get in touch. */
  offers: z.array(z.object({ plan: z.string(), period: z.enum(['month', 'year']) })),
});
export type BillingOverview = z.infer<typeof billingOverviewSchema>;
export const billingOverviewResponseSchema = successEnvelope(billingOverviewSchema);

export const helpCenterBillingSchema = z.object({
  mode: billingModeSchema,
  provider: z.enum(['manual', 'stripe']).nullable(),
  /** The help center is its own product; without a subscription of its own it is on the free plan. */
  plan: z.string(),
});
export type HelpCenterBilling = z.infer<typeof helpCenterBillingSchema>;
export const helpCenterBillingResponseSchema = successEnvelope(helpCenterBillingSchema);
