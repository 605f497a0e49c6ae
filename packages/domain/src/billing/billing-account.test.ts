import { describe, expect, it } from 'vitest';
import { INFINITE } from '../shared';
import { PLAN } from './billing';
import {
  accountRefusal,
  accountState,
  aiAgentLimit,
  blockedStateRoute,
  type SubscriptionSnapshot,
  seatLimit,
  usageAllowance,
} from './billing-account';

const DAY = 86_400_000;
const created = Date.parse('2026-01-01T00:00:00Z');

const sub = (over: Partial<SubscriptionSnapshot> = {}): SubscriptionSnapshot => ({
  plan: PLAN.PROFESSIONAL,
  pricingVersion: 9,
  seats: 3,
  billingPeriodUnit: 'month',
  createdAt: created,
  until: null,
  dueInvoiceCount: 0,
  dueSince: null,
  autoCollection: 'on',
  ...over,
});

describe('account state (SPEC §4)', () => {
  it('trial: active on day 30, expired on day 31', () => {
    const trial = sub({ plan: PLAN.TRIAL, seats: null });
    expect(accountState(trial, created + 30 * DAY)).toBe('trial');
    expect(accountState(trial, created + 31 * DAY - 1)).toBe('trial');
    expect(accountState(trial, created + 31 * DAY)).toBe('trial-expired');
    expect(accountState(sub({ plan: PLAN.FREE }), created + 31 * DAY)).toBe('trial-expired');
  });

  it('an explicit trial end wins over the days since creation', () => {
    const until = created + 5 * DAY;
    expect(accountState(sub({ plan: PLAN.TRIAL, until }), until - 1)).toBe('trial');
    expect(accountState(sub({ plan: PLAN.TRIAL, until }), until)).toBe('trial-expired');
  });

  it('churned when the plan is churn', () => {
    expect(accountState(sub({ plan: PLAN.CHURN }), created)).toBe('churned');
  });

  it('monthly: suspended at 2 unpaid invoices, not at 1', () => {
    const now = created + 100 * DAY;
    expect(accountState(sub({ dueInvoiceCount: 1, dueSince: created }), now)).toBe('active');
    expect(accountState(sub({ dueInvoiceCount: 2, dueSince: created }), now)).toBe('suspended');
  });

  it('yearly: suspended from 60 unpaid days on, not on day 59', () => {
    const yearly = sub({ billingPeriodUnit: 'year', dueInvoiceCount: 1, dueSince: created });
    expect(accountState(yearly, created + 59 * DAY)).toBe('active');
    expect(accountState(yearly, created + 60 * DAY)).toBe('suspended');
    expect(accountState(yearly, created + 61 * DAY)).toBe('suspended');
  });

  it('never suspends with auto-collection off, on a startup plan, or when the lookup failed', () => {
    const due = { dueInvoiceCount: 5, dueSince: created };
    const now = created + 100 * DAY;
    expect(accountState(sub({ ...due, autoCollection: 'off' }), now)).toBe('active');
    expect(accountState(sub({ ...due, plan: PLAN.STARTUP }), now)).toBe('active');
    expect(accountState(sub({ ...due, lookupFailed: true }), now)).toBe('active');
  });

  it('a manually invoiced plan past its paid-through date has ended', () => {
    const until = created + 10 * DAY;
    expect(accountState(sub({ until }), until - 1)).toBe('active');
    expect(accountState(sub({ until }), until)).toBe('plan-ended');
  });

  it('sends blocked states to their screens', () => {
    expect(blockedStateRoute('trial-expired')).toBe('/trial-expired');
    expect(blockedStateRoute('suspended')).toBe('/account-suspended');
    expect(blockedStateRoute('churned')).toBe('/settings/billing');
    expect(blockedStateRoute('plan-ended')).toBe('/settings/billing');
    expect(blockedStateRoute('active')).toBeNull();
    expect(blockedStateRoute('trial')).toBeNull();
  });
});

describe('the API refusal of blocked states (SPEC §4 on the server)', () => {
  const refusalAt = (over: Partial<SubscriptionSnapshot>, now: number) =>
    accountRefusal(accountState(sub(over), now));

  it('trial: usable on day 30, refused from day 31 on, sent to /trial-expired', () => {
    expect(refusalAt({ plan: PLAN.TRIAL }, created + 30 * DAY)).toBeNull();
    expect(refusalAt({ plan: PLAN.TRIAL }, created + 31 * DAY)).toEqual({
      code: 'SUBSCRIPTION_REQUIRED',
      message: 'Your trial has ended. Purchase a plan to continue.',
      redirect: '/trial-expired',
    });
  });

  it('monthly: 1 unpaid invoice is usable, 2 are refused and sent to /account-suspended', () => {
    const now = created + 100 * DAY;
    expect(refusalAt({ dueInvoiceCount: 1, dueSince: created }, now)).toBeNull();
    expect(refusalAt({ dueInvoiceCount: 2, dueSince: created }, now)?.redirect).toBe('/account-suspended');
  });

  it('yearly: usable on day 59 overdue, refused on days 60 and 61', () => {
    const yearly = { billingPeriodUnit: 'year' as const, dueInvoiceCount: 1, dueSince: created };
    expect(refusalAt(yearly, created + 59 * DAY)).toBeNull();
    expect(refusalAt(yearly, created + 60 * DAY)?.message).toBe(
      'Your account is suspended: invoices are unpaid. Pay them to continue.',
    );
    expect(refusalAt(yearly, created + 61 * DAY)?.code).toBe('SUBSCRIPTION_REQUIRED');
  });

  it('auto-collection off, a startup plan and a failed lookup are never refused for unpaid invoices', () => {
    const due = { dueInvoiceCount: 9, dueSince: created };
    const now = created + 400 * DAY;
    expect(refusalAt({ ...due, autoCollection: 'off' }, now)).toBeNull();
    expect(refusalAt({ ...due, plan: PLAN.STARTUP }, now)).toBeNull();
    expect(refusalAt({ ...due, lookupFailed: true }, now)).toBeNull();
    expect(refusalAt({ ...due, billingPeriodUnit: 'year', lookupFailed: true }, now)).toBeNull();
  });

  it('churned and ended plans are refused and sent to billing; active and trial pass', () => {
    expect(accountRefusal('churned')).toMatchObject({ redirect: '/settings/billing' });
    expect(accountRefusal('plan-ended')).toMatchObject({ redirect: '/settings/billing' });
    expect(accountRefusal('active')).toBeNull();
    expect(accountRefusal('trial')).toBeNull();
  });
});

describe('limits', () => {
  it('seats: trial 10, startup 1-2, v9 team members, else seats bought', () => {
    expect(seatLimit({ plan: PLAN.TRIAL, pricingVersion: 9, seats: null })).toBe(10);
    expect(seatLimit({ plan: PLAN.STARTUP, pricingVersion: 9, seats: 5 })).toBe(2);
    expect(seatLimit({ plan: PLAN.STARTUP, pricingVersion: 9, seats: 0 })).toBe(1);
    expect(seatLimit({ plan: PLAN.STARTER, pricingVersion: 9, seats: 7 })).toBe(1);
    expect(seatLimit({ plan: PLAN.PROFESSIONAL, pricingVersion: 9, seats: 7 })).toBe(3);
    expect(seatLimit({ plan: PLAN.PRO, pricingVersion: 3, seats: 7 })).toBe(7);
    expect(seatLimit({ plan: PLAN.BUSINESS, pricingVersion: 5, seats: 7 })).toBe(INFINITE);
  });

  it('AI agents: v9 starter 1, professional 2, else unlimited', () => {
    expect(aiAgentLimit({ plan: PLAN.STARTER, pricingVersion: 9 })).toBe(1);
    expect(aiAgentLimit({ plan: PLAN.PROFESSIONAL, pricingVersion: 9 })).toBe(2);
    expect(aiAgentLimit({ plan: PLAN.ENTERPRISE, pricingVersion: 9 })).toBe(INFINITE);
  });

  it('usage allowance: messages per period on v8-v9, MTU on v6-v7, none per seat', () => {
    expect(usageAllowance({ plan: PLAN.STARTER, pricingVersion: 9, billingPeriodUnit: 'month' })).toEqual({
      metric: 'channelCount',
      limit: 250,
    });
    expect(usageAllowance({ plan: PLAN.STARTER, pricingVersion: 9, billingPeriodUnit: 'year' })).toEqual({
      metric: 'channelCount',
      limit: 3000,
    });
    expect(usageAllowance({ plan: PLAN.LITE, pricingVersion: 7, billingPeriodUnit: 'month' })).toEqual({
      metric: 'mtuCount',
      limit: 500,
    });
    expect(usageAllowance({ plan: PLAN.PRO, pricingVersion: 3, billingPeriodUnit: 'month' })).toBeNull();
  });
});
