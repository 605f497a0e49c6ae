import { describe, expect, it } from 'vitest';
import { PLAN } from './billing';
import { subscriptionTrialStatus } from './billing-account';
import {
  changePreview,
  currentPeriod,
  extendedTrialEnd,
  type PlanChoice,
  periodPrice,
} from './billing-change';

const DAY = 86_400_000;
const created = Date.parse('2026-01-01T00:00:00Z');
const trial = { plan: PLAN.TRIAL, createdAt: created, trialDays: 30, until: null };

describe('extend trial (SPEC §7)', () => {
  it('extends a running trial from its end: day 31 is then still open, day 31 + 7 is not', () => {
    const end = extendedTrialEnd(trial, 7, created + 10 * DAY)!;
    expect(end).toBe(created + 38 * DAY);
    const snap = {
      ...trial,
      until: end,
      pricingVersion: 9,
      seats: null,
      billingPeriodUnit: 'month' as const,
      dueInvoiceCount: 0,
      dueSince: null,
      autoCollection: 'on' as const,
    };
    // Unextended, day 31 is expired (billing-account.test.ts); extended by 7 it is not.
    expect(subscriptionTrialStatus(snap, created + 31 * DAY)).toBe('active');
    expect(subscriptionTrialStatus(snap, end - 1)).toBe('active');
    expect(subscriptionTrialStatus(snap, end)).toBe('expired');
  });

  it('reopens an expired trial from now, and extends an explicit end from that end', () => {
    const now = created + 45 * DAY;
    expect(extendedTrialEnd(trial, 5, now)).toBe(now + 5 * DAY);
    const explicit = { ...trial, until: created + 60 * DAY };
    expect(extendedTrialEnd(explicit, 1, created + 2 * DAY)).toBe(created + 61 * DAY);
  });

  it('refuses a subscription that is not on trial', () => {
    expect(extendedTrialEnd({ ...trial, plan: PLAN.PROFESSIONAL }, 7, created)).toBeNull();
  });
});

const choice = (over: Partial<PlanChoice>): PlanChoice => ({
  pricingVersion: 9,
  plan: PLAN.STARTER,
  period: 'month',
  seats: null,
  ...over,
});

describe('period prices (SPEC §9)', () => {
  it('per seat, with the yearly figure of v1-v4 a monthly rate and of v5+ the price of the year', () => {
    expect(periodPrice(choice({ pricingVersion: 1, plan: PLAN.GROWTH, seats: 3 }), 'usd')).toBe(3_000);
    expect(
      periodPrice(choice({ pricingVersion: 1, plan: PLAN.GROWTH, seats: 3, period: 'year' }), 'usd'),
    ).toBe(8 * 12 * 3 * 100);
    expect(periodPrice(choice({ pricingVersion: 3, plan: PLAN.PRO, seats: 2 }), 'inr')).toBe(350_000);
    expect(
      periodPrice(choice({ pricingVersion: 5, plan: PLAN.START, seats: 2, period: 'year' }), 'usd'),
    ).toBe(40_000);
    // Fewer seats than the plan's minimum are priced at the minimum.
    expect(periodPrice(choice({ pricingVersion: 5, plan: PLAN.SCALE, seats: 1 }), 'usd')).toBe(40_000);
  });

  it('base prices for v7-v9; custom plans and missing variants are not priced', () => {
    expect(periodPrice(choice({}), 'usd')).toBe(4_000);
    expect(periodPrice(choice({ plan: PLAN.PROFESSIONAL, period: 'year' }), 'usd')).toBe(200_000);
    expect(periodPrice(choice({ pricingVersion: 7, plan: PLAN.LITE, period: 'year' }), 'usd')).toBeNull();
    expect(periodPrice(choice({ plan: PLAN.ENTERPRISE }), 'usd')).toBeNull();
    expect(periodPrice(choice({ plan: PLAN.TRIAL }), 'usd')).toBeNull();
  });
});

describe('current billing period', () => {
  it('steps whole calendar months or years from the anchor', () => {
    const anchor = Date.parse('2026-01-15T00:00:00Z');
    expect(currentPeriod(anchor, 'month', Date.parse('2026-03-20T00:00:00Z'))).toEqual({
      start: Date.parse('2026-03-15T00:00:00Z'),
      end: Date.parse('2026-04-15T00:00:00Z'),
    });
    // The boundary instant belongs to the new period.
    expect(currentPeriod(anchor, 'month', Date.parse('2026-04-15T00:00:00Z')).start).toBe(
      Date.parse('2026-04-15T00:00:00Z'),
    );
    expect(currentPeriod(anchor, 'year', Date.parse('2027-01-14T00:00:00Z'))).toEqual({
      start: anchor,
      end: Date.parse('2027-01-15T00:00:00Z'),
    });
  });
});

describe('plan change proration', () => {
  const period = { start: Date.parse('2026-04-01T00:00:00Z'), end: Date.parse('2026-05-01T00:00:00Z') };
  const now = Date.parse('2026-04-21T00:00:00Z'); // 10 of 30 days left

  it('upgrade mid-month: remaining days × the price difference', () => {
    const p = changePreview({
      from: choice({}),
      to: choice({ plan: PLAN.PROFESSIONAL }),
      currency: 'usd',
      period,
      now,
    })!;
    expect(p).toMatchObject({ remainingDays: 10, periodDays: 30, periodRestarts: false });
    expect(p.amountDue).toBe(Math.round(((20_000 - 4_000) * 10) / 30));
  });

  it('downgrade leaves a credit; per-seat changes count the seats', () => {
    const down = changePreview({
      from: choice({ plan: PLAN.PROFESSIONAL }),
      to: choice({}),
      currency: 'usd',
      period,
      now,
    })!;
    expect(down.amountDue).toBeLessThan(0);
    const seats = changePreview({
      from: choice({ pricingVersion: 1, plan: PLAN.PRO, seats: 2 }),
      to: choice({ pricingVersion: 1, plan: PLAN.PRO, seats: 5 }),
      currency: 'usd',
      period,
      now,
    })!;
    expect(seats.amountDue).toBe(Math.round((3 * 2_000 * 10) / 30));
  });

  it('monthly → yearly credits the unused days and bills the whole year', () => {
    const p = changePreview({
      from: choice({}),
      to: choice({ period: 'year' }),
      currency: 'usd',
      period,
      now,
    })!;
    expect(p).toMatchObject({ periodRestarts: true, charge: 40_000, credit: Math.round(4_000 / 3) });
  });

  it('at the period boundaries: nothing left at the end, everything at the start', () => {
    const args = {
      from: choice({}),
      to: choice({ plan: PLAN.PROFESSIONAL }),
      currency: 'usd' as const,
      period,
    };
    expect(changePreview({ ...args, now: period.end })!.amountDue).toBe(0);
    expect(changePreview({ ...args, now: period.start })!.amountDue).toBe(16_000);
  });

  it('from a trial: the whole new period, nothing credited', () => {
    const p = changePreview({ from: null, to: choice({ period: 'year' }), currency: 'usd', period, now })!;
    expect(p).toMatchObject({
      currentPrice: 0,
      credit: 0,
      charge: 40_000,
      amountDue: 40_000,
      periodRestarts: true,
    });
  });

  it('a custom plan has no preview', () => {
    expect(
      changePreview({
        from: choice({}),
        to: choice({ plan: PLAN.ENTERPRISE }),
        currency: 'usd',
        period,
        now,
      }),
    ).toBeNull();
  });
});
