import { DEFAULT_LANGUAGE, type Language, SUPPORTED_LANGUAGES } from '@convo/domain';
import i18next from 'i18next';
import HttpBackend from 'i18next-http-backend';
import { initReactI18next } from 'react-i18next';
import { storage } from '../app/storage/safe-storage';
import { STORAGE_KEYS } from '../app/storage/storage-keys';
import { LOCALES_LOAD_PATH } from './languages';

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
      .use(HttpBackend)
      .use(initReactI18next)
      .init({
        lng: language,
        fallbackLng: DEFAULT_LANGUAGE,
        supportedLngs: [...SUPPORTED_LANGUAGES],
        nonExplicitSupportedLngs: false,
        load: 'languageOnly',
        ns: ['translation', ...namespaces],
        defaultNS: 'translation',
        backend: { loadPath: LOCALES_LOAD_PATH },
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
