import { startOfDayIn, weekOf } from '@convo/domain';

// The date ranges the analytics filters offer, computed in the chosen time zone.

export const RANGE_PRESETS = ['last7', 'lastWeek', 'last30', 'last90'] as const;
export type RangePreset = (typeof RANGE_PRESETS)[number];

const DAY = 86_400_000;

const shiftDay = (day: string, days: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY).toISOString().slice(0, 10);

const todayIn = (now: number, timeZone: string) =>
  new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(
    now,
  );

/**
 * A preset as [from, to): "last N days" ends at the end of today; "last week" is the previous
 * Monday-to-Monday week.
 */
export function presetRange(
  preset: RangePreset,
  now: number,
  timeZone: string,
): { from: number; to: number } {
  const today = todayIn(now, timeZone);
  const tomorrow = startOfDayIn(shiftDay(today, 1), timeZone);
  if (preset === 'lastWeek') {
    const monday = weekOf(today);
    return { from: startOfDayIn(shiftDay(monday, -7), timeZone), to: startOfDayIn(monday, timeZone) };
  }
  const days = preset === 'last7' ? 7 : preset === 'last30' ? 30 : 90;
  return { from: startOfDayIn(shiftDay(today, 1 - days), timeZone), to: tomorrow };
}

/** The browser's time zone, UTC when it has none. */
export function browserTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
}

/** Every IANA zone the browser knows (the time zone filter's options). */
export function knownTimeZones(): string[] {
  const zones = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  return zones.includes('UTC') ? zones : ['UTC', ...zones];
}
