import { describe, expect, it } from 'vitest';
import { clockFormat, dayFormat, prepareMessageDateFormats } from './date-formats';

describe('the open conversation’s date formatters', () => {
  it('builds one of each per language and keeps it', () => {
    prepareMessageDateFormats('fr');
    expect(dayFormat('fr')).toBe(dayFormat('fr'));
    expect(clockFormat('fr')).toBe(clockFormat('fr'));
    expect(dayFormat('es')).not.toBe(dayFormat('fr'));
  });

  it('words the day in the language, with its weekday, and the time to the minute', () => {
    const noon = Date.UTC(2026, 11, 1, 12, 5);
    const day = dayFormat('fr').format(noon);
    expect(day).toContain('2026');
    expect(day.toLowerCase()).toMatch(/lundi|mardi|mercredi/);
    expect(day.toLowerCase()).toContain('décembre');
    expect(clockFormat('en').format(noon)).toMatch(/^\d{2}:\d{2}( [AP]M)?$/);
  });
});
