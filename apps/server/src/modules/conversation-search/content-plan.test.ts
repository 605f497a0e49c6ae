import { describe, expect, it } from 'vitest';
import { COMMON_SHARE, lexemesOf, planFor } from './content-plan.js';

describe('content search plan', () => {
  const shares = new Map([
    ['refund', 0.1],
    ['order', 0.1],
    ['the', 0.005],
  ]);

  it('walks conversations only when the words together are in at least 2 % of messages', () => {
    expect(COMMON_SHARE).toBe(0.02);
    expect(planFor(['refund'], shares)).toBe('by-conversation');
    expect(planFor(['refund', 'order'], shares)).toBe('by-match'); // 1 % together
    expect(planFor(['the'], shares)).toBe('by-match');
    expect(planFor(['zebracrossing'], shares)).toBe('by-match');
    expect(planFor(['refund', 'zebracrossing'], shares)).toBe('by-match');
    expect(planFor([], shares)).toBe('by-match');
  });

  it("splits a query into the 'simple' configuration's words", () => {
    expect(lexemesOf('Refund, ORDER #42!')).toEqual(['refund', 'order', '42']);
    expect(lexemesOf('  ')).toEqual([]);
    expect(lexemesOf('Größe café')).toEqual(['größe', 'café']);
  });
});
