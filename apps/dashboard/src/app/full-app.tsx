// The whole app behind boot: react-query and the router with every route. Loaded by boot.tsx
// beside the config, except on a cold sign-in page, which renders without it (issue 39,
// app/sign-in/sign-in-app.tsx) and loads it when left.

import { QueryClientProvider } from '@tanstack/react-query';
import { setLogoutCacheClear } from './logout';
import { queryClient } from './query-client';
import { AppRouter } from './routing/router';

setLogoutCacheClear(() => queryClient.clear());

export function FullApp() {
  return (
    <QueryClientProvider client={queryClient}>
      <AppRouter />
    </QueryClientProvider>
  );
}
