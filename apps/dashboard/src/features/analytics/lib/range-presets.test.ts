import { describe, expect, it } from 'vitest';
import { presetRange } from './range-presets';

describe('presetRange', () => {
  // Tuesday 24 November 2026, 10:00 UTC.
  const now = Date.UTC(2026, 10, 24, 10);

  it('last 7 days ends at the end of today in the zone', () => {
    expect(presetRange('last7', now, 'UTC')).toEqual({
      from: Date.UTC(2026, 10, 18),
      to: Date.UTC(2026, 10, 25),
    });
  });

  it('last week is the previous Monday-to-Monday week, at local midnight', () => {
    expect(presetRange('lastWeek', now, 'UTC')).toEqual({
      from: Date.UTC(2026, 10, 16),
      to: Date.UTC(2026, 10, 23),
    });
    expect(presetRange('lastWeek', now, 'Asia/Kolkata')).toEqual({
      from: Date.UTC(2026, 10, 15, 18, 30),
      to: Date.UTC(2026, 10, 22, 18, 30),
    });
  });
});
