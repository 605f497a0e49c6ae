import { describe, expect, it } from 'vitest';
import { findUnstorableText, isStorableText } from './text-guard.js';

describe('isStorableText', () => {
  it('refuses U+0000 and lone UTF-16 halves, keeps pairs and noncharacters', () => {
    expect(isStorableText('a\u0000b')).toBe(false);
    expect(isStorableText('a\ud800b')).toBe(false);
    expect(isStorableText('a\udc00')).toBe(false);
    expect(isStorableText('😀 \uffff é')).toBe(true);
    expect(isStorableText('')).toBe(true);
  });
});

describe('findUnstorableText', () => {
  it('names the field, nested keys and array indexes as a dotted path', () => {
    expect(findUnstorableText({ name: 'ok', email: 'x\u0000' })).toBe('email');
    expect(findUnstorableText({ metadata: { list: ['ok', 'bad\u0000'] } })).toBe('metadata.list.1');
    expect(findUnstorableText({ 'k\u0000': 1 })).toBe('k\u0000');
    expect(findUnstorableText('\u0000')).toBe('');
  });

  it('finds nothing in storable values, Buffers and numbers', () => {
    expect(findUnstorableText({ a: 1, b: [true, null, 'text'] })).toBeNull();
    expect(findUnstorableText(Buffer.from([0, 0, 0]))).toBeNull();
    expect(findUnstorableText(undefined)).toBeNull();
  });

  it('reads the query parser objects, whose prototype has no prototype', () => {
    const query = Object.create(Object.create(null)) as Record<string, string>;
    query.q = 'a\u0000';
    expect(findUnstorableText(query)).toBe('q');
  });

  it('walks a 10,000-deep value without exhausting the stack', () => {
    let deep: unknown = 'x\u0000';
    for (let i = 0; i < 10_000; i += 1) deep = [deep];
    expect(findUnstorableText(deep)).toBe(`${'0.'.repeat(10_000)}`.slice(0, -1));
  });
});
