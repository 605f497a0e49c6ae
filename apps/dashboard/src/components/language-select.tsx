import { isSupportedLanguage, type Language, SELECTABLE_LANGUAGES } from '@convo/domain';
import { NativeSelect } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { changeLanguage } from '../i18n/i18n';
import { LANGUAGE_NAMES } from '../i18n/languages';

/**
 * en, es and fr; kn is loadable with ?lng=kn but not offered here. The browser's own select: the
 * sign-in page shows it, and Mantine's Select would bring its dropdown (Combobox, Popover,
 * floating-ui: some 20 KB compressed) to a page that must stay small (issue 39).
 */
export function LanguageSelect({ w = 160 }: { w?: number }) {
  const { t, i18n } = useTranslation();
  const current = i18n.resolvedLanguage ?? i18n.language;
  // kn (not selectable) is listed only while it is the current language, so the control shows it.
  const languages: readonly Language[] =
    isSupportedLanguage(current) && !SELECTABLE_LANGUAGES.includes(current)
      ? [...SELECTABLE_LANGUAGES, current]
      : SELECTABLE_LANGUAGES;
  return (
    <NativeSelect
      label={t('language.label')}
      w={w}
      size="xs"
      data={languages.map((lng) => ({ value: lng, label: LANGUAGE_NAMES[lng] }))}
      value={current}
      onChange={(event) => {
        const value = event.currentTarget.value;
        if (isSupportedLanguage(value)) void changeLanguage(value);
      }}
    />
  );
}
