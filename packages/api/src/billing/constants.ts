// @convo/api/billing/constants: this context's constants without zod (no file reached from here
// imports zod; scripts/check-import-cycles.mjs checks it). Types come from @convo/api/billing with
// `import type`, which the bundle never holds.

// billing.ts

export const BILLING_PATHS = {
  state: '/api/billing/state',
  overview: '/api/billing',
  helpCenter: '/api/billing/helpcenter',
  /** Stripe only: a Checkout Session for a new subscription. */
  checkout: '/api/billing/checkout',
  /** Stripe only: a customer-portal session (card update, cancel). */
  portal: '/api/billing/portal',
  /** What a plan change would cost now (proration of the server's prices). */
  changePreview: '/api/billing/change-preview',
  /** The overage add-on's packs (Stripe: an item of the subscription). */
  addons: '/api/billing/addons',
  /** Stripe only: Stripe's webhook deliveries (verified by Stripe-Signature). */
  stripeWebhook: '/api/billing/stripe/webhook',
} as const;
