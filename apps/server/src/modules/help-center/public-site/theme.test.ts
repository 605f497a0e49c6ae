import { describe, expect, it } from 'vitest';
import { contrast, linkColor, textOn, themeCss } from './theme.js';

describe('help center theme colours', () => {
  it('measures WCAG contrast', () => {
    expect(contrast('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrast('#ffffff', '#ffffff')).toBeCloseTo(1, 5);
  });

  it('darkens a light primary until links read on white, and keeps a dark one', () => {
    const link = linkColor('#03b49b');
    expect(link).not.toBe('#03b49b');
    expect(contrast(link, '#ffffff')).toBeGreaterThanOrEqual(4.5);
    expect(linkColor('#1a237e')).toBe('#1a237e');
    expect(contrast(linkColor('#ffff00'), '#ffffff')).toBeGreaterThanOrEqual(4.5);
  });

  it('picks dark text on a light primary and white on a dark one', () => {
    expect(textOn('#ffeb3b')).toBe('#111418');
    expect(textOn('#1a237e')).toBe('#ffffff');
  });

  it('writes the three custom properties', () => {
    expect(themeCss('#1a237e')).toBe(':root{--p:#1a237e;--pd:#1a237e;--pt:#ffffff}');
  });
});
