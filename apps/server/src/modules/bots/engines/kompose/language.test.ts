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
