// The widget's strings in en, es, fr and kn; small JSON files bundled into the app (about 1 KB
// gzip each: cheaper than a second request before the first render).
import { ACTOR_NAME_KEY, kmStatusNumber, relativeTimeParts } from '@convo/domain';
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

/** Status lines a visitor reads: reopened and resolved. The others (spam, archived…) are the team's. */
const VISITOR_STATUSES = new Set(['0', '2']);

/**
 * A system line as the visitor reads it, or null when it is the team's business: routing
 * (assignments, teams, a bot's reason for a handoff), internal statuses and delivery failures stay
 * in the inbox. A bot's handoff becomes a friendly "a teammate will join"; the waiting-queue text
 * is the admin's message to visitors, shown as written.
 */
export function systemLine(t: Translate, message: string, metadata: Record<string, unknown>): string | null {
  if (metadata.KM_WAITING_QUEUE === 'true') return message;
  if (metadata.KM_BOT_HANDOFF !== undefined) return t('sysTeammateJoins');
  const name = metadata[ACTOR_NAME_KEY];
  // The number as stored, or the platform's word as the messaging family serves it.
  const status = String(kmStatusNumber(metadata.KM_STATUS));
  if (typeof name === 'string' && name && VISITOR_STATUSES.has(status))
    return t(`sysStatus${status}` as StringKey, { name });
  return null;
}

/** KM_BOT_WELCOME: the bot's welcome message (sent with its first answer, in one batch). */
const isBotWelcome = (m: { metadata: Record<string, unknown> }) => m.metadata.KM_BOT_WELCOME === 'true';

/**
 * Messages in the order a conversation reads: the bot's welcome opens it, before the visitor's
 * first question (it is stored with the first answer, so after that question). Stable otherwise.
 */
export function conversationOrder<M extends { metadata: Record<string, unknown> }>(
  messages: readonly M[],
): M[] {
  const welcome = messages.filter(isBotWelcome);
  if (welcome.length === 0) return messages as M[];
  return [...welcome, ...messages.filter((m) => !isBotWelcome(m))];
}
