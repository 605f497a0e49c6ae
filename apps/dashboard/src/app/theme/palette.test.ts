import { BRAND_COLOURS } from '@convo/domain';
import { describe, expect, it } from 'vitest';
import {
  colourScale,
  hexToRgba,
  PRIMARY_SHADE_INDEX,
  resolvePalette,
  shadeColour,
  themeColourFromSearch,
} from './palette';

describe('themeColourFromSearch', () => {
  it('accepts 3 or 6 hex digits', () => {
    expect(themeColourFromSearch('?primaryTheme=ff0000')).toBe('#ff0000');
    expect(themeColourFromSearch('?primaryTheme=abc')).toBe('#aabbcc');
    expect(themeColourFromSearch('?primaryTheme=%23ABCDEF')).toBe('#abcdef');
  });

  it('ignores anything else', () => {
    expect(themeColourFromSearch('')).toBeNull();
    expect(themeColourFromSearch('?primaryTheme=red')).toBeNull();
    expect(themeColourFromSearch('?primaryTheme=abcd')).toBeNull();
    expect(themeColourFromSearch('?primaryTheme=')).toBeNull();
  });
});

describe('resolvePalette', () => {
  it('is the variant palette without a custom colour', () => {
    expect(resolvePalette('classic', null).primary).toBe('#03B49B');
    expect(resolvePalette('agentic', null).primary).toBe('#5F46F8');
    expect(resolvePalette('agentic', null)).toBe(BRAND_COLOURS.agentic);
  });

  it('applies a custom primary to primary, light and button colours only', () => {
    const palette = resolvePalette('classic', '#ff0000');
    expect(palette.primary).toBe('#ff0000');
    expect(palette.primaryLight).not.toBe(BRAND_COLOURS.classic.primaryLight);
    expect(palette.buttons.primaryBackground).toBe('#ff0000');
    expect(palette.buttons.danger).toBe(BRAND_COLOURS.classic.buttons.danger);
    expect(palette.loginGradient).toEqual(BRAND_COLOURS.classic.loginGradient);
    expect(palette.secondary).toBe(BRAND_COLOURS.classic.secondary);
  });

  it('ignores an invalid stored colour', () => {
    expect(resolvePalette('classic', 'nope')).toBe(BRAND_COLOURS.classic);
  });
});

describe('colourScale', () => {
  it('has ten shades, lightest first, with the primary at the primary index', () => {
    const scale = colourScale('#03B49B');
    expect(scale).toHaveLength(10);
    expect(scale[PRIMARY_SHADE_INDEX]).toBe('#03b49b');
    const brightness = (hex: string) =>
      [1, 3, 5].reduce((sum, i) => sum + Number.parseInt(hex.slice(i, i + 2), 16), 0);
    for (let i = 1; i < scale.length; i++) {
      expect(brightness(scale[i] ?? '')).toBeLessThan(brightness(scale[i - 1] ?? ''));
    }
  });
});

describe('colour helpers', () => {
  it('shades towards black and formats rgba', () => {
    expect(shadeColour('#ffffff', 0.5)).toBe('#808080');
    expect(shadeColour('#123456', 0)).toBe('#123456');
    expect(hexToRgba('#ff0000', 0.3)).toBe('rgba(255, 0, 0, 0.3)');
  });
});
