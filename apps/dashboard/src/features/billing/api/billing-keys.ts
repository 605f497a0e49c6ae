import type { BillingChangePreviewQuery } from '@convo/api';

// Billing's query keys, apart from billing-api.ts: the query client (boot) invalidates the state
// on a refused call without loading the billing contracts and zod (issue 39).
export const billingKeys = {
  state: ['billing', 'state'] as const,
  overview: ['billing', 'overview'] as const,
  helpCenter: ['billing', 'helpcenter'] as const,
  changePreview: (q: BillingChangePreviewQuery) => ['billing', 'change-preview', q] as const,
};
