import { describe, expect, it } from 'vitest';
import { bm25, coverage, questionWeight, reciprocalRankFusion, TERM_CAP, termWeight } from './scoring.js';
import { questionTerms, stem, wordForms } from './terms.js';

describe('question terms', () => {
  it('keep content words once per stem, without stop words or question words', () => {
    expect(questionTerms('How long does SHIPPING take to Paris? shipping!', 'en').map((t) => t.key)).toEqual([
      'ship',
      'pari',
    ]);
    expect(questionTerms('When does the Lisbon pickup point open?', 'en').map((t) => t.key)).toEqual([
      'lisbon',
      'pickup',
      'point',
      'open',
    ]);
    expect(questionTerms('¿Cuándo abren la tienda?', 'es').map((t) => t.key)).toEqual(['abren', 'tiend']);
  });

  it('keep Kannada words whole (combining marks included) and numbers', () => {
    expect(questionTerms('ಅಂಗಡಿ ಸಮಯ 24', 'kn').map((t) => t.key)).toEqual(['ಅಂಗಡಿ', 'ಸಮಯ', '24']);
  });

  it('leave nothing that could change the tsquery syntax', () => {
    const terms = questionTerms("a' | b & !c <-> d:* (e) 'f'", 'en');
    for (const t of terms) for (const f of t.forms) expect(f).toMatch(/^[\p{L}\p{M}\p{N}]+$/u);
    expect(questionTerms('the of and', 'en')).toEqual([]);
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
    expect(wordForms('close')).toContain('closed');
    expect(wordForms('deliveries')).toContain('delivery');
    expect(wordForms('ಸಮಯ')).toEqual(['ಸಮಯ']);
  });

  it('stem a few endings so word forms meet', () => {
    expect(stem('returned')).toBe('return');
    expect(stem('shipping')).toBe('ship');
    expect(stem('boxes')).toBe('box');
    expect(stem('bus')).toBe('bus');
  });
});

describe('BM25 scoring', () => {
  it('weighs rare terms above common ones, a capped term between the bounds', () => {
    const capped = termWeight(TERM_CAP + 1, 10_000);
    expect(termWeight(3, 10_000)).toBeGreaterThan(termWeight(TERM_CAP, 10_000));
    expect(termWeight(TERM_CAP, 10_000)).toBeGreaterThan(capped);
    expect(termWeight(9_000, 10_000)).toBe(capped);
    // A word no passage holds weighs most: the knowledge says nothing about it.
    expect(questionWeight(0, 50)).toBeGreaterThan(questionWeight(1, 50));
  });

  it('saturates term frequency and normalises length', () => {
    const once = bm25([{ weight: 2, tf: 1 }], 20, 20);
    const twice = bm25([{ weight: 2, tf: 2 }], 20, 20);
    const tenTimes = bm25([{ weight: 2, tf: 10 }], 20, 20);
    expect(twice).toBeGreaterThan(once);
    // Saturation: ten mentions are worth less than five times two.
    expect(tenTimes).toBeLessThan(5 * twice);
    expect(tenTimes).toBeLessThan(2 * (1.2 + 1));
    // The same mention in a passage twice as long scores less.
    expect(bm25([{ weight: 2, tf: 1 }], 40, 20)).toBeLessThan(once);
    expect(bm25([{ weight: 2, tf: 0 }], 20, 20)).toBe(0);
    expect(once).toBeCloseTo(2, 6);
  });

  it('covers the share of the question weight a passage holds', () => {
    expect(
      coverage([
        { weight: 3, tf: 1 },
        { weight: 1, tf: 0 },
      ]),
    ).toBe(0.75);
    expect(coverage([])).toBe(0);
  });

  it('fuses rankings by reciprocal rank', () => {
    const fused = reciprocalRankFusion([
      ['a', 'b', 'c'],
      ['c', 'a'],
    ]);
    expect([...fused.entries()].sort((x, y) => y[1] - x[1]).map(([k]) => k)).toEqual(['a', 'c', 'b']);
  });
});
