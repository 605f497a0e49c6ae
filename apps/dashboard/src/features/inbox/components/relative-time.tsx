import { relativeTimeParts } from '@convo/domain';
import { type PointerEvent, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { dateFormat } from '../lib/date-formats';

// One clock for every relative time on screen (each row of the conversation list shows one): a
// single 60 s timer while any of them is mounted, rather than one timer and one state per row.
let now = Date.now();
let timer: ReturnType<typeof setInterval> | undefined;
const listeners = new Set<() => void>();

function subscribe(listener: () => void): () => void {
  if (listeners.size === 0)
    timer = setInterval(() => {
      now = Date.now();
      for (const l of listeners) l();
    }, 60_000);
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) clearInterval(timer);
  };
}

/** Stable within a render; read afresh when no clock has been running (the first row mounting). */
function getNow(): number {
  if (listeners.size === 0 && Date.now() - now > 1000) now = Date.now();
  return now;
}

/** The current time, refreshed every minute (relative times change by the minute). */
export function useNow(): number {
  return useSyncExternalStore(subscribe, getNow);
}

// The full date and time of the tooltip, as toLocaleString() words it (the browser's locale):
// toLocaleString() builds a formatter on every call, some 1–2 ms a row on a cold page.
let fullDateTime: Intl.DateTimeFormat | undefined;
function fullDate(ms: number): string {
  fullDateTime ??= new Intl.DateTimeFormat(undefined, {
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
  });
  return fullDateTime.format(ms);
}

/** SPEC §9 relative time, worded in the user's language. */
export function useRelativeTime(): (ms: number) => string {
  const { t, i18n } = useTranslation('inbox');
  const now = useNow();
  return (ms) => {
    const parts = relativeTimeParts(ms, now);
    switch (parts.unit) {
      case 'now':
        return t('time.now');
      case 'minutes':
        return t('time.minutes', { count: parts.count });
      case 'hours':
        return t('time.hours', { count: parts.count });
      default:
        return dateFormat(i18n.language).format(parts.ms);
    }
  };
}

export function RelativeTime({ ms }: { ms: number }) {
  const format = useRelativeTime();
  // The full date is written into the tooltip when the pointer comes over it: computed for every
  // row at render, its formatter's construction (the browser's date patterns, some 100 ms on a
  // cold page of the bench machine) came before the list's first row was drawn (issue 39).
  const showFullDate = (event: PointerEvent<HTMLElement>) => {
    event.currentTarget.title = fullDate(ms);
  };
  return (
    <time dateTime={new Date(ms).toISOString()} onPointerEnter={showFullDate}>
      {format(ms)}
    </time>
  );
}
