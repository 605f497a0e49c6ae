// Translation keys are checked at compile time against the English files. A feature area with its
// own namespace (public/locales/<lng>/<ns>.json) adds it to `resources` here.
import 'i18next';
import type en from '../../public/locales/en/translation.json';

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: typeof en };
  }
}
