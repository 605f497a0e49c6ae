import { describe, expect, it } from 'vitest';
import {
  currencyForTimeZone,
  daysBetween,
  defaultCurrency,
  formatDuration,
  formatLongDate,
  isPaidPlan,
  isPricingVersion,
  isSuspended,
  LATEST_PLANS,
  LATEST_PRICING_VERSION,
  PLAN,
  PRICING_VERSIONS,
  relativeTime,
  trialDaysLeft,
  trialStatus,
  usageMetricForVersion,
} from './billing';

const DAY = 86_400_000;
const created = Date.parse('2024-01-01T00:00:00Z');

describe('pricing versions', () => {
  it('run 1 to 9 with 9 latest', () => {
    expect(PRICING_VERSIONS).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(LATEST_PRICING_VERSION).toBe(9);
    expect(isPricingVersion(9)).toBe(true);
    expect(isPricingVersion(10)).toBe(false);
  });

  it('usage metric switches at version 8', () => {
    expect(usageMetricForVersion(1)).toBe('mtuCount');
    expect(usageMetricForVersion(7)).toBe('mtuCount');
    expect(usageMetricForVersion(8)).toBe('channelCount');
    expect(usageMetricForVersion(9)).toBe('channelCount');
  });

  it('latest plans carry the v9 numbers', () => {
    const starter = LATEST_PLANS.find((p) => p.key === PLAN.STARTER);
    expect(starter?.basePrice).toEqual({ month: 40, year: 400 });
    expect(starter?.messages).toEqual({ month: 250, year: 3000 });
    expect(starter?.overage).toBe(15);
    const pro = LATEST_PLANS.find((p) => p.key === PLAN.PROFESSIONAL);
    expect(pro?.teamMembers).toBe(3);
    expect(pro?.aiAgents).toBe(2);
  });
});

describe('currencyForTimeZone', () => {
  it('inr only for Indian time zones', () => {
    expect(currencyForTimeZone('Asia/Calcutta')).toBe('inr');
    expect(currencyForTimeZone('Asia/Kolkata')).toBe('inr');
    expect(currencyForTimeZone('Europe/Paris')).toBe('usd');
    expect(currencyForTimeZone(undefined)).toBe('usd');
    expect(defaultCurrency('Europe/Paris', 'in')).toBe('usd');
    expect(defaultCurrency(null, 'in')).toBe('inr');
    expect(defaultCurrency(null, 'us')).toBe('usd');
  });
});

describe('isPaidPlan', () => {
  it('excludes trial, free, startup and churn', () => {
    expect(isPaidPlan('growth')).toBe(true);
    expect(isPaidPlan('starter')).toBe(true);
    for (const plan of ['trial', 'free', 'startup', 'churn', '', null, undefined]) {
      expect(isPaidPlan(plan)).toBe(false);
    }
  });
});

describe('trialStatus', () => {
  it('is active through day 30 and expired from day 31', () => {
    expect(trialStatus({ createdAt: created, now: created, plan: 'trial' })).toBe('active');
    expect(trialStatus({ createdAt: created, now: created + 30 * DAY, plan: 'free' })).toBe('active');
    expect(trialStatus({ createdAt: created, now: created + 31 * DAY - 1, plan: 'free' })).toBe('active');
    expect(trialStatus({ createdAt: created, now: created + 31 * DAY, plan: 'trial' })).toBe('expired');
  });

  it('honours a custom trial length and Date inputs', () => {
    const input = { createdAt: new Date(created), plan: 'trial', trialDays: 14 };
    expect(trialStatus({ ...input, now: new Date(created + 14 * DAY) })).toBe('active');
    expect(trialStatus({ ...input, now: new Date(created + 15 * DAY) })).toBe('expired');
  });

  it('paid plans have no trial', () => {
    expect(trialStatus({ createdAt: created, now: created + 100 * DAY, plan: 'growth' })).toBe('none');
    expect(trialStatus({ createdAt: created, now: created, plan: undefined })).toBe('none');
  });

  it('days left', () => {
    expect(trialDaysLeft({ createdAt: created, now: created + 10 * DAY })).toBe(20);
    expect(trialDaysLeft({ createdAt: created, now: created + 40 * DAY })).toBe(0);
    expect(daysBetween(created + DAY, created)).toBe(0);
  });
});

describe('isSuspended', () => {
  const base = {
    plan: 'growth',
    dueInvoiceCount: 2,
    autoCollection: 'on',
    billingPeriodUnit: 'month',
    paymentDueSince: null,
    now: created,
  };

  it('monthly: suspended once unpaid invoices reach 2', () => {
    expect(isSuspended(base)).toBe(true);
    expect(isSuspended({ ...base, dueInvoiceCount: 1 })).toBe(false);
    expect(isSuspended({ ...base, dueInvoiceCount: 0 })).toBe(false);
  });

  it('yearly: suspended once overdue by 60 days', () => {
    const yearly = { ...base, billingPeriodUnit: 'year', dueInvoiceCount: 1 };
    expect(isSuspended({ ...yearly, paymentDueSince: created - 60 * DAY })).toBe(true);
    expect(isSuspended({ ...yearly, paymentDueSince: created - 59 * DAY })).toBe(false);
    expect(isSuspended({ ...yearly, paymentDueSince: null })).toBe(false);
  });

  it('never for auto-collection off, startup, free or unknown subscriptions', () => {
    expect(isSuspended({ ...base, autoCollection: 'off' })).toBe(false);
    expect(isSuspended({ ...base, plan: 'startup' })).toBe(false);
    expect(isSuspended({ ...base, plan: 'free' })).toBe(false);
    expect(isSuspended({ ...base, plan: undefined, dueInvoiceCount: undefined })).toBe(false);
  });
});

describe('formatDuration', () => {
  it('drops leading zero units below a day', () => {
    expect(formatDuration(0)).toBe('0s');
    expect(formatDuration(45)).toBe('45s');
    expect(formatDuration(125)).toBe('2m 5s');
    expect(formatDuration(3605)).toBe('1h 0m 5s');
    expect(formatDuration(86399)).toBe('23h 59m 59s');
  });

  it('adds days from 86400 s', () => {
    expect(formatDuration(86400)).toBe('1d 0h 0m 0s');
    expect(formatDuration(2 * 86400 + 3 * 3600 + 4 * 60 + 5)).toBe('2d 3h 4m 5s');
  });

  it('treats bad input as zero', () => {
    expect(formatDuration(-5)).toBe('0s');
    expect(formatDuration(Number.NaN)).toBe('0s');
  });
});

describe('relativeTime', () => {
  // Local-time constructors: the long date is shown in the runtime's time zone.
  const now = new Date(2024, 2, 10, 12, 0, 0).getTime();
  const MIN = 60_000;

  it('minutes under an hour', () => {
    expect(relativeTime(now - 30_000, now)).toBe('just now');
    expect(relativeTime(now - MIN, now)).toBe('1 min ago');
    expect(relativeTime(now - 5 * MIN, now)).toBe('5 mins ago');
    expect(relativeTime(now - 59 * MIN, now)).toBe('59 mins ago');
  });

  it('hours under 2880 minutes', () => {
    expect(relativeTime(now - 60 * MIN, now)).toBe('1 hr ago');
    expect(relativeTime(now - 2879 * MIN, now)).toBe('47 hrs ago');
  });

  it('a long date from 2880 minutes', () => {
    expect(relativeTime(new Date(2024, 2, 1, 12), now)).toBe('01 March 2024');
    expect(relativeTime(new Date(2023, 11, 25, 9), now)).toBe('25 December 2023');
    expect(relativeTime(now - 2880 * MIN, now)).toBe(formatLongDate(now - 2880 * MIN));
  });
});
