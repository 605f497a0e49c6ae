import { FREQUENT_SIGNUPS, SUBSCRIPTION_REQUIRED } from '@convo/domain';
import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { billingKeys } from '../features/billing/api/billing-keys';
import { isApiError } from './api/api-error';

/**
 * A call refused because the account is blocked (SPEC §4: trial expired, suspended…) means the
 * account state changed since it was read: read it again, so the redirect to its screen follows.
 */
function onError(error: unknown): void {
  if (isApiError(error) && error.code === SUBSCRIPTION_REQUIRED) {
    void queryClient.invalidateQueries({ queryKey: billingKeys.state });
  }
  // The account is blocked for frequent sign-ups (SPEC §8): the session says so, and its modal follows.
  if (isApiError(error) && error.code === FREQUENT_SIGNUPS) {
    void queryClient.invalidateQueries({ queryKey: ['session', 'me'] });
  }
}

export const queryClient: QueryClient = new QueryClient({
  queryCache: new QueryCache({ onError }),
  mutationCache: new MutationCache({ onError }),
  defaultOptions: {
    queries: {
      refetchOnWindowFocus: false,
      staleTime: 30_000,
      // Client errors (4xx) will not change on a retry; network and server errors get one more try.
      retry: (failureCount, error) =>
        failureCount < 1 && !(isApiError(error) && error.status >= 400 && error.status < 500),
    },
    mutations: { retry: false },
  },
});
