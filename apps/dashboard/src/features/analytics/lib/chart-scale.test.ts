import { describe, expect, it } from 'vitest';
import { bucketAt, labelStep, moveBucket, niceTicks } from './chart-scale';

describe('niceTicks', () => {
  it('counts up from 0 in steps of 1, 2 or 5 × 10ⁿ past the largest value', () => {
    expect(niceTicks(1840)).toEqual([0, 500, 1000, 1500, 2000]);
    expect(niceTicks(7)).toEqual([0, 2, 4, 6, 8]);
    expect(niceTicks(100)).toEqual([0, 50, 100]);
  });

  it('keeps decimals exact', () => {
    expect(niceTicks(0.3)).toEqual([0, 0.1, 0.2, 0.3]);
  });

  it('has a scale even when every value is 0 or there is none', () => {
    expect(niceTicks(0)).toEqual([0, 1]);
    expect(niceTicks(Number.NEGATIVE_INFINITY)).toEqual([0, 1]);
  });
});

describe('labelStep', () => {
  it('prints every label when they fit, else every k-th', () => {
    expect(labelStep(7, 560)).toBe(1);
    expect(labelStep(31, 560)).toBe(4);
    expect(labelStep(0, 560)).toBe(1);
  });
});

describe('bucketAt', () => {
  it('maps a position to its bucket, clamped to the chart', () => {
    expect(bucketAt(0, 700, 7)).toBe(0);
    expect(bucketAt(150, 700, 7)).toBe(1);
    expect(bucketAt(700, 700, 7)).toBe(6);
    expect(bucketAt(-5, 700, 7)).toBe(0);
  });
});

describe('moveBucket', () => {
  it('steps with the arrows within the chart and jumps with Home and End', () => {
    expect(moveBucket('ArrowRight', 2, 7)).toBe(3);
    expect(moveBucket('ArrowRight', 6, 7)).toBe(6);
    expect(moveBucket('ArrowLeft', 0, 7)).toBe(0);
    expect(moveBucket('Home', 4, 7)).toBe(0);
    expect(moveBucket('End', 1, 7)).toBe(6);
  });

  it('starts from the nearer end and has nothing to show on an empty chart', () => {
    expect(moveBucket('ArrowRight', null, 7)).toBe(0);
    expect(moveBucket('ArrowLeft', null, 7)).toBe(6);
    expect(moveBucket('ArrowRight', null, 0)).toBeNull();
  });
});
