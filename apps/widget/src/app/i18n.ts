// The widget's strings in en, es, fr and kn; small JSON files bundled into the app (about 1 KB
// gzip each: cheaper than a second request before the first render).
import { ACTOR_NAME_KEY, relativeTimeParts } from '@convo/domain';
import en from './locales/en.json';
import es from './locales/es.json';
import fr from './locales/fr.json';
import kn from './locales/kn.json';

export type StringKey = keyof typeof en;
type Strings = Record<StringKey, string>;

const LANGUAGES: Record<string, Strings> = { en, es, fr, kn };

/**
 * The first supported language of the candidates, else English. The app passes the snippet's
 * `language` option, then the browser's languages, then the application's default.
 */
export function pickLanguage(...candidates: (string | undefined)[]): string {
  for (const c of candidates) {
    const code = c?.toLowerCase().split(/[-_]/)[0];
    if (code && code in LANGUAGES) return code;
  }
  return 'en';
}

export type Translate = (key: StringKey, vars?: Record<string, string | number>) => string;

export function translator(language: string): Translate {
  const strings = LANGUAGES[language] ?? en;
  return (key, vars) =>
    (strings[key] ?? en[key]).replace(/\{(\w+)\}/g, (all, name: string) =>
      vars && name in vars ? String(vars[name]) : all,
    );
}

/**
 * A text the admin can edit, shown in the visitor's language while it is still the English default
 * (an edited text is the admin's own words, shown as written).
 */
export function settingText(t: Translate, value: string, key: StringKey): string {
  return value === en[key] ? t(key) : value;
}

/** SPEC §9 relative time, worded by the browser in the widget's language. */
export function relativeTime(ms: number, now: number, language: string): string {
  const parts = relativeTimeParts(ms, now);
  const rtf = new Intl.RelativeTimeFormat(language, { numeric: 'auto' });
  if (parts.unit === 'now') return rtf.format(0, 'second');
  if (parts.unit === 'minutes') return rtf.format(-parts.count, 'minute');
  if (parts.unit === 'hours') return rtf.format(-parts.count, 'hour');
  return new Date(parts.ms).toLocaleDateString(language, { day: 'numeric', month: 'long', year: 'numeric' });
}

/** A system line as the visitor reads it: status and assignment lines in their language. */
export function systemLine(t: Translate, message: string, metadata: Record<string, unknown>): string {
  const name = metadata[ACTOR_NAME_KEY];
  if (typeof name !== 'string' || !name) return message;
  const key = `sysStatus${String(metadata.KM_STATUS)}`;
  if (key in en) return t(key as StringKey, { name });
  if (metadata.KM_ASSIGN_TO) return t('sysAssigned', { name });
  return message;
}
