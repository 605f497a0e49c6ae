import {
  BILLING_PATHS,
  type BillingAddonRequest,
  type BillingChangePreviewQuery,
  type BillingCheckoutRequest,
  billingAddonResponseSchema,
  billingChangePreviewResponseSchema,
  billingCheckoutResponseSchema,
  billingOverviewResponseSchema,
  billingPortalResponseSchema,
  billingStateResponseSchema,
  helpCenterBillingResponseSchema,
} from '@convo/api';
import { apiRequest } from '../../../app/api/api-client';

// Billing's product API (issue 19): the account state every member follows, the billing screens.

export { billingKeys } from './billing-keys';

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

/** Opens Stripe's customer portal (card update, cancel); answers the page to go to. */
export async function openCustomerPortal() {
  return (await apiRequest(BILLING_PATHS.portal, { method: 'POST', schema: billingPortalResponseSchema }))
    .data.url;
}

/** What changing to a plan costs now; the server prices it (nothing about a price is sent). */
export async function fetchChangePreview(query: BillingChangePreviewQuery, signal?: AbortSignal) {
  return (
    await apiRequest(BILLING_PATHS.changePreview, {
      schema: billingChangePreviewResponseSchema,
      query: { plan: query.plan, period: query.period, seats: query.seats },
      signal,
    })
  ).data;
}

/** Sets the overage add-on's packs (0 removes it); the server prices them. */
export async function setAddonPacks(body: BillingAddonRequest) {
  return (
    await apiRequest(BILLING_PATHS.addons, { method: 'POST', body, schema: billingAddonResponseSchema })
  ).data.packs;
}
