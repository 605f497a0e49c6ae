// Mantine theme generated from the brand palette (BRAND_COLOURS, or the custom primaryTheme).

import { type BrandPalette, STATUS_COLOURS } from '@convo/domain';
import { type CSSVariablesResolver, createTheme, type MantineThemeOverride } from '@mantine/core';
import { colourScale, PRIMARY_SHADE_INDEX } from './palette';

export function buildTheme(palette: BrandPalette): MantineThemeOverride {
  return createTheme({
    primaryColor: 'brand',
    primaryShade: PRIMARY_SHADE_INDEX as 6,
    colors: {
      brand: colourScale(palette.primary),
      danger: colourScale(STATUS_COLOURS.danger),
    },
    // White text on the brand buttons (spec button text), dark text on very light custom colours.
    autoContrast: true,
    luminanceThreshold: 0.45,
    black: STATUS_COLOURS.defaultText,
    defaultRadius: 'md',
    focusRing: 'auto',
    fontFamily:
      'Inter, system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans", "Noto Sans Kannada", Helvetica, Arial, sans-serif',
    headings: { fontWeight: '600' },
    other: { palette },
  });
}

/** Light shade and button colours of the palette, as CSS variables the components read. */
export function buildCssVariablesResolver(palette: BrandPalette): CSSVariablesResolver {
  const [g0, g1, g2] = palette.loginGradient;
  return () => ({
    variables: {
      '--convo-primary': palette.primary,
      '--convo-primary-light': palette.primaryLight,
      '--convo-secondary': palette.secondary,
      '--convo-button-hover': palette.buttons.hover,
      '--convo-button-shadow': palette.buttons.shadow,
      '--convo-login-gradient': `linear-gradient(135deg, ${g0} 0%, ${g1} 50%, ${g2} 100%)`,
    },
    light: {
      '--mantine-primary-color-light': palette.primaryLight,
      '--mantine-primary-color-filled': palette.buttons.primaryBackground,
      '--mantine-primary-color-filled-hover': palette.buttons.hover,
      '--mantine-color-brand-light': palette.primaryLight,
      '--mantine-color-brand-filled': palette.buttons.primaryBackground,
      '--mantine-color-brand-filled-hover': palette.buttons.hover,
      '--mantine-color-disabled': palette.buttons.disabledBackground,
      '--mantine-color-disabled-color': palette.buttons.disabledText,
    },
    dark: {},
  });
}
