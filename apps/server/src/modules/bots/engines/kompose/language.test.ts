import { describe, expect, it } from 'vitest';
import { messageLanguage } from './language.js';

describe('messageLanguage', () => {
  const bot = { defaultLanguage: 'en' as const, languages: ['en', 'es'] as const };
  it("answers in the detected language when the bot has it, else in the bot's default", () => {
    expect(messageLanguage('¿Dónde está mi pedido?', bot)).toBe('es');
    expect(messageLanguage('Where is my order?', bot)).toBe('en');
    // French is not enabled: the detector picks among en and es only, or gives up.
    expect(['en', 'es']).toContain(messageLanguage('Où est ma commande ?', bot));
    expect(messageLanguage('ನನ್ನ ಆರ್ಡರ್ ಎಲ್ಲಿದೆ', bot)).toBe('en');
    expect(messageLanguage('12345', bot)).toBe('en');
  });

  it('prefers the default language on a tie', () => {
    expect(messageLanguage('no', { defaultLanguage: 'es', languages: ['en', 'es'] })).toBe('es');
    expect(messageLanguage('no', { defaultLanguage: 'en', languages: ['en', 'es'] })).toBe('en');
  });
});

describe('messageLanguage on one-line messages', () => {
  const enFr = { defaultLanguage: 'en' as const, languages: ['en', 'fr'] as const };
  const frEn = { defaultLanguage: 'fr' as const, languages: ['fr', 'en'] as const };
  it.each([
    ['merci', 'fr'],
    ['livraison', 'fr'],
    ['je veux un remboursement', 'fr'],
    ['où est ma commande', 'fr'],
    ['thanks a lot', 'en'],
    ['I want my bill', 'en'],
  ] as const)('"%s" is %s whichever language is the default', (text, language) => {
    expect(messageLanguage(text, enFr)).toBe(language);
    expect(messageLanguage(text, frEn)).toBe(language);
  });

  it('keeps the default language without evidence, and the only language of a one-language bot', () => {
    expect(messageLanguage('xyz', frEn)).toBe('fr');
    expect(messageLanguage('👍', enFr)).toBe('en');
    expect(messageLanguage('où est ma commande', { defaultLanguage: 'en', languages: ['en'] })).toBe('en');
    expect(messageLanguage('ನಮಸ್ಕಾರ', { defaultLanguage: 'en', languages: ['en', 'kn'] })).toBe('kn');
  });
});
