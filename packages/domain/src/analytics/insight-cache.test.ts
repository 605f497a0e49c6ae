import { describe, expect, it } from 'vitest';
import {
  INSIGHT_ID_SEPARATOR,
  insightAnswerRecordId,
  insightIdBounds,
  insightRecordId,
  isInsightRecordOf,
} from './insight-cache';

describe('insight cache keys', () => {
  const range = { from: 1_000, to: 2_000, timeZone: 'Asia/Kolkata' };

  it('prefixes the record id with the application id and the separator', () => {
    const id = insightRecordId('app-1', insightAnswerRecordId('top-tags', range));
    expect(id).toBe(`app-1${INSIGHT_ID_SEPARATOR}top-tags@1000-2000@Asia/Kolkata`);
  });

  it('gives one question over another range or zone another record', () => {
    const a = insightAnswerRecordId('top-tags', range);
    expect(insightAnswerRecordId('top-tags', { ...range, to: 3_000 })).not.toBe(a);
    expect(insightAnswerRecordId('top-tags', { ...range, timeZone: 'UTC' })).not.toBe(a);
    expect(insightAnswerRecordId('csat-trend', range)).not.toBe(a);
  });

  it("keeps one application's records out of another's, even when one id prefixes the other", () => {
    const mine = insightRecordId('app', 'busiest-hour@1-2@UTC');
    const longer = insightRecordId('app2', 'busiest-hour@1-2@UTC');
    expect(isInsightRecordOf(mine, 'app')).toBe(true);
    expect(isInsightRecordOf(longer, 'app')).toBe(false);
    const { lower, upper } = insightIdBounds('app');
    const inBounds = (id: string) => id >= lower && id <= upper;
    expect(inBounds(mine)).toBe(true);
    expect(inBounds(longer)).toBe(false);
    expect(inBounds(insightRecordId('apq', 'x'))).toBe(false);
  });
});
