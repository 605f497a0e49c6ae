import { describe, expect, it } from 'vitest';
import {
  BRAND_COLOURS,
  BRAND_VARIANTS,
  deriveThemeFromPrimary,
  NOTIFICATION_COLOURS,
  PRIMARY_LIGHT_TINT,
  parseThemeColour,
  STATUS_COLOURS,
  TOAST_KINDS,
  tintColour,
  toastAutoCloseMs,
} from './theme';

describe('palettes', () => {
  it('use the spec primaries', () => {
    expect(BRAND_VARIANTS).toEqual(['classic', 'agentic']);
    expect(BRAND_COLOURS.classic.primary).toBe('#03B49B');
    expect(BRAND_COLOURS.agentic.primary).toBe('#5F46F8');
    expect(BRAND_COLOURS.classic.loginGradient).toHaveLength(3);
    expect(BRAND_COLOURS.agentic.paleSky).toMatch(/^#[0-9a-f]{6}$/);
  });

  it('light shades are the primary tint', () => {
    for (const variant of BRAND_VARIANTS) {
      const palette = BRAND_COLOURS[variant];
      expect(tintColour(palette.primary, PRIMARY_LIGHT_TINT)).toBe(palette.primaryLight);
    }
  });

  it('status and notification colours', () => {
    expect(STATUS_COLOURS).toEqual({
      danger: '#ED495c',
      success: '#2dd35c',
      warning: '#ecbd44',
      disabledBackground: '#bbbbbb',
      defaultText: '#354052',
    });
    expect(NOTIFICATION_COLOURS.info).toEqual({ background: '#BFEAFC', text: '#005BA0' });
    expect(NOTIFICATION_COLOURS.warning).toEqual({ background: '#FFE0A0', text: '#593202' });
    expect(NOTIFICATION_COLOURS.success).toEqual({ background: '#C5F0DE', text: '#3B7D5F' });
    expect(NOTIFICATION_COLOURS.error).toEqual({ background: '#FFCCCF', text: '#C93F50' });
  });
});

describe('toasts', () => {
  it('only warning and error auto-close after 5000 ms', () => {
    expect(TOAST_KINDS).toEqual(['info', 'success', 'warning', 'error']);
    expect(toastAutoCloseMs('warning')).toBe(5000);
    expect(toastAutoCloseMs('error')).toBe(5000);
    expect(toastAutoCloseMs('info')).toBeUndefined();
    expect(toastAutoCloseMs('success')).toBeUndefined();
  });
});

describe('parseThemeColour', () => {
  it('normalises 3 and 6 digits with or without #', () => {
    expect(parseThemeColour('#ABC')).toBe('#aabbcc');
    expect(parseThemeColour('abc')).toBe('#aabbcc');
    expect(parseThemeColour('5F46F8')).toBe('#5f46f8');
    expect(parseThemeColour(' #03b49b ')).toBe('#03b49b');
  });

  it('ignores everything else', () => {
    expect(parseThemeColour('')).toBeNull();
    expect(parseThemeColour('#abcd')).toBeNull();
    expect(parseThemeColour('#ggg')).toBeNull();
    expect(parseThemeColour('##abc')).toBeNull();
    expect(parseThemeColour('red')).toBeNull();
    expect(parseThemeColour('#1234567')).toBeNull();
  });
});

describe('tintColour', () => {
  it('mixes with white', () => {
    expect(tintColour('#000000', 0)).toBe('#000000');
    expect(tintColour('#000000', 1)).toBe('#ffffff');
    expect(tintColour('#000', 0.5)).toBe('#808080');
  });
});

describe('deriveThemeFromPrimary', () => {
  it('applies the colour to primary, light and button', () => {
    expect(deriveThemeFromPrimary('f00')).toEqual({
      primary: '#ff0000',
      primaryLight: '#ffe6e6',
      buttonPrimaryBackground: '#ff0000',
    });
  });

  it('falls back to the variant colours when the input is invalid', () => {
    expect(deriveThemeFromPrimary('nope', 'agentic')).toEqual({
      primary: '#5F46F8',
      primaryLight: BRAND_COLOURS.agentic.primaryLight,
      buttonPrimaryBackground: '#5F46F8',
    });
    expect(deriveThemeFromPrimary('nope').primary).toBe('#03B49B');
  });
});
