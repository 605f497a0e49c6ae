import {
  BILLING_PATHS,
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
