import { describe, expect, it } from 'vitest';
import { queryTerms, stem, TERM_CAP, termWeight, wordForms } from './retrieval.js';

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
    expect(queryTerms('the of and')).toEqual([]);
  });

  it('stand for their common inflections', () => {
    expect(wordForms('ship')).toEqual([
      'ship',
      'ships',
      'shipes',
      'shiped',
      'shiping',
      'shipped',
      'shipping',
    ]);
    expect(wordForms(stem('returns'))).toContain('returning');
    expect(wordForms('ಸಮಯ')).toEqual(['ಸಮಯ']);
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

  it('weigh rare terms above common ones, a capped term between the bounds', () => {
    const rare = termWeight(3, 10_000);
    const capped = termWeight(TERM_CAP + 1, 10_000);
    expect(rare).toBeGreaterThan(termWeight(TERM_CAP, 10_000));
    expect(termWeight(TERM_CAP, 10_000)).toBeGreaterThan(capped);
    // Past the cap the count is unknown: every common term weighs the same, less than a rare one.
    expect(termWeight(9_000, 10_000)).toBe(capped);
    expect(termWeight(10_000, 10_000)).toBeGreaterThan(0);
  });
});
