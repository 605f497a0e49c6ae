import { INFINITE } from '@convo/domain';
import { describe, expect, it } from 'vitest';
import {
  formatAmount,
  formatPeriod,
  formatPrice,
  isUnlimited,
  planName,
  usageAllowanceTotal,
  usagePercent,
  usageUsed,
} from './billing-format';

const usage = (over: Partial<Parameters<typeof usagePercent>[0]> = {}) => ({
  metric: 'channelCount' as const,
  since: '2026-11',
  messages: 125,
  mtu: 7,
  allowance: 250,
  extra: 0,
  over: 0,
  packsToCover: 0,
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

  it('counts the overage add-on’s packs into the allowance', () => {
    expect(usageAllowanceTotal(usage({ extra: 200 }))).toBe(450);
    expect(usagePercent(usage({ messages: 225, extra: 200 }))).toBe(50);
    expect(usageAllowanceTotal(usage({ allowance: INFINITE, extra: 200 }))).toBeNull();
  });

  it('formats amounts and months', () => {
    expect(formatAmount(4000, 'usd', 'en')).toBe('$40.00');
    expect(formatPrice(15, 'usd', 'en')).toBe('$15');
    expect(formatPrice(12.5, 'usd', 'en')).toBe('$12.50');
    expect(formatPeriod('2026-11', 'en')).toBe('November 2026');
    expect(formatPeriod('bad', 'en')).toBe('bad');
  });
});
