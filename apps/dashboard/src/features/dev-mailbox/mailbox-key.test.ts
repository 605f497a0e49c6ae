import { describe, expect, it } from 'vitest';
import { keyFromHash, rememberMailboxKey } from './mailbox-key';

function memoryStorage() {
  const items = new Map<string, string>();
  return {
    getItem: (k: string) => items.get(k) ?? null,
    setItem: (k: string, v: string) => void items.set(k, v),
  };
}

describe('keyFromHash', () => {
  it('reads #key=… and nothing else', () => {
    expect(keyFromHash('#key=abc_DEF-1')).toBe('abc_DEF-1');
    expect(keyFromHash('key=abc')).toBe('abc');
    expect(keyFromHash('#other=1&key=k2')).toBe('k2');
    expect(keyFromHash('')).toBeNull();
    expect(keyFromHash('#key=')).toBeNull();
    expect(keyFromHash('#section')).toBeNull();
  });
});

describe('rememberMailboxKey', () => {
  it('keeps the link key for later visits of the tab, a newer link replacing it', () => {
    const storage = memoryStorage();
    expect(rememberMailboxKey('', storage)).toBeNull();
    expect(rememberMailboxKey('#key=first', storage)).toBe('first');
    expect(rememberMailboxKey('', storage)).toBe('first');
    expect(rememberMailboxKey('#key=second', storage)).toBe('second');
    expect(rememberMailboxKey('', storage)).toBe('second');
  });

  it('still uses the link key when storage refuses', () => {
    const refusing = {
      getItem: () => {
        throw new Error('denied');
      },
      setItem: () => {
        throw new Error('denied');
      },
    };
    expect(rememberMailboxKey('#key=k', refusing)).toBe('k');
    expect(rememberMailboxKey('', refusing)).toBeNull();
  });
});
