import { describe, expect, it } from 'vitest';
import { queryTerms, stem, toTsQuery } from './retrieval.js';

describe('query terms', () => {
  it('keep content words, lower-cased, once each, without stopwords', () => {
    expect(queryTerms('How long does SHIPPING take to Paris? shipping!')).toEqual([
      'long',
      'ship',
      'take',
      'pari',
    ]);
    expect(queryTerms('¿Cuándo abren la tienda?')).toEqual(['abren', 'tienda']);
    expect(queryTerms("Quels sont vos horaires d'ouverture ?")).toEqual([
      'quel',
      'vos',
      'horair',
      'ouverture',
    ]);
  });

  it('keep Kannada words whole (combining marks included) and numbers', () => {
    expect(queryTerms('ಅಂಗಡಿ ಸಮಯ 24')).toEqual(['ಅಂಗಡಿ', 'ಸಮಯ', '24']);
  });

  it('leave nothing that could change the tsquery syntax', () => {
    const terms = queryTerms("a' | b & !c <-> d:* (e) 'f'");
    for (const t of terms) expect(t).toMatch(/^[\p{L}\p{M}\p{N}]+$/u);
    expect(toTsQuery(queryTerms('the of and'))).toBeNull();
    expect(toTsQuery(['ship', 'return'])).toBe('ship:* | return:*');
  });

  it('stem a few endings so word forms meet', () => {
    expect(stem('returns')).toBe('return');
    expect(stem('returned')).toBe('return');
    expect(stem('returning')).toBe('return');
    expect(stem('shipping')).toBe('ship');
    expect(stem('boxes')).toBe('box');
    expect(stem('bus')).toBe('bus');
    expect(stem('ಸಮಯ')).toBe('ಸಮಯ');
  });
});
