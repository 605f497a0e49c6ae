import { DEFAULT_LANGUAGE, type Language, SUPPORTED_LANGUAGES } from '@convo/domain';
import i18next from 'i18next';
import resourcesToBackend from 'i18next-resources-to-backend';
import { initReactI18next } from 'react-i18next';
import { takeEarly } from '../app/early/early-responses';
import { storage } from '../app/storage/safe-storage';
import { STORAGE_KEYS } from '../app/storage/storage-keys';
import { localesUrl } from './languages';

/**
 * Each namespace's JSON is fetched with the browser's fetch (the http backend brought a fetch
 * polyfill, cross-fetch, into the boot chunk; issue 39). A failed answer rejects, which i18next
 * reports as failedLoading like before.
 */
const fetchBackend = resourcesToBackend(async (language: string, namespace: string) => {
  const url = localesUrl(language, namespace);
  // The landing page's namespaces were asked for as index.html was parsed (early-start.ts).
  const response = await (takeEarly(url) ?? fetch(url));
  if (!response.ok) throw new Error(`${response.status} for ${language}/${namespace}`);
  return (await response.json()) as Record<string, unknown>;
});

function applyDocumentLanguage(language: string): void {
  document.documentElement.lang = language;
}

/**
 * Loads the chosen language (and en as fallback), with `namespaces` besides the default one (the
 * landing page's, fetched side by side). A failure is logged only: no user message.
 */
export async function initI18n(language: Language, namespaces: readonly string[] = []): Promise<void> {
  i18next.on('failedLoading', (lng, ns, message) => {
    console.error(`Translations for "${lng}" (${ns}) failed to load: ${message}`);
  });
  i18next.on('languageChanged', applyDocumentLanguage);
  try {
    await i18next
      .use(fetchBackend)
      .use(initReactI18next)
      .init({
        lng: language,
        fallbackLng: DEFAULT_LANGUAGE,
        supportedLngs: [...SUPPORTED_LANGUAGES],
        nonExplicitSupportedLngs: false,
        load: 'languageOnly',
        ns: ['translation', ...namespaces],
        defaultNS: 'translation',
        interpolation: { escapeValue: false },
        react: { useSuspense: false },
      });
  } catch (error) {
    console.error('Translations failed to initialise', error);
  }
  applyDocumentLanguage(i18next.resolvedLanguage ?? language);
}

export async function changeLanguage(language: Language): Promise<void> {
  storage.setItem(STORAGE_KEYS.language, language);
  await i18next.changeLanguage(language);
}

export { i18next };
