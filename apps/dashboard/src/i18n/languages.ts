import { DEFAULT_LANGUAGE, isSupportedLanguage, type Language, RELEASE_VERSION } from '@convo/domain';

/**
 * Translations are JSON files per language under public/locales/<lng>/, one per namespace: the
 * shell's strings in `translation.json`, each feature area's in its own file, loaded when a screen
 * of that area first asks for it. They are fetched with the release as a query suffix
 * (`/locales/en/translation.json?v=17.9.1`): the file names stay stable, and a new release never
 * reads a cached file of the previous one.
 */
export const LOCALES_LOAD_PATH = `/locales/{{lng}}/{{ns}}.json?v=${RELEASE_VERSION}`;

/** LOCALES_LOAD_PATH for one language and namespace. */
export function localesUrl(language: string, namespace: string): string {
  return LOCALES_LOAD_PATH.replace('{{lng}}', encodeURIComponent(language)).replace(
    '{{ns}}',
    encodeURIComponent(namespace),
  );
}

/** Names shown in the selector, each in its own language. */
export const LANGUAGE_NAMES: Readonly<Record<Language, string>> = {
  en: 'English',
  es: 'Español',
  fr: 'Français',
  kn: 'ಕನ್ನಡ',
};

function normalise(value: string | null | undefined): string | null {
  if (value == null) return null;
  return value.trim().toLowerCase().split(/[-_]/)[0] ?? null;
}

/** ?lng= (any supported language, kn included), then the stored choice, then en. */
export function pickLanguage(search: string, stored: string | null): Language {
  for (const candidate of [normalise(new URLSearchParams(search).get('lng')), normalise(stored)]) {
    if (isSupportedLanguage(candidate)) return candidate;
  }
  return DEFAULT_LANGUAGE;
}
