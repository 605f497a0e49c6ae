import {
  BILLING_PATHS,
  type BillingCheckoutRequest,
  billingCheckoutResponseSchema,
  billingOverviewResponseSchema,
  billingStateResponseSchema,
  helpCenterBillingResponseSchema,
} from '@convo/api';
import { apiRequest } from '../../app/api/api-client';

// Billing's product API (issue 19): the account state every member follows, the billing screens.

export const billingKeys = {
  state: ['billing', 'state'] as const,
  overview: ['billing', 'overview'] as const,
  helpCenter: ['billing', 'helpcenter'] as const,
};

export async function fetchBillingState(signal?: AbortSignal) {
  return (await apiRequest(BILLING_PATHS.state, { schema: billingStateResponseSchema, signal })).data;
}

export async function fetchBillingOverview(signal?: AbortSignal) {
  return (await apiRequest(BILLING_PATHS.overview, { schema: billingOverviewResponseSchema, signal })).data;
}

export async function fetchHelpCenterBilling(signal?: AbortSignal) {
  return (await apiRequest(BILLING_PATHS.helpCenter, { schema: helpCenterBillingResponseSchema, signal }))
    .data;
}

/** Starts Stripe Checkout for a plan; answers the page to go to. The server sets the price. */
export async function startCheckout(body: BillingCheckoutRequest) {
  return (
    await apiRequest(BILLING_PATHS.checkout, { method: 'POST', body, schema: billingCheckoutResponseSchema })
  ).data.url;
}
