// Glue between the domain colours and the UI kit: which palette applies, and its ten shades.

import {
  BRAND_COLOURS,
  type BrandPalette,
  deriveThemeFromPrimary,
  type ProductVariant,
  parseThemeColour,
  tintColour,
} from '@convo/domain';

/** The primaryTheme URL parameter as '#rrggbb', or null when absent or invalid (then ignored). */
export function themeColourFromSearch(search: string): string | null {
  const value = new URLSearchParams(search).get('primaryTheme');
  return value === null ? null : parseThemeColour(value);
}

/** Mixes a colour with black; weight 0 keeps it, 1 gives black. */
export function shadeColour(hex: string, weight: number): string {
  const parsed = parseThemeColour(hex);
  if (parsed === null) return hex;
  const w = Math.min(1, Math.max(0, weight));
  const channels = [1, 3, 5].map((i) =>
    Math.round(Number.parseInt(parsed.slice(i, i + 2), 16) * (1 - w))
      .toString(16)
      .padStart(2, '0'),
  );
  return `#${channels.join('')}`;
}

export function hexToRgba(hex: string, alpha: number): string {
  const parsed = parseThemeColour(hex) ?? '#000000';
  const [r, g, b] = [1, 3, 5].map((i) => Number.parseInt(parsed.slice(i, i + 2), 16));
  return `rgba(${r}, ${g}, ${b}, ${alpha})`;
}

/** The variant's palette, with primary, light and button colours replaced by a custom primary. */
export function resolvePalette(variant: ProductVariant, customPrimary: string | null): BrandPalette {
  const base: BrandPalette = BRAND_COLOURS[variant];
  if (customPrimary === null || parseThemeColour(customPrimary) === null) return base;
  const derived = deriveThemeFromPrimary(customPrimary, variant);
  return {
    ...base,
    primary: derived.primary,
    primaryLight: derived.primaryLight,
    buttons: {
      ...base.buttons,
      primaryBackground: derived.buttonPrimaryBackground,
      secondaryText: derived.primary,
      hover: shadeColour(derived.buttonPrimaryBackground, 0.12),
      shadow: hexToRgba(derived.primary, 0.3),
    },
  };
}

export const PRIMARY_SHADE_INDEX = 6;

export type ColourScale = readonly [
  string,
  string,
  string,
  string,
  string,
  string,
  string,
  string,
  string,
  string,
];

/** Ten shades, lightest first, with the primary itself exactly at PRIMARY_SHADE_INDEX. */
export function colourScale(primary: string): ColourScale {
  const base = parseThemeColour(primary) ?? primary;
  const tint = (weight: number) => tintColour(base, weight);
  const shade = (weight: number) => shadeColour(base, weight);
  return [
    tint(0.92),
    tint(0.8),
    tint(0.65),
    tint(0.5),
    tint(0.34),
    tint(0.17),
    base,
    shade(0.12),
    shade(0.24),
    shade(0.36),
  ];
}
