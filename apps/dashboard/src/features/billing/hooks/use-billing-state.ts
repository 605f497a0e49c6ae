import { useQuery } from '@tanstack/react-query';
import { billingKeys, fetchBillingState } from '../api/billing-api';

/** How long the account state is trusted before it is asked again (it changes with the plan only). */
const BILLING_STATE_STALE_MS = 60_000;

/** The application's account state and locked features, shared by every screen that needs them. */
export function useBillingState() {
  return useQuery({
    queryKey: billingKeys.state,
    queryFn: ({ signal }) => fetchBillingState(signal),
    staleTime: BILLING_STATE_STALE_MS,
    refetchInterval: 5 * BILLING_STATE_STALE_MS,
    retry: 1,
  });
}
