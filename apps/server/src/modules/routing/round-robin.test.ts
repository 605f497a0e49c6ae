import { describe, expect, it } from 'vitest';
import { nextInTurn } from './round-robin.js';

describe('nextInTurn', () => {
  it('starts with the first, follows the order and wraps around', () => {
    const ids = ['a', 'b', 'c'];
    expect(nextInTurn(ids, null)).toBe('a');
    expect(nextInTurn(ids, 'a')).toBe('b');
    expect(nextInTurn(ids, 'c')).toBe('a');
  });

  it('skips to the next one after an agent who went away', () => {
    expect(nextInTurn(['a', 'c', 'd'], 'b')).toBe('c');
  });

  it('gives nobody when nobody is online', () => {
    expect(nextInTurn([], 'a')).toBeNull();
  });

  it('spreads 1,000 turns over 5 agents evenly', () => {
    const ids = ['a', 'b', 'c', 'd', 'e'];
    const counts = new Map<string, number>();
    let last: string | null = null;
    for (let i = 0; i < 1000; i++) {
      last = nextInTurn(ids, last);
      counts.set(last!, (counts.get(last!) ?? 0) + 1);
    }
    const values = [...counts.values()];
    expect(Math.max(...values) - Math.min(...values)).toBeLessThanOrEqual(1);
  });
});
