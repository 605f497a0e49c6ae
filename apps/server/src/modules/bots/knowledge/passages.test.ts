import { describe, expect, it } from 'vitest';
import { splitPassages } from './passages.js';

const words = (n: number, word = 'word') => Array.from({ length: n }, () => word).join(' ');

describe('splitPassages', () => {
  it('keeps short paragraphs together up to the word limit', () => {
    const text = `${words(30, 'a')}\n\n${words(30, 'b')}\n\n${words(30, 'c')}`;
    const passages = splitPassages(text, { maxWords: 70 });
    expect(passages.map((p) => p.text.split(/\s+/).length)).toEqual([60, 30]);
    expect(passages[0]?.text).toContain('\n\n');
  });

  it('carries the heading into every passage under it and starts a new passage at a heading', () => {
    const text = '# Shipping\n\nWe ship in 2 days.\n\nFree over 50 €.\n\n## Returns\nReturn within 30 days.';
    expect(splitPassages(text)).toEqual([
      { heading: 'Shipping', text: 'We ship in 2 days.\n\nFree over 50 €.' },
      { heading: 'Returns', text: 'Return within 30 days.' },
    ]);
  });

  it('splits a long paragraph at sentences, and a sentence longer than the limit at words', () => {
    const long = `${words(40, 'x')}. ${words(40, 'y')}. ${words(130, 'z')}`;
    const passages = splitPassages(long, { maxWords: 60 });
    for (const p of passages) expect(p.text.split(/\s+/).length).toBeLessThanOrEqual(60);
    expect(passages.map((p) => p.text).join(' ')).toBe(long.replace(/\s+/g, ' '));
    expect(passages[0]?.text.startsWith('x')).toBe(true);
    expect(passages[1]?.text.startsWith('y')).toBe(true);
  });

  it('ignores blank input and normalises line endings and spaces', () => {
    expect(splitPassages('  \r\n\r\n  ')).toEqual([]);
    expect(splitPassages('one\r\ntwo   three')).toEqual([{ heading: null, text: 'one two three' }]);
  });
});
