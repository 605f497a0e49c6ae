// The widget's strings in en, es, fr and kn; small JSON files bundled into the app.
import en from './locales/en.json';
import es from './locales/es.json';
import fr from './locales/fr.json';
import kn from './locales/kn.json';

export type StringKey = keyof typeof en;
type Strings = Record<StringKey, string>;

const LANGUAGES: Record<string, Strings> = { en, es, fr, kn };

/** The first supported language of: the page's option, the widget settings, English. */
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
