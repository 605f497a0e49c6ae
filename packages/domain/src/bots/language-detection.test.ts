import { describe, expect, it } from 'vitest';
import { detectLanguage } from './language-detection.js';

describe('detectLanguage', () => {
  it.each([
    ['Where is my order? I want a refund please', 'en'],
    ['How long does shipping take to Canada', 'en'],
    ['¿Dónde está mi pedido? Quiero una devolución', 'es'],
    ['hola, necesito ayuda con el envio', 'es'],
    ['Bonjour, où est ma commande ?', 'fr'],
    ["Je voudrais un remboursement s'il vous plaît", 'fr'],
    ['ನನ್ನ ಆರ್ಡರ್ ಎಲ್ಲಿದೆ?', 'kn'],
    ['ನಮಸ್ಕಾರ order ಎಲ್ಲಿದೆ', 'kn'],
  ] as const)('%s → %s', (text, language) => {
    expect(detectLanguage(text)?.language).toBe(language);
  });

  it('gives no answer without evidence', () => {
    expect(detectLanguage('12345 !!!')).toBeNull();
    expect(detectLanguage('')).toBeNull();
    expect(detectLanguage('xyzzy')).toBeNull();
  });

  it('only picks among the candidates, the first on a tie', () => {
    expect(detectLanguage('Bonjour, où est ma commande ?', ['en', 'es'])?.language).not.toBe('fr');
    expect(detectLanguage('ನನ್ನ ಆರ್ಡರ್', ['en'])).toBeNull();
    // "no" is English and Spanish: a tie goes to the first candidate.
    expect(detectLanguage('no', ['es', 'en'])?.language).toBe('es');
    expect(detectLanguage('no', ['en', 'es'])?.language).toBe('en');
    expect(detectLanguage('anything', [])).toBeNull();
  });

  it('reports the share of the evidence as confidence', () => {
    const d = detectLanguage('the order is late');
    expect(d?.confidence).toBe(1);
    const mixed = detectLanguage('no no');
    expect(mixed?.confidence).toBeLessThan(1);
  });
});
