import { ACCOUNT_STATES, FEATURE_KEYS, MAX_OVERAGE_PACKS } from '@convo/domain';
import * as z from 'zod/mini';
import { successEnvelope } from '../accounts/index.js';

// Product API for billing (issue 19): the account state every member's dashboard follows, the
// billing screen's overview and the help-center product's plan. Prices are never read from the
// browser: nothing here accepts one.

/** A plan to buy: the server looks its price up; nothing about a price comes from the browser. */
export const billingCheckoutRequestSchema = z.object({
  plan: z.string().check(z.trim(), z.minLength(1), z.maxLength(40)),
  period: z.enum(['month', 'year']),
  seats: z.number().check(z.int(), z.gte(1), z.lte(10_000)),
});
export type BillingCheckoutRequest = z.infer<typeof billingCheckoutRequestSchema>;
export const billingCheckoutResponseSchema = successEnvelope(z.object({ url: z.string() }));

export const billingPortalResponseSchema = successEnvelope(z.object({ url: z.string() }));

/** How many overage add-on packs the subscription holds from now on (0 removes the add-on). */
export const billingAddonRequestSchema = z.object({
  packs: z.number().check(z.int(), z.gte(0), z.lte(MAX_OVERAGE_PACKS)),
});
export type BillingAddonRequest = z.infer<typeof billingAddonRequestSchema>;
export const billingAddonResponseSchema = successEnvelope(z.object({ packs: z.number().check(z.int()) }));

export const billingChangePreviewQuerySchema = z.object({
  plan: z.string().check(z.trim(), z.minLength(1), z.maxLength(40)),
  period: z.enum(['month', 'year']),
  seats: z.optional(z.coerce.number().check(z.int(), z.gte(1), z.lte(10_000))),
});
export type BillingChangePreviewQuery = z.infer<typeof billingChangePreviewQuerySchema>;

/** A plan change's price, in the currency's smallest unit; computed from the server's price list only. */
export const billingChangePreviewSchema = z.object({
  currency: z.enum(['usd', 'inr']),
  currentPrice: z.number().check(z.int()),
  newPrice: z.number().check(z.int()),
  remainingDays: z.number().check(z.int()),
  periodDays: z.number().check(z.int()),
  credit: z.number().check(z.int()),
  charge: z.number().check(z.int()),
  amountDue: z.number().check(z.int()),
  periodRestarts: z.boolean(),
});
export type BillingChangePreview = z.infer<typeof billingChangePreviewSchema>;
export const billingChangePreviewResponseSchema = successEnvelope(billingChangePreviewSchema);

export const billingModeSchema = z.enum(['operator', 'billed']);
export const accountStateSchema = z.enum(ACCOUNT_STATES);
export const featureKeySchema = z.enum(FEATURE_KEYS as [string, ...string[]]);

export const lockedFeatureSchema = z.object({
  reason: z.enum(['FEATURE_NOT_AVAILABLE', 'UPGRADE_TO_LATEST_PRICING']),
  requiredLevel: z.optional(z.number().check(z.int())),
});

/** What every member's dashboard needs: where to send them and which screens show an upgrade prompt. */
export const billingStateSchema = z.object({
  mode: billingModeSchema,
  state: accountStateSchema,
  plan: z.nullable(z.string()),
  /** Whole days of trial left while the trial runs; null otherwise. */
  trialDaysLeft: z.nullable(z.number().check(z.int())),
  lockedFeatures: z.record(z.string(), lockedFeatureSchema),
});
export type BillingState = z.infer<typeof billingStateSchema>;
export const billingStateResponseSchema = successEnvelope(billingStateSchema);

export const invoiceSchema = z.object({
  id: z.string(),
  number: z.string(),
  issuedAt: z.number(),
  /** Smallest currency unit (cents, paise). */
  amount: z.number().check(z.int()),
  currency: z.string(),
  status: z.enum(['paid', 'open', 'void', 'uncollectible', 'draft']),
  url: z.nullable(z.string()),
});
export type Invoice = z.infer<typeof invoiceSchema>;

export const billingOverviewSchema = z.object({
  mode: billingModeSchema,
  provider: z.nullable(z.enum(['manual', 'stripe'])),
  state: accountStateSchema,
  plan: z.nullable(z.string()),
  pricingVersion: z.nullable(z.number().check(z.int())),
  billingPeriodUnit: z.nullable(z.enum(['month', 'year'])),
  /** Paid through / trial end (epoch ms), when the subscription has one. */
  until: z.nullable(z.number()),
  currency: z.enum(['usd', 'inr']),
  seats: z.object({
    used: z.number().check(z.int()),
    bought: z.nullable(z.number().check(z.int())),
    limit: z.nullable(z.number()),
  }),
  aiAgents: z.object({ used: z.number().check(z.int()), limit: z.nullable(z.number()) }),
  usage: z.object({
    metric: z.enum(['mtuCount', 'channelCount']),
    /** First month counted ('YYYY-MM'): this month, or the last twelve on a yearly plan. */
    since: z.string(),
    messages: z.number().check(z.int()),
    mtu: z.number().check(z.int()),
    /** The plan's allowance for the metric; null when unmetered. */
    allowance: z.nullable(z.number()),
    /** Added to the allowance by the overage add-on's packs. */
    extra: z.number().check(z.int()),
    /** Used beyond the allowance and the packs. */
    over: z.number().check(z.int()),
    /** Packs that would cover `over` (0 without an add-on). */
    packsToCover: z.number().check(z.int()),
  }),
  /** The overage add-on the plan can have (SPEC §9); null when it has none. */
  addon: z.nullable(
    z.object({
      id: z.string(),
      metric: z.enum(['messages', 'mtu']),
      period: z.enum(['month', 'year']),
      unitsPerPack: z.number().check(z.int()),
      /** One pack's price for the period, whole currency units, from the server's price list. */
      pricePerPack: z.number(),
      packs: z.number().check(z.int()),
      maxPacks: z.number().check(z.int()),
      /** Bought here online (Stripe, subscribed); false: get in touch. */
      purchasable: z.boolean(),
    }),
  ),
  invoices: z.array(invoiceSchema),
  /** Plans a member can buy online here (Stripe Checkout); empty: get in touch. */
  offers: z.array(z.object({ plan: z.string(), period: z.enum(['month', 'year']) })),
});
export type BillingOverview = z.infer<typeof billingOverviewSchema>;
export const billingOverviewResponseSchema = successEnvelope(billingOverviewSchema);

export const helpCenterBillingSchema = z.object({
  mode: billingModeSchema,
  provider: z.nullable(z.enum(['manual', 'stripe'])),
  /** The help center is its own product; without a subscription of its own it is on the free plan. */
  plan: z.string(),
});
export type HelpCenterBilling = z.infer<typeof helpCenterBillingSchema>;
export const helpCenterBillingResponseSchema = successEnvelope(helpCenterBillingSchema);
