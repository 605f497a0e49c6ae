import type { ClientConfig } from '@convo/api';
import { MantineProvider } from '@mantine/core';
import { type ReactNode, useMemo } from 'react';
import { StorageFull } from './storage/storage-full';
import { resolvePalette } from './theme/palette';
import { buildCssVariablesResolver, buildTheme } from './theme/theme';
import { ToastHost } from './toast-host';

interface ShellProvidersProps {
  config: ClientConfig;
  /** '#rrggbb' from the primaryTheme parameter (stored), or null. */
  customPrimary: string | null;
  children: ReactNode;
}

/**
 * What every screen needs, the sign-in page included: the theme, the toasts, the storage-full
 * dialog. react-query comes with the whole app (full-app.tsx), not here (issue 39).
 */
export function ShellProviders({ config, customPrimary, children }: ShellProvidersProps) {
  const palette = useMemo(
    () => resolvePalette(config.variant, customPrimary),
    [config.variant, customPrimary],
  );
  const theme = useMemo(() => buildTheme(palette), [palette]);
  const cssVariablesResolver = useMemo(() => buildCssVariablesResolver(palette), [palette]);
  return (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} defaultColorScheme="light">
      <ToastHost />
      <StorageFull />
      {children}
    </MantineProvider>
  );
}
