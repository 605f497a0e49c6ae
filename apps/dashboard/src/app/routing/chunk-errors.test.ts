import { CHUNK_LOAD_TIMEOUT_MS } from '@convo/domain';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { shouldReport } from '../errors/report-filter';
import {
  asChunkError,
  ChunkLoadError,
  ChunkLoadTimeoutError,
  chunkFailureKind,
  withTimeout,
} from './chunk-errors';

afterEach(() => vi.useRealTimers());

describe('chunk loading', () => {
  it('times out after 120 s as a timeout', async () => {
    vi.useFakeTimers();
    const never = new Promise<never>(() => {});
    const result = withTimeout(never, CHUNK_LOAD_TIMEOUT_MS).catch((e: unknown) => e);
    vi.advanceTimersByTime(CHUNK_LOAD_TIMEOUT_MS - 1);
    let settled = false;
    void result.then(() => {
      settled = true;
    });
    await Promise.resolve();
    expect(settled).toBe(false);
    vi.advanceTimersByTime(1);
    const error = await result;
    expect(error).toBeInstanceOf(ChunkLoadTimeoutError);
    expect(chunkFailureKind(error)).toBe('chunk-timeout');
    expect(CHUNK_LOAD_TIMEOUT_MS).toBe(120_000);
  });

  it('passes a chunk that arrives in time through', async () => {
    await expect(withTimeout(Promise.resolve('page'), 10)).resolves.toBe('page');
  });

  it('reports any other failure as a chunk load error, even the browser network wording', () => {
    const browser = new TypeError('Failed to fetch dynamically imported module: http://x/assets/a.js');
    expect(chunkFailureKind(browser)).toBe('chunk-load');
    const reported = asChunkError(browser);
    expect(reported).toBeInstanceOf(ChunkLoadError);
    expect(reported.cause).toBe(browser);
    expect(shouldReport({ error: browser, origin: 'http://x' })).toBe(false);
    expect(shouldReport({ error: reported, origin: 'http://x' })).toBe(true);
  });
});
