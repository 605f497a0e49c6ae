// Brand and status colours of SPEC §9, plus the primaryTheme URL parameter rules of §2/§5.

import { TOAST_AUTO_CLOSE_MS } from './constants';

export const BRAND_VARIANTS = ['classic', 'agentic'] as const;
export type ProductVariant = (typeof BRAND_VARIANTS)[number];

export interface ButtonColours {
  primaryBackground: string;
  primaryText: string;
  secondaryBackground: string;
  secondaryText: string;
  hover: string;
  shadow: string;
  danger: string;
  dangerHover: string;
  disabledBackground: string;
  disabledText: string;
}

export interface BrandPalette {
  primary: string;
  primaryLight: string;
  secondary: string;
  buttons: ButtonColours;
  /** Login background gradient stops 0, 1 and 2. */
  loginGradient: readonly [string, string, string];
}

export interface AgenticBrandPalette extends BrandPalette {
  paleSky: string;
  titanWhite: string;
  whisper: string;
  botSaysActive: string;
}

export const STATUS_COLOURS = {
  danger: '#ED495c',
  success: '#2dd35c',
  warning: '#ecbd44',
  disabledBackground: '#bbbbbb',
  defaultText: '#354052',
} as const;

/** Share of white mixed into the primary to get its light shade. */
export const PRIMARY_LIGHT_TINT = 0.9;

// Only the two primaries come from the spec; every other shade below is our choice,
// derived from the primary (light = 90% white tint, hover = darker primary).
export const BRAND_COLOURS: { readonly classic: BrandPalette; readonly agentic: AgenticBrandPalette } = {
  classic: {
    primary: '#03B49B',
    primaryLight: '#e6f8f5',
    secondary: '#0a8a78',
    buttons: {
      primaryBackground: '#03B49B',
      primaryText: '#ffffff',
      secondaryBackground: '#ffffff',
      secondaryText: '#03B49B',
      hover: '#029e88',
      shadow: 'rgba(3, 180, 155, 0.3)',
      danger: STATUS_COLOURS.danger,
      dangerHover: '#d93a4d',
      disabledBackground: STATUS_COLOURS.disabledBackground,
      disabledText: '#ffffff',
    },
    loginGradient: ['#03B49B', '#05a3b5', '#2d7fd3'],
  },
  agentic: {
    primary: '#5F46F8',
    primaryLight: '#efedfe',
    secondary: '#3a2ab8',
    buttons: {
      primaryBackground: '#5F46F8',
      primaryText: '#ffffff',
      secondaryBackground: '#ffffff',
      secondaryText: '#5F46F8',
      hover: '#4c36e0',
      shadow: 'rgba(95, 70, 248, 0.3)',
      danger: STATUS_COLOURS.danger,
      dangerHover: '#d93a4d',
      disabledBackground: STATUS_COLOURS.disabledBackground,
      disabledText: '#ffffff',
    },
    loginGradient: ['#5F46F8', '#7b64fa', '#a596fc'],
    paleSky: '#6e7781',
    titanWhite: '#f0eeff',
    whisper: '#f7f5fa',
    botSaysActive: '#dfdafe',
  },
};

export const TOAST_KINDS = ['info', 'success', 'warning', 'error'] as const;
export type ToastKind = (typeof TOAST_KINDS)[number];

export const NOTIFICATION_COLOURS: Readonly<Record<ToastKind, { background: string; text: string }>> = {
  info: { background: '#BFEAFC', text: '#005BA0' },
  warning: { background: '#FFE0A0', text: '#593202' },
  success: { background: '#C5F0DE', text: '#3B7D5F' },
  error: { background: '#FFCCCF', text: '#C93F50' },
};

/** Warning and error toasts close after 5 s; info and success keep the library default (undefined). */
export function toastAutoCloseMs(kind: ToastKind): number | undefined {
  return kind === 'warning' || kind === 'error' ? TOAST_AUTO_CLOSE_MS : undefined;
}

const HEX_COLOUR = /^#?([0-9a-f]{3}|[0-9a-f]{6})$/i;

/** Accepts 3 or 6 hex digits with or without '#'; returns '#rrggbb' lowercase, or null to ignore. */
export function parseThemeColour(input: string): string | null {
  const match = HEX_COLOUR.exec(input.trim());
  const digits = match?.[1]?.toLowerCase();
  if (digits === undefined) return null;
  const full =
    digits.length === 3
      ? digits
          .split('')
          .map((d) => d + d)
          .join('')
      : digits;
  return `#${full}`;
}

/** Mixes a '#rrggbb' colour with white; weight 0 keeps the colour, 1 gives white. */
export function tintColour(hex: string, weight: number): string {
  const parsed = parseThemeColour(hex);
  if (parsed === null) return hex;
  const w = Math.min(1, Math.max(0, weight));
  const channels = [1, 3, 5].map((i) => {
    const value = Number.parseInt(parsed.slice(i, i + 2), 16);
    return Math.round(value * (1 - w) + 255 * w)
      .toString(16)
      .padStart(2, '0');
  });
  return `#${channels.join('')}`;
}

export interface DerivedTheme {
  primary: string;
  primaryLight: string;
  buttonPrimaryBackground: string;
}

/**
 * Colours overridden by the primaryTheme URL parameter. An invalid colour is ignored,
 * so the fallback variant's own colours come back.
 */
export function deriveThemeFromPrimary(hex: string, fallback: ProductVariant = 'classic'): DerivedTheme {
  const primary = parseThemeColour(hex);
  if (primary === null) {
    const palette = BRAND_COLOURS[fallback];
    return {
      primary: palette.primary,
      primaryLight: palette.primaryLight,
      buttonPrimaryBackground: palette.buttons.primaryBackground,
    };
  }
  return { primary, primaryLight: tintColour(primary, PRIMARY_LIGHT_TINT), buttonPrimaryBackground: primary };
}
