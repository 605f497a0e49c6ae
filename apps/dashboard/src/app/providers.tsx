import type { ClientConfig } from '@convo/api';
import { MODAL_OVERLAY_Z_INDEX } from '@convo/domain';
import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, useMemo } from 'react';
import { queryClient } from './query-client';
import { StorageFull } from './storage/storage-full';
import { resolvePalette } from './theme/palette';
import { buildCssVariablesResolver, buildTheme } from './theme/theme';

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
        {/* Above modals (their overlay stacks at 5000), so a toast is never hidden by one. */}
        <Notifications position="top-right" zIndex={MODAL_OVERLAY_Z_INDEX + 100} limit={5} />
        <StorageFull />
        {children}
      </QueryClientProvider>
    </MantineProvider>
  );
}
