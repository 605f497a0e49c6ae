import type { ClientConfig } from '@convo/api';
import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, useMemo } from 'react';
import { queryClient } from './query-client';
import { StorageFull } from './storage/storage-full';
import { resolvePalette } from './theme/palette';
import { buildCssVariablesResolver, buildTheme } from './theme/theme';
import { ToastHost } from './toast-host';

interface AppProvidersProps {
  config: ClientConfig;
  /** '#rrggbb' from the primaryTheme parameter (stored), or null. */
  customPrimary: string | null;
  children: ReactNode;
}

export function AppProviders({ config, customPrimary, children }: AppProvidersProps) {
  const palette = useMemo(
    () => resolvePalette(config.variant, customPrimary),
    [config.variant, customPrimary],
  );
  const theme = useMemo(() => buildTheme(palette), [palette]);
  const cssVariablesResolver = useMemo(() => buildCssVariablesResolver(palette), [palette]);
  return (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} defaultColorScheme="light">
      <QueryClientProvider client={queryClient}>
        <ToastHost />
        <StorageFull />
        {children}
      </QueryClientProvider>
    </MantineProvider>
  );
}
