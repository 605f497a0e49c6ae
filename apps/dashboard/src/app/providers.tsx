import type { ClientConfig } from '@convo/api';
import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { queryClient } from './query-client';
import { ShellProviders } from './shell-providers';

interface AppProvidersProps {
  config: ClientConfig;
  /** '#rrggbb' from the primaryTheme parameter (stored), or null. */
  customPrimary: string | null;
  children: ReactNode;
}

/** The shell's providers and react-query's, as the signed-in app has them (full-app.tsx; tests). */
export function AppProviders({ config, customPrimary, children }: AppProvidersProps) {
  return (
    <ShellProviders config={config} customPrimary={customPrimary}>
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    </ShellProviders>
  );
}
