// Business hours (SPEC §2 /settings/business-hours): days and hours per time zone. Outside them the
// widget shows the away message. Pure: the time zone is applied with Intl, no I/O.

export const WEEKDAYS = [0, 1, 2, 3, 4, 5, 6] as const; // Sunday 0 … Saturday 6, as Date#getDay
export type Weekday = (typeof WEEKDAYS)[number];

/** One opening interval of a weekday, 'HH:MM' in 24-hour time; close after open, same day. */
export interface OpeningHours {
  day: Weekday;
  open: string;
  close: string;
}

export interface BusinessHours {
  enabled: boolean;
  /** IANA time zone, e.g. 'Europe/Paris'. */
  timeZone: string;
  days: readonly OpeningHours[];
}

export const TIME_OF_DAY = /^([01]\d|2[0-3]):[0-5]\d$/;

export function minutesOfDay(time: string): number {
  const [h, m] = time.split(':');
  return Number(h) * 60 + Number(m);
}

/** True when the time zone is one Intl knows. */
export function isValidTimeZone(timeZone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone });
    return true;
  } catch {
    return false;
  }
}

const WEEKDAY_NAMES = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];

/** The weekday and minute of the day of an instant, in a time zone. */
export function localWeekdayAndMinute(at: Date, timeZone: string): { day: Weekday; minute: number } {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    weekday: 'short',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(at);
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  const day = WEEKDAY_NAMES.indexOf(get('weekday')) as Weekday;
  return { day, minute: Number(get('hour')) * 60 + Number(get('minute')) };
}

/**
 * Open at this instant? Business hours switched off means always open. Switched on with no day
 * selected cannot be saved ('Please select a date'); read defensively, it means never open.
 */
export function isWithinBusinessHours(hours: BusinessHours, at: Date): boolean {
  if (!hours.enabled) return true;
  const { day, minute } = localWeekdayAndMinute(at, hours.timeZone);
  return hours.days.some(
    (d) => d.day === day && minute >= minutesOfDay(d.open) && minute < minutesOfDay(d.close),
  );
}

/** Minutes of the roll-up's buckets (the dashboard figures): every zone's offset is a multiple. */
export const ROLLUP_BUCKET_MINUTES = 15;

/**
 * Whether every opening and closing time falls on a quarter hour: then a quarter hour of UTC time
 * is wholly inside or wholly outside the business hours, and the figures' roll-up can tell which
 * conversations were asked inside them; otherwise they are counted from the conversations.
 */
export function opensOnQuarterHours(hours: BusinessHours): boolean {
  return hours.days.every(
    (d) =>
      minutesOfDay(d.open) % ROLLUP_BUCKET_MINUTES === 0 &&
      minutesOfDay(d.close) % ROLLUP_BUCKET_MINUTES === 0,
  );
}

/**
 * Business hours as the Kommunicate widget reads a team's `businessHourMap`: weekday (0 Sunday …
 * 6 Saturday) → 'HHMM-HHMM'. The widget takes one interval a day, so a day with several is given
 * from its first opening to its last closing (the widget's banner is then off during a break;
 * Convo's own `openNow` stays exact). Hours not enabled: an empty map, which the widget reads as
 * always open.
 */
export function toBusinessHourMap(hours: BusinessHours): Record<string, string> {
  const map: Record<string, string> = {};
  if (!hours.enabled) return map;
  const compact = (time: string) => time.replace(':', '');
  for (const day of WEEKDAYS) {
    const intervals = hours.days.filter((d) => d.day === day);
    if (intervals.length === 0) continue;
    const open = intervals.reduce((a, b) => (minutesOfDay(b.open) < minutesOfDay(a.open) ? b : a)).open;
    const close = intervals.reduce((a, b) => (minutesOfDay(b.close) > minutesOfDay(a.close) ? b : a)).close;
    map[String(day)] = `${compact(open)}-${compact(close)}`;
  }
  return map;
}
