import { describe, expect, it } from 'vitest';
import { arrayLiteral } from './any-of.js';

describe('arrayLiteral', () => {
  it('quotes every element and escapes what would end or break it', () => {
    expect(arrayLiteral([1, 22])).toBe('{"1","22"}');
    expect(arrayLiteral(['a,b', 'say "hi"', 'back\\slash', '{}', ''])).toBe(
      '{"a,b","say \\"hi\\"","back\\\\slash","{}",""}',
    );
    expect(arrayLiteral([])).toBe('{}');
  });
});
