import { describe, expect, it } from 'vitest';
import { movable } from './article-order';

describe('movable', () => {
  const items = [
    { id: 'a', categoryId: 'c1', language: 'en' as const },
    { id: 'b', categoryId: 'c2', language: 'en' as const },
    { id: 'c', categoryId: 'c1', language: 'en' as const },
    { id: 'd', categoryId: 'c1', language: 'es' as const },
  ];
  it('moves only among the same category and language', () => {
    expect(movable(items, 0)).toEqual({ up: false, down: true });
    expect(movable(items, 1)).toEqual({ up: false, down: false });
    expect(movable(items, 2)).toEqual({ up: true, down: false });
    expect(movable(items, 3)).toEqual({ up: false, down: false });
    expect(movable(items, 9)).toEqual({ up: false, down: false });
  });
});
