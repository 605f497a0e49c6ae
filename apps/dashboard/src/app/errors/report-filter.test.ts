import { describe, expect, it } from 'vitest';
import { ApiError } from '../api/api-error';
import { firstStackSource, inSample, isForeignScript, shouldReport } from './report-filter';

const origin = 'https://app.example.com';
const ours = (message: string) => {
  const error = new Error(message);
  error.stack = `Error: ${message}\n    at Page (${origin}/assets/page-abc.js:10:5)`;
  return error;
};

describe('error report filter (SPEC §8)', () => {
  it('reports our own errors', () => {
    expect(shouldReport({ error: ours('x is undefined'), origin })).toBe(true);
    expect(shouldReport({ error: ours('boom'), filename: `${origin}/assets/a.js`, origin })).toBe(true);
  });

  it('skips non-errors and the not-reported list', () => {
    expect(shouldReport({ error: 'a string', origin })).toBe(false);
    expect(shouldReport({ error: { message: 'object' }, origin })).toBe(false);
    for (const message of [
      'Request cancelled',
      'request canceled due to logout',
      'Unable to fetch FAQs',
      'Unable to Submit Disposition',
      'Request aborted',
      'Network Error',
      'Worker terminated',
      'audio play not allowed',
    ]) {
      expect(shouldReport({ error: ours(message), origin }), message).toBe(false);
    }
    expect(shouldReport({ error: new ApiError(401, 'UNAUTHORIZED', 'Session expired'), origin })).toBe(false);
    expect(shouldReport({ error: new ApiError(500, 'INTERNAL_SERVER_ERROR', 'Retry'), origin })).toBe(true);
  });

  it('skips third-party and extension scripts', () => {
    expect(shouldReport({ error: ours('x'), filename: 'https://cdn.other.com/lib.js', origin })).toBe(false);
    const ext = new Error('x');
    ext.stack = 'Error: x\n    at f (chrome-extension://abcdef/content.js:1:2)';
    expect(shouldReport({ error: ext, origin })).toBe(false);
    expect(isForeignScript('moz-extension://id/x.js', origin)).toBe(true);
    expect(isForeignScript('/assets/a.js', origin)).toBe(false);
    expect(firstStackSource('f@https://cdn.other.com/lib.js:1:2')).toBe('https://cdn.other.com/lib.js');
  });

  it('samples by the rate', () => {
    expect(inSample(1, () => 0.999)).toBe(true);
    expect(inSample(0.5, () => 0.7)).toBe(false);
  });
});
