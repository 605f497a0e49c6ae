// The business-hours page edits one row per weekday (open or closed, opening and closing time);
// the document keeps a list of opening intervals. These functions map one onto the other.

import type { ChatWidgetSettings } from '@convo/api';
import { type BusinessHours, WEEKDAYS, type Weekday } from '@convo/domain';

type BusinessHoursDoc = ChatWidgetSettings['businessHours'];
type Interval = BusinessHoursDoc['days'][number];

/** Monday first, as most calendars the product's users read. */
export const WEEK_ORDER: readonly Weekday[] = [1, 2, 3, 4, 5, 6, 0];

export const DEFAULT_OPEN = '09:00';
export const DEFAULT_CLOSE = '18:00';

export type DayRow = {
  day: Weekday;
  open: boolean;
  from: string;
  to: string;
  /** Further intervals of the same day (the API allows several); kept as they are. */
  more: Interval[];
};

export type BusinessHoursForm = {
  enabled: boolean;
  timeZone: string;
  week: DayRow[];
};

const asWeekday = (day: number): Weekday =>
  (WEEKDAYS as readonly number[]).includes(day) ? (day as Weekday) : 0;

export function toBusinessHoursForm(doc: BusinessHoursDoc): BusinessHoursForm {
  return {
    enabled: doc.enabled,
    timeZone: doc.timeZone,
    week: WEEK_ORDER.map((day) => {
      const intervals = doc.days.filter((d) => d.day === day);
      const [first, ...more] = intervals;
      return {
        day,
        open: first !== undefined,
        from: first?.open ?? DEFAULT_OPEN,
        to: first?.close ?? DEFAULT_CLOSE,
        more,
      };
    }),
  };
}

export function fromBusinessHoursForm(form: BusinessHoursForm): BusinessHoursDoc {
  const days: Interval[] = form.week
    .filter((row) => row.open)
    .flatMap((row) => [{ day: row.day, open: row.from, close: row.to }, ...row.more]);
  days.sort((a, b) => a.day - b.day || a.open.localeCompare(b.open));
  return { enabled: form.enabled, timeZone: form.timeZone, days };
}

/**
 * Where a problem found on the document belongs in the form: 'days' is the week as a whole,
 * 'days.N.open|close' the row of that interval's weekday. Null when no field shows it.
 */
export function formPathOf(docPath: string, doc: BusinessHoursDoc): string | null {
  if (docPath === 'days') return 'week';
  if (docPath === 'timeZone') return 'timeZone';
  const match = /^days\.(\d+)\.(open|close)$/.exec(docPath);
  if (!match) return null;
  const interval = doc.days[Number(match[1])];
  if (!interval) return 'week';
  const row = WEEK_ORDER.indexOf(asWeekday(interval.day));
  return `week.${row}.${match[2] === 'open' ? 'from' : 'to'}`;
}

/** The document as the domain's business-hours rules read it (weekdays typed). */
export function asBusinessHours(doc: BusinessHoursDoc): BusinessHours {
  return { ...doc, days: doc.days.map((d) => ({ ...d, day: asWeekday(d.day) })) };
}
