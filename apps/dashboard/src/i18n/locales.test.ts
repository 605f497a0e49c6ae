import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { MESSAGES, SUPPORTED_LANGUAGES } from '@convo/domain';
import { describe, expect, it } from 'vitest';
import en from '../../public/locales/en/translation.json';
import { TRANSLATED_MESSAGE_KEYS } from './message-keys';

const LOCALES_DIR = path.resolve(import.meta.dirname, '../../public/locales');
const NAMESPACES = readdirSync(path.join(LOCALES_DIR, 'en'))
  .filter((f) => f.endsWith('.json'))
  .map((f) => f.slice(0, -'.json'.length));

function load(language: string, ns: string): unknown {
  return JSON.parse(readFileSync(path.join(LOCALES_DIR, language, `${ns}.json`), 'utf8'));
}
const PLURAL_SUFFIX = /_(zero|one|two|few|many|other)$/;

function flatten(value: unknown, prefix = ''): Record<string, string> {
  const result: Record<string, string> = {};
  if (typeof value === 'string') {
    result[prefix] = value;
    return result;
  }
  for (const [key, item] of Object.entries(value as Record<string, unknown>)) {
    Object.assign(result, flatten(item, prefix === '' ? key : `${prefix}.${key}`));
  }
  return result;
}

/** Keys with plural forms folded together: languages have different plural categories. */
function keySet(locale: unknown): string[] {
  return [...new Set(Object.keys(flatten(locale)).map((key) => key.replace(PLURAL_SUFFIX, '')))].sort();
}

function placeholders(text: string): string[] {
  return [...text.matchAll(/\{\{(\w+)\}\}|<(\w+)>/g)].map((m) => m[1] ?? m[2] ?? '').sort();
}

describe('translation files', () => {
  it('exist for every supported language, with the same namespaces', () => {
    const languages = readdirSync(LOCALES_DIR).filter((d) => !d.includes('.'));
    expect(languages.sort()).toEqual([...SUPPORTED_LANGUAGES].sort());
    expect(NAMESPACES).toContain('translation');
    for (const language of languages) {
      const files = readdirSync(path.join(LOCALES_DIR, language)).filter((f) => f.endsWith('.json'));
      expect(files.sort(), language).toEqual(NAMESPACES.map((ns) => `${ns}.json`).sort());
    }
  });

  const pairs = ['es', 'fr', 'kn'].flatMap((language) => NAMESPACES.map((ns) => [language, ns] as const));

  it.each(pairs)('%s/%s has exactly the keys of en', (language, ns) => {
    expect(keySet(load(language, ns))).toEqual(keySet(load('en', ns)));
  });

  it.each(pairs)('%s/%s keeps the placeholders of en and translates every string', (language, ns) => {
    const english = flatten(load('en', ns));
    const translated = flatten(load(language, ns));
    for (const [key, text] of Object.entries(translated)) {
      const base = english[key] ?? english[key.replace(PLURAL_SUFFIX, '_other')] ?? '';
      expect(placeholders(text), `${language}/${ns} ${key}`).toEqual(placeholders(base));
      expect(text.trim(), `${language}/${ns} ${key}`).not.toBe('');
    }
  });

  it('has the catalogue messages in English word for word', () => {
    for (const key of TRANSLATED_MESSAGE_KEYS) expect(en.messages[key]).toBe(MESSAGES[key]);
    expect(Object.keys(en.messages).sort()).toEqual([...TRANSLATED_MESSAGE_KEYS].sort());
  });

  it('uses the exact spec wording for the password rule, the answers label and the user menu', () => {
    expect(en.messages.passwordRule).toBe(
      'Your password must be at least 8 characters long, contain at least one number, one uppercase letter(A-Z) and one lowercase letter(a-z)',
    );
    expect(en.wording.answers_agentic).toBe(MESSAGES.agentActions);
    expect(en.userMenu.label).toBe('User menu');
    expect(en.userMenu.logout).toBe('Log out');
  });
});
