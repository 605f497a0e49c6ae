import type { Invoice } from '@convo/api';
import type { BillingProviderName } from './entitlements.js';

/**
 * A payment provider: who sells the plans. The subscription state it reports is written to
 * `billing_subscriptions` (by its webhooks, or by the operator's set-plan command for the manual
 * provider); the dashboard asks it only for what it keeps itself.
 */
export interface PaymentProvider {
  readonly name: BillingProviderName;
  /** The plans a member can buy online (Checkout); none when the operator sells by hand. */
  readonly offers: readonly { plan: string; period: 'month' | 'year' }[];
  /** The application's invoices, newest first. */
  listInvoices(applicationId: string): Promise<Invoice[]>;
  /** Overage add-ons bought online; null when the operator sells them by hand. */
  readonly addons: AddonSales | null;
}

/** Overage add-on packs as items of the provider's subscription (SPEC §9 add-on ids). */
export interface AddonSales {
  /** Whether this server has a price for the add-on id. */
  sells(addonId: string): boolean;
  /** Sets the subscription's packs of the add-on (0 removes it); the provider bills the change. */
  setPacks(input: { subscriptionId: string; addonId: string; packs: number }): Promise<void>;
}

/**
 * The operator invoices by hand and sets each plan with `npm run convo -- set-plan`; there are no
 * invoices to show and no checkout: the billing screen tells the member to get in touch.
 */
export const manualProvider: PaymentProvider = {
  name: 'manual',
  offers: [],
  listInvoices: async () => [],
  addons: null,
};
