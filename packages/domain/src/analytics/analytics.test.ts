import { describe, expect, it } from 'vitest';
import {
  analyticsRangeProblem,
  bucketOf,
  bucketsBetween,
  csvLine,
  DIGEST_LOCAL_HOUR,
  digestWeekAt,
  loginSummary,
  percentChange,
  previousPeriod,
  startOfDayIn,
  weekOf,
} from './analytics';

const H = 3_600_000;
const D = 24 * H;

describe('analyticsRangeProblem', () => {
  const from = Date.UTC(2026, 0, 1);
  it('accepts a range of at most 400 days in a known zone', () => {
    expect(analyticsRangeProblem(from, from + 400 * D, 'Europe/Paris')).toBeNull();
  });
  it('refuses a range over 400 days, an end not after the start, an unknown zone', () => {
    expect(analyticsRangeProblem(from, from + 400 * D + 1, 'UTC')).toMatch(/at most 400 days/);
    expect(analyticsRangeProblem(from, from, 'UTC')).toMatch(/after its start/);
    expect(analyticsRangeProblem(from, from - 1, 'UTC')).toMatch(/after its start/);
    expect(analyticsRangeProblem(from, from + D, 'Mars/Olympus')).toMatch(/Unknown time zone: Mars\/Olympus/);
  });
});

describe('period comparison', () => {
  it('compares with the period of the same length just before', () => {
    expect(previousPeriod(10_000, 15_000)).toEqual({ from: 5_000, to: 10_000 });
  });
  it('gives the change in percent, none without a previous figure', () => {
    expect(percentChange(15, 10)).toBe(50);
    expect(percentChange(1, 3)).toBe(-66.7);
    expect(percentChange(5, 0)).toBeNull();
    expect(percentChange(null, 4)).toBeNull();
  });
});

describe('buckets in a time zone', () => {
  it('puts an instant on the local calendar day', () => {
    // 23:30 UTC on 31 Dec is already 1 January in Paris and still 31 December in New York.
    const at = Date.UTC(2025, 11, 31, 23, 30);
    expect(bucketOf(at, 'Europe/Paris', 'day')).toBe('2026-01-01');
    expect(bucketOf(at, 'America/New_York', 'day')).toBe('2025-12-31');
  });
  it('weeks start on Monday', () => {
    expect(weekOf('2026-11-24')).toBe('2026-11-23'); // a Tuesday
    expect(weekOf('2026-11-23')).toBe('2026-11-23');
    expect(weekOf('2026-11-22')).toBe('2026-11-16'); // a Sunday
    expect(bucketOf(Date.UTC(2026, 10, 22, 23, 30), 'Asia/Kolkata', 'week')).toBe('2026-11-23');
  });
  it('lists every bucket of a range, empty ones too', () => {
    const from = Date.UTC(2026, 10, 1);
    expect(bucketsBetween(from, from + 3 * D, 'UTC', 'day')).toEqual([
      '2026-11-01',
      '2026-11-02',
      '2026-11-03',
    ]);
    expect(bucketsBetween(from, from + 14 * D, 'UTC', 'week')).toEqual([
      '2026-10-26',
      '2026-11-02',
      '2026-11-09',
    ]);
  });
  it('finds local midnight across a DST change', () => {
    expect(startOfDayIn('2026-03-29', 'Europe/Paris')).toBe(Date.UTC(2026, 2, 28, 23));
    expect(startOfDayIn('2026-03-30', 'Europe/Paris')).toBe(Date.UTC(2026, 2, 29, 22));
    expect(startOfDayIn('2026-11-24', 'Asia/Kolkata')).toBe(Date.UTC(2026, 10, 23, 18, 30));
  });
});

describe('loginSummary', () => {
  it('splits a sign-in across midnight in the member’s time zone', () => {
    // Online 22:00-02:00 UTC = 23:00-03:00 in Paris (winter), away 02:00-03:00, then signed out.
    const from = Date.UTC(2026, 0, 10, 23); // 11 Jan 00:00 Paris
    const to = from + 2 * D;
    const t0 = Date.UTC(2026, 0, 11, 22);
    const summary = loginSummary(
      'offline',
      [
        { at: t0, state: 'online' },
        { at: t0 + 4 * H, state: 'away' },
        { at: t0 + 5 * H, state: 'offline' },
      ],
      { from, to, now: to + D, timeZone: 'Europe/Paris' },
    );
    expect(summary.loginTime).toBe(4 * 3600);
    expect(summary.awayTime).toBe(3600);
    expect(summary.workingHours).toBe(5 * 3600);
    expect(summary.daily.map((d) => [d.date, d.totalLoginTime, d.totalAwayTime])).toEqual([
      ['2026-01-11', 3600, 0],
      ['2026-01-12', 3 * 3600, 3600],
    ]);
    expect(summary.daily[1]?.loggedInTimeArray).toEqual([[Date.UTC(2026, 0, 11, 23), t0 + 4 * H]]);
  });
  it('counts the state held at the start and stops an open stretch at now', () => {
    const from = Date.UTC(2026, 0, 1);
    const summary = loginSummary('online', [], { from, to: from + D, now: from + 2 * H, timeZone: 'UTC' });
    expect(summary.loginTime).toBe(7200);
    expect(summary.daily[0]?.totalLoginTime).toBe(7200);
  });
});

describe('csvLine', () => {
  it('quotes separators and defuses formulas, leaves numbers alone', () => {
    expect(csvLine(['a,b', 'say "hi"', '=SUM(A1)', -3, null])).toBe('"a,b","say ""hi""",\'=SUM(A1),-3,\r\n');
  });
});

describe('digestWeekAt', () => {
  /** Monday 2026-11-16 00:00 UTC. */
  const monday = Date.UTC(2026, 10, 16);
  it('is due on Monday at 08:00 local and reports the local week before', () => {
    expect(DIGEST_LOCAL_HOUR).toBe(8);
    expect(digestWeekAt(monday + 8 * H, 'UTC')).toEqual({
      from: Date.UTC(2026, 10, 9),
      to: monday,
      firstDay: '2026-11-09',
      lastDay: '2026-11-15',
    });
    expect(digestWeekAt(monday + 7 * H, 'UTC')).toBeNull();
    expect(digestWeekAt(monday + 9 * H, 'UTC')).toBeNull();
    expect(digestWeekAt(monday + 8 * H + D, 'UTC')).toBeNull();
  });
  it('follows the recipient’s zone, half-hour offsets and all', () => {
    // Los Angeles (-08:00): Monday 08:00 local is 16:00 UTC; its week starts at 08:00 UTC.
    expect(digestWeekAt(monday + 16 * H, 'America/Los_Angeles')).toEqual({
      from: Date.UTC(2026, 10, 9, 8),
      to: monday + 8 * H,
      firstDay: '2026-11-09',
      lastDay: '2026-11-15',
    });
    expect(digestWeekAt(monday + 8 * H, 'America/Los_Angeles')).toBeNull();
    // Kolkata (+05:30): the hour from 02:30 UTC, so the 03:00 UTC check is the one.
    expect(digestWeekAt(monday + 2 * H, 'Asia/Kolkata')).toBeNull();
    expect(digestWeekAt(monday + 3 * H, 'Asia/Kolkata')?.from).toBe(Date.UTC(2026, 10, 8, 18, 30));
    // Auckland (+13:00 in November): Monday 08:00 local is Sunday 19:00 UTC.
    expect(digestWeekAt(monday - 5 * H, 'Pacific/Auckland')?.lastDay).toBe('2026-11-15');
  });
  it('is due once in the week’s 168 hourly checks in every zone', () => {
    for (const zone of ['UTC', 'America/Los_Angeles', 'Asia/Kolkata', 'Pacific/Auckland', 'Asia/Kathmandu']) {
      let due = 0;
      for (let h = 0; h < 168; h++) if (digestWeekAt(monday + h * H, zone)) due++;
      expect(due, zone).toBe(1);
    }
  });
});
