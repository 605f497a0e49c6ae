import { isSupportedLanguage, type Language, SELECTABLE_LANGUAGES } from '@convo/domain';
import { Select } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { changeLanguage } from '../i18n/i18n';
import { LANGUAGE_NAMES } from '../i18n/languages';

/** en, es and fr; kn is loadable with ?lng=kn but not offered here. */
export function LanguageSelect({ w = 160 }: { w?: number }) {
  const { t, i18n } = useTranslation();
  const current = i18n.resolvedLanguage ?? i18n.language;
  // kn (not selectable) is listed only while it is the current language, so the control shows it.
  const languages: readonly Language[] =
    isSupportedLanguage(current) && !SELECTABLE_LANGUAGES.includes(current)
      ? [...SELECTABLE_LANGUAGES, current]
      : SELECTABLE_LANGUAGES;
  return (
    <Select
      label={t('language.label')}
      w={w}
      size="xs"
      allowDeselect={false}
      checkIconPosition="right"
      data={languages.map((lng) => ({ value: lng, label: LANGUAGE_NAMES[lng] }))}
      value={current}
      onChange={(value) => {
        if (isSupportedLanguage(value)) void changeLanguage(value);
      }}
    />
  );
}
