import { describe, expect, it } from 'vitest';
import { pageCount, visiblePages } from './pagination';

describe('dashboard pagination', () => {
  it('counts pages of 10, at least one', () => {
    expect([pageCount(0), pageCount(10), pageCount(11), pageCount(95)]).toEqual([1, 1, 2, 10]);
  });

  it('shows at most 6 numbers, keeping 3 before the current page', () => {
    expect(visiblePages(1, 3)).toEqual([1, 2, 3]);
    expect(visiblePages(1, 20)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(visiblePages(4, 20)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(visiblePages(9, 20)).toEqual([6, 7, 8, 9, 10, 11]);
    expect(visiblePages(20, 20)).toEqual([15, 16, 17, 18, 19, 20]);
    expect(visiblePages(99, 20)).toEqual([15, 16, 17, 18, 19, 20]);
  });
});
