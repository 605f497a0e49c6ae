import { INFINITE } from '@convo/domain';
import { describe, expect, it } from 'vitest';
import { formatAmount, formatPeriod, isUnlimited, planName, usagePercent, usageUsed } from './billing-format';

const usage = (over: Partial<Parameters<typeof usagePercent>[0]> = {}) => ({
  metric: 'channelCount' as const,
  since: '2026-11',
  messages: 125,
  mtu: 7,
  allowance: 250,
  ...over,
});

describe('billing display rules', () => {
  it('names plans', () => {
    expect(planName('per_agent')).toBe('Per agent');
    expect(planName('professional')).toBe('Professional');
  });

  it('treats null and INFINITE as no limit', () => {
    expect(isUnlimited(null)).toBe(true);
    expect(isUnlimited(INFINITE)).toBe(true);
    expect(isUnlimited(3)).toBe(false);
  });

  it('counts messages or MTU against the allowance, capped at 100 %', () => {
    expect(usagePercent(usage())).toBe(50);
    expect(usageUsed(usage())).toBe(125);
    expect(usagePercent(usage({ metric: 'mtuCount', allowance: 10 }))).toBe(70);
    expect(usagePercent(usage({ messages: 999 }))).toBe(100);
    expect(usagePercent(usage({ allowance: null }))).toBeNull();
    expect(usagePercent(usage({ allowance: INFINITE }))).toBeNull();
  });

  it('formats amounts and months', () => {
    expect(formatAmount(4000, 'usd', 'en')).toBe('$40.00');
    expect(formatPeriod('2026-11', 'en')).toBe('November 2026');
    expect(formatPeriod('bad', 'en')).toBe('bad');
  });
});
