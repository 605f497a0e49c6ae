import { describe, expect, it } from 'vitest';
import { lockAfterFailure, rateLimitedMessage, retryMinutes, signInCounters } from './sign-in-throttle';

const policy = { maxFailures: 10, baseLockMs: 60_000, maxLockMs: 15 * 60_000 };

describe('sign-in throttle', () => {
  it('lets the free tries pass, then locks with a doubling backoff up to the cap', () => {
    expect(lockAfterFailure(1, policy)).toBe(0);
    expect(lockAfterFailure(9, policy)).toBe(0);
    expect(lockAfterFailure(10, policy)).toBe(60_000);
    expect(lockAfterFailure(11, policy)).toBe(120_000);
    expect(lockAfterFailure(12, policy)).toBe(240_000);
    expect(lockAfterFailure(13, policy)).toBe(480_000);
    expect(lockAfterFailure(14, policy)).toBe(15 * 60_000);
    expect(lockAfterFailure(10_000, policy)).toBe(15 * 60_000);
  });

  it('counts a known device on its own counter, anybody else per account and per address', () => {
    expect(signInCounters({ account: ' Ann@Example.com', address: '10.0.0.1', device: null })).toEqual([
      'account:ann@example.com',
      'address:10.0.0.1',
    ]);
    expect(signInCounters({ account: 'ann@example.com', address: '10.0.0.1', device: 'abc' })).toEqual([
      'device:abc',
    ]);
  });

  it('announces whole minutes, at least one', () => {
    expect([retryMinutes(0), retryMinutes(1), retryMinutes(60_000), retryMinutes(60_001)]).toEqual([
      1, 1, 1, 2,
    ]);
    expect(rateLimitedMessage(90_000)).toBe('Too many attempts. Try again in 2 minute(s).');
  });
});
