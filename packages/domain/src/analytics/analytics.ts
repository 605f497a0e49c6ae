import { csvField } from '../customers';
import { MS_IN_DAY } from '../shared';

// Analytics rules (SPEC §2 dashboard analytics, §7 group stats, §9 time format): which ranges may
// be asked, the previous period a range is compared with, day and week buckets in a time zone,
// and the teammate login time cut out of presence changes, day by day.

/** The longest range a dashboard or report may cover. */
export const ANALYTICS_MAX_RANGE_DAYS = 400;

export const ANALYTICS_GRANULARITIES = ['day', 'week'] as const;
export type AnalyticsGranularity = (typeof ANALYTICS_GRANULARITIES)[number];

/** SPEC §2's filter: everyone, human agents only (not bots), or bots only. */
export const ANALYTICS_AUDIENCES = ['all', 'agents', 'bots'] as const;
export type AnalyticsAudience = (typeof ANALYTICS_AUDIENCES)[number];

/** Whether this runtime knows an IANA time zone name. */
export function isKnownTimeZone(name: string): boolean {
  if (name.length === 0 || name.length > 64) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

/** Why a range cannot be asked, or null when it can. */
export function analyticsRangeProblem(from: number, to: number, timeZone: string): string | null {
  if (!Number.isFinite(from) || !Number.isFinite(to)) return 'Give the range as two times in milliseconds.';
  if (to <= from) return 'The end of the range must be after its start.';
  if (to - from > ANALYTICS_MAX_RANGE_DAYS * MS_IN_DAY) {
    return `The range may cover at most ${ANALYTICS_MAX_RANGE_DAYS} days.`;
  }
  if (!isKnownTimeZone(timeZone))
    return `Unknown time zone: ${timeZone}. Use an IANA name such as Europe/Paris.`;
  return null;
}

/** The period of the same length just before [from, to). */
export function previousPeriod(from: number, to: number): { from: number; to: number } {
  return { from: from - (to - from), to: from };
}

/** Change from `previous` to `current` in percent (one decimal); null when there is nothing to compare. */
export function percentChange(current: number | null, previous: number | null): number | null {
  if (current === null || previous === null || previous === 0) return null;
  return Math.round(((current - previous) / previous) * 1000) / 10;
}

const dayFormats = new Map<string, Intl.DateTimeFormat>();

/** The calendar day (YYYY-MM-DD) of an instant in a time zone. */
export function dayIn(at: number, timeZone: string): string {
  let fmt = dayFormats.get(timeZone);
  if (!fmt) {
    fmt = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
    dayFormats.set(timeZone, fmt);
  }
  return fmt.format(at);
}

const dayNumber = (day: string) => Date.parse(`${day}T00:00:00Z`) / MS_IN_DAY;
const dayOfNumber = (n: number) => new Date(n * MS_IN_DAY).toISOString().slice(0, 10);

/** The Monday (ISO week start) of a calendar day, as YYYY-MM-DD. */
export function weekOf(day: string): string {
  const n = dayNumber(day);
  // 1970-01-01 was a Thursday: (n + 3) mod 7 is 0 on Mondays.
  return dayOfNumber(n - ((((n + 3) % 7) + 7) % 7));
}

/** The bucket (a day, or the Monday of its week) an instant falls in, in a time zone. */
export function bucketOf(at: number, timeZone: string, granularity: AnalyticsGranularity): string {
  const day = dayIn(at, timeZone);
  return granularity === 'day' ? day : weekOf(day);
}

/** Every bucket of [from, to) in order, so a chart shows empty days as zeros. */
export function bucketsBetween(
  from: number,
  to: number,
  timeZone: string,
  granularity: AnalyticsGranularity,
): string[] {
  const first = dayNumber(bucketOf(from, timeZone, granularity));
  const last = dayNumber(bucketOf(to - 1, timeZone, granularity));
  const step = granularity === 'day' ? 1 : 7;
  const buckets: string[] = [];
  for (let n = first; n <= last; n += step) buckets.push(dayOfNumber(n));
  return buckets;
}

const dayStarts = new Map<string, number>();

/** The instant a calendar day starts in a time zone (DST aware: found by correcting the offset). */
export function startOfDayIn(day: string, timeZone: string): number {
  const key = `${timeZone} ${day}`;
  let start = dayStarts.get(key);
  if (start === undefined) {
    start = computeStartOfDay(day, timeZone);
    // Day starts never change; a bound keeps a long-running server's memory flat.
    if (dayStarts.size > 50_000) dayStarts.clear();
    dayStarts.set(key, start);
  }
  return start;
}

function computeStartOfDay(day: string, timeZone: string): number {
  const utcMidnight = Date.parse(`${day}T00:00:00Z`);
  let guess = utcMidnight;
  for (let i = 0; i < 3; i++) {
    const offset = offsetAt(guess, timeZone);
    const next = utcMidnight - offset;
    if (next === guess) break;
    guess = next;
  }
  return guess;
}

/** The weekly digest reaches each recipient on Monday in this local hour (their time zone). */
export const DIGEST_LOCAL_HOUR = 8;

export interface DigestWeek {
  /** Monday 00:00 and the next Monday 00:00 of the reported week, in the recipient's zone. */
  from: number;
  to: number;
  /** Its first and last calendar day (YYYY-MM-DD), Monday and Sunday. */
  firstDay: string;
  lastDay: string;
}

/**
 * The week a digest sent at `at` reports to a recipient in `timeZone`: the local week that ended
 * on the Monday when `at` falls in that Monday's DIGEST_LOCAL_HOUR, local time; otherwise null
 * (not their hour). Checked once an hour, each recipient is due exactly once a week.
 */
export function digestWeekAt(at: number, timeZone: string): DigestWeek | null {
  const today = dayIn(at, timeZone);
  if (weekOf(today) !== today) return null;
  const hour = Math.floor((at - startOfDayIn(today, timeZone)) / 3_600_000);
  if (hour !== DIGEST_LOCAL_HOUR) return null;
  const firstDay = dayOfNumber(dayNumber(today) - 7);
  return {
    from: startOfDayIn(firstDay, timeZone),
    to: startOfDayIn(today, timeZone),
    firstDay,
    lastDay: dayOfNumber(dayNumber(today) - 1),
  };
}

const offsetFormats = new Map<string, Intl.DateTimeFormat>();

/** The zone's offset from UTC at an instant, in ms. */
function offsetAt(at: number, timeZone: string): number {
  let fmt = offsetFormats.get(timeZone);
  if (!fmt) {
    fmt = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    offsetFormats.set(timeZone, fmt);
  }
  const parts = Object.fromEntries(fmt.formatToParts(at).map((p) => [p.type, p.value]));
  const asUtc = Date.UTC(
    Number(parts.year),
    Number(parts.month) - 1,
    Number(parts.day),
    Number(parts.hour),
    Number(parts.minute),
    Number(parts.second),
  );
  return asUtc - Math.floor(at / 1000) * 1000;
}

/** Mail providers anyone can sign up with: their domain is nobody's company domain. */
const PUBLIC_MAIL_DOMAINS: ReadonlySet<string> = new Set([
  'gmail.com',
  'googlemail.com',
  'yahoo.com',
  'outlook.com',
  'hotmail.com',
  'live.com',
  'msn.com',
  'icloud.com',
  'me.com',
  'aol.com',
  'proton.me',
  'protonmail.com',
  'gmx.com',
  'mail.com',
  'yandex.com',
  'zoho.com',
]);

/**
 * Whether a domain is a public mail provider's. Customers on the company's own domain (its members'
 * addresses) are left out of analytics (SPEC §6); a public provider's domain never counts as one.
 */
export function isPublicMailDomain(domain: string): boolean {
  return PUBLIC_MAIL_DOMAINS.has(domain.toLowerCase());
}

// ---- Teammate login time ----------------------------------------------------------------------

/** A member's presence: signed in and available, signed in but away, or signed out. */
export const PRESENCE_STATES = ['online', 'away', 'offline'] as const;
export type PresenceState = (typeof PRESENCE_STATES)[number];

export interface PresenceChange {
  at: number;
  state: PresenceState;
}

/** A [start, end) stretch in ms. */
export type Interval = [number, number];

export interface LoginDay {
  date: string;
  loggedInTimeArray: Interval[];
  awayTimeArray: Interval[];
  /** Seconds online. */
  totalLoginTime: number;
  /** Seconds away. */
  totalAwayTime: number;
}

export interface LoginSummary {
  /** Seconds online in the range. */
  loginTime: number;
  /** Seconds away in the range. */
  awayTime: number;
  /** Seconds from the first sign-in to the last sign-out inside the range (signed in meanwhile or not). */
  workingHours: number;
  daily: LoginDay[];
}

/**
 * Cuts a member's presence into online and away stretches inside [from, to) (an open stretch ends
 * at `now`), and splits them at midnight in `timeZone`. `before` is the state at `from` (the last
 * change before it); `changes` are those inside the range, in time order.
 */
export function loginSummary(
  before: PresenceState,
  changes: readonly PresenceChange[],
  range: { from: number; to: number; now: number; timeZone: string },
): LoginSummary {
  const end = Math.min(range.to, range.now);
  const online: Interval[] = [];
  const away: Interval[] = [];
  let state = before;
  let since = range.from;
  const close = (at: number) => {
    const stop = Math.min(at, end);
    if (stop > since) {
      if (state === 'online') online.push([since, stop]);
      if (state === 'away') away.push([since, stop]);
    }
  };
  for (const change of changes) {
    if (change.at < range.from || change.at >= end) continue;
    if (change.state === state) continue;
    close(change.at);
    state = change.state;
    since = change.at;
  }
  close(end);
  const seconds = (list: Interval[]) => Math.round(list.reduce((s, [a, b]) => s + (b - a), 0) / 1000);
  const all = [...online, ...away];
  const workingHours =
    all.length === 0
      ? 0
      : Math.round((Math.max(...all.map(([, b]) => b)) - Math.min(...all.map(([a]) => a))) / 1000);
  const daily = bucketsBetween(range.from, range.to, range.timeZone, 'day').map((date) => {
    const dayStart = startOfDayIn(date, range.timeZone);
    const nextDay = dayOfNumber(dayNumber(date) + 1);
    const dayEnd = startOfDayIn(nextDay, range.timeZone);
    const clip = (list: Interval[]) =>
      list.map(([a, b]): Interval => [Math.max(a, dayStart), Math.min(b, dayEnd)]).filter(([a, b]) => b > a);
    const loggedInTimeArray = clip(online);
    const awayTimeArray = clip(away);
    return {
      date,
      loggedInTimeArray,
      awayTimeArray,
      totalLoginTime: seconds(loggedInTimeArray),
      totalAwayTime: seconds(awayTimeArray),
    };
  });
  return { loginTime: seconds(online), awayTime: seconds(away), workingHours, daily };
}

// ---- CSV ----------------------------------------------------------------------------------------

/** One CSV line of a report (numbers as they are, missing values empty), ending in CRLF. */
export function csvLine(values: readonly (string | number | null | undefined)[]): string {
  return `${values.map((v) => (v === null || v === undefined ? '' : csvField(String(v)))).join(',')}\r\n`;
}
