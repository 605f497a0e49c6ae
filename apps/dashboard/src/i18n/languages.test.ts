import { describe, expect, it } from 'vitest';
import { LOCALES_LOAD_PATH, localesUrl, pickLanguage } from './languages';

describe('pickLanguage', () => {
  it('prefers ?lng=, kn included although it is not in the selector', () => {
    expect(pickLanguage('?lng=kn', 'fr')).toBe('kn');
    expect(pickLanguage('?lng=es-MX', null)).toBe('es');
  });

  it('falls back to the stored language, then en', () => {
    expect(pickLanguage('?lng=xx', 'fr')).toBe('fr');
    expect(pickLanguage('', null)).toBe('en');
    expect(pickLanguage('', 'de')).toBe('en');
  });
});

describe('LOCALES_LOAD_PATH', () => {
  it('carries the release as a version suffix', () => {
    expect(LOCALES_LOAD_PATH).toBe('/locales/{{lng}}/{{ns}}.json?v=17.9.1');
  });

  it('gives the URL of one language and namespace', () => {
    expect(localesUrl('fr', 'inbox')).toBe('/locales/fr/inbox.json?v=17.9.1');
  });
});
