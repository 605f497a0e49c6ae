import { relativeTimeParts } from '@convo/domain';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

/** The current time, refreshed every minute (relative times change by the minute). */
export function useNow(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 60_000);
    return () => clearInterval(timer);
  }, []);
  return now;
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
        return new Intl.DateTimeFormat(i18n.language, {
          day: '2-digit',
          month: 'long',
          year: 'numeric',
        }).format(parts.ms);
    }
  };
}

export function RelativeTime({ ms }: { ms: number }) {
  const format = useRelativeTime();
  return (
    <time dateTime={new Date(ms).toISOString()} title={new Date(ms).toLocaleString()}>
      {format(ms)}
    </time>
  );
}
