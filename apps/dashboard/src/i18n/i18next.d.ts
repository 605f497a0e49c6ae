// Translation keys are checked at compile time against the English file.
import 'i18next';
import type en from '../../public/locales/en.json';

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: typeof en };
  }
}
