import { describe, expect, it } from 'vitest';
import { tagPlanFor } from './tag-plan.js';

describe('tag filter plan', () => {
  it('reads a rare tag first and walks the conversations for a common one', () => {
    // The bench's case: 5,882 of 100,000 conversations, a page of 31.
    expect(tagPlanFor(5_882, 100_000, 31)).toBe('by-conversation');
    // A handful, or none: reading them first is at once.
    expect(tagPlanFor(12, 100_000, 31)).toBe('by-tag');
    expect(tagPlanFor(0, 100_000, 31)).toBe('by-tag');
    // A small inbox: either is quick; the walk is bounded by the conversations there are.
    expect(tagPlanFor(40, 50, 31)).toBe('by-conversation');
    // The same tag size is rare in a large inbox and common in a small one.
    expect(tagPlanFor(1_000, 1_000_000, 31)).toBe('by-tag');
    expect(tagPlanFor(1_000, 20_000, 31)).toBe('by-conversation');
    // Deeper pages walk further.
    expect(tagPlanFor(1_500, 100_000, 31)).toBe('by-conversation');
    expect(tagPlanFor(1_500, 100_000, 301)).toBe('by-tag');
  });
});
