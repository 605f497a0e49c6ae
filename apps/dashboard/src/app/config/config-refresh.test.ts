import { describe, expect, it } from 'vitest';
import { CONFIG_REFRESH_MS, isOtherRelease } from './config-refresh';

describe('feature flag refresh', () => {
  it('runs every 300 s', () => {
    expect(CONFIG_REFRESH_MS).toBe(300_000);
  });
  it('tells a new release apart from the running one', () => {
    expect(isOtherRelease('17.9.1', '17.9.1')).toBe(false);
    expect(isOtherRelease('17.9.1', '17.9.2')).toBe(true);
    expect(isOtherRelease('17.9.1', '')).toBe(false);
  });
});
