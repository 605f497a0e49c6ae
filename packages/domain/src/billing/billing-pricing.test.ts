import { describe, expect, it } from 'vitest';
import { INFINITE } from '../shared';
import { LATEST_PLANS, PLAN, PRICING_VERSIONS } from './billing';
import {
  findPricedPlan,
  MAX_OVERAGE_PACKS,
  OLD_GROWTH_PER_SEAT,
  OVERAGE_ADDON_IDS,
  OVERAGE_PACK_UNITS,
  overageAddon,
  overageAddonOfId,
  overageOf,
  PRICING,
  perSeatPrice,
  planLevel,
} from './billing-pricing';

describe('SPEC §9 price list', () => {
  it('has plans for every pricing version', () => {
    for (const v of PRICING_VERSIONS) expect(PRICING[v].length).toBeGreaterThan(0);
  });

  it('v1 per seat: growth 10/8, pro 20/16, enterprise 30/25; v2 the same with 2 seats at least', () => {
    expect(perSeatPrice(1, PLAN.GROWTH, 'usd')).toEqual({ month: 10, year: 8 });
    expect(perSeatPrice(1, PLAN.PRO, 'usd')).toEqual({ month: 20, year: 16 });
    expect(perSeatPrice(1, PLAN.ENTERPRISE, 'usd')).toEqual({ month: 30, year: 25 });
    expect(findPricedPlan(1, PLAN.GROWTH)?.minSeats).toBeUndefined();
    for (const key of [PLAN.GROWTH, PLAN.PRO, PLAN.ENTERPRISE]) {
      expect(findPricedPlan(2, key)?.minSeats).toBe(2);
      expect(findPricedPlan(2, key)?.perSeat).toEqual(findPricedPlan(1, key)?.perSeat);
    }
  });

  it('v3 per seat in dollars and rupees, old growth 10/8', () => {
    expect(perSeatPrice(3, PLAN.GROWTH, 'usd')).toEqual({ month: 15, year: 12 });
    expect(perSeatPrice(3, PLAN.PRO, 'usd')).toEqual({ month: 25, year: 20 });
    expect(perSeatPrice(3, PLAN.ENTERPRISE, 'usd')).toEqual({ month: 40, year: 32 });
    expect(perSeatPrice(3, PLAN.GROWTH, 'inr')).toEqual({ month: 1000, year: 800 });
    expect(perSeatPrice(3, PLAN.PRO, 'inr')).toEqual({ month: 1750, year: 1400 });
    expect(perSeatPrice(3, PLAN.ENTERPRISE, 'inr')).toEqual({ month: 2750, year: 2200 });
    expect(OLD_GROWTH_PER_SEAT).toEqual({ month: 10, year: 8 });
    expect(perSeatPrice(1, PLAN.GROWTH, 'inr')).toBeNull();
  });

  it('v5 start, grow, scale, business with their minimum seats and rupee prices', () => {
    expect(findPricedPlan(5, PLAN.START)).toMatchObject({ perSeat: { month: 20, year: 200 }, minSeats: 2 });
    expect(findPricedPlan(5, PLAN.GROW)).toMatchObject({ perSeat: { month: 20, year: 200 }, minSeats: 5 });
    expect(findPricedPlan(5, PLAN.SCALE)).toMatchObject({ perSeat: { month: 40, year: 400 }, minSeats: 10 });
    expect(findPricedPlan(5, PLAN.BUSINESS)?.maxSeats).toBe(INFINITE);
    expect(perSeatPrice(5, PLAN.START, 'inr')).toEqual({ month: 1600, year: 16000 });
    expect(perSeatPrice(5, PLAN.GROW, 'inr')).toEqual({ month: 1600, year: 16000 });
    expect(perSeatPrice(5, PLAN.SCALE, 'inr')).toEqual({ month: 3200, year: 32000 });
  });

  it('v6 MTU: free 250, essential 1000, unlimited', () => {
    expect(findPricedPlan(6, PLAN.FREE)?.mtu).toBe(250);
    expect(findPricedPlan(6, PLAN.ESSENTIAL)?.mtu).toBe(1000);
    expect(findPricedPlan(6, PLAN.UNLIMITED)?.mtu).toBe(INFINITE);
  });

  it('v7 lite base 100 with 500 MTU, advanced base 200 with 5000, enterprise unlimited', () => {
    expect(findPricedPlan(7, PLAN.LITE)).toMatchObject({ basePrice: { month: 100 }, mtu: 500 });
    expect(findPricedPlan(7, PLAN.ADVANCED)).toMatchObject({ basePrice: { month: 200 }, mtu: 5000 });
    expect(findPricedPlan(7, PLAN.ENTERPRISE)).toMatchObject({ mtu: INFINITE, custom: true });
  });

  it('v8 messages: lite 500 / 6000, advanced 2000 / 24000', () => {
    expect(findPricedPlan(8, PLAN.LITE)?.messages).toEqual({ month: 500, year: 6000 });
    expect(findPricedPlan(8, PLAN.ADVANCED)?.messages).toEqual({ month: 2000, year: 24000 });
  });

  // SPEC §9's own figures, copied from the spec: "v9 starter base 40 monthly / 400 yearly, 250
  // messages monthly, 3000 yearly, 1 AI agent, 1 team member, overage 15; professional 200 / 2000,
  // 2000 / 24000 messages, 2 AI agents, 3 team members, overage 10; enterprise custom."
  const SPEC_V9 = [
    {
      key: PLAN.STARTER,
      basePrice: { month: 40, year: 400 },
      messages: { month: 250, year: 3000 },
      aiAgents: 1,
      teamMembers: 1,
      overage: 15,
    },
    {
      key: PLAN.PROFESSIONAL,
      basePrice: { month: 200, year: 2000 },
      messages: { month: 2000, year: 24000 },
      aiAgents: 2,
      teamMembers: 3,
      overage: 10,
    },
  ] as const;

  it('v9 starter and professional are the spec’s figures in both tables; enterprise is custom', () => {
    for (const spec of SPEC_V9) {
      const { key, ...figures } = spec;
      expect(findPricedPlan(9, key), key).toMatchObject(figures);
      expect(
        LATEST_PLANS.find((p) => p.key === key),
        key,
      ).toEqual(spec);
    }
    expect(findPricedPlan(9, PLAN.ENTERPRISE)?.custom).toBe(true);
    expect(LATEST_PLANS.find((p) => p.key === PLAN.ENTERPRISE)).toMatchObject({
      basePrice: null,
      messages: null,
      overage: null,
    });
    // No other priced plan in the latest table: a plan the spec does not name is not on sale.
    expect(LATEST_PLANS.filter((p) => p.basePrice !== null).map((p) => p.key)).toEqual(
      SPEC_V9.map((p) => p.key),
    );
  });

  it('ranks plans by level; special plans have fixed levels; unknown plans are free', () => {
    expect(planLevel(9, PLAN.STARTER)).toBe(1);
    expect(planLevel(9, PLAN.PROFESSIONAL)).toBe(2);
    expect(planLevel(9, PLAN.ENTERPRISE)).toBe(3);
    expect(planLevel(9, PLAN.CHURN)).toBe(0);
    expect(planLevel(9, PLAN.ECOMMERCE)).toBe(3);
    expect(planLevel(3, 'no-such-plan')).toBe(0);
  });

  it('has overage add-on ids for MTU and messages, monthly and yearly, all distinct', () => {
    const ids = [
      OVERAGE_ADDON_IDS.mtu.month,
      OVERAGE_ADDON_IDS.mtu.year,
      OVERAGE_ADDON_IDS.messages.month,
      OVERAGE_ADDON_IDS.messages.year,
    ];
    expect(new Set(ids).size).toBe(4);
  });
});

describe('overage add-ons', () => {
  const starter = { plan: PLAN.STARTER, pricingVersion: 9, billingPeriodUnit: 'month' as const };

  it('sells packs of 100 messages a month at the v9 plan’s overage price', () => {
    expect(OVERAGE_PACK_UNITS).toBe(100);
    expect(MAX_OVERAGE_PACKS).toBe(100);
    expect(overageAddon(starter, 'usd')).toEqual({
      id: 'messages-overage-monthly',
      metric: 'messages',
      period: 'month',
      unitsPerPack: 100,
      pricePerPack: 15,
    });
    expect(overageAddon({ ...starter, plan: PLAN.PROFESSIONAL }, 'usd')).toMatchObject({ pricePerPack: 10 });
  });

  it('makes a yearly plan’s pack a year’s worth: twelve times the units and the price', () => {
    expect(overageAddon({ ...starter, billingPeriodUnit: 'year' }, 'usd')).toEqual({
      id: 'messages-overage-yearly',
      metric: 'messages',
      period: 'year',
      unitsPerPack: 1200,
      pricePerPack: 180,
    });
  });

  it('has none without an overage price: custom plans, older versions, special plans, rupees', () => {
    expect(overageAddon({ ...starter, plan: PLAN.ENTERPRISE }, 'usd')).toBeNull();
    expect(overageAddon({ ...starter, plan: PLAN.LITE, pricingVersion: 8 }, 'usd')).toBeNull();
    expect(overageAddon({ ...starter, plan: PLAN.ESSENTIAL, pricingVersion: 6 }, 'usd')).toBeNull();
    expect(overageAddon({ ...starter, plan: PLAN.TRIAL }, 'usd')).toBeNull();
    expect(overageAddon(starter, 'inr')).toBeNull();
  });

  it('maps add-on ids back to their metric and period', () => {
    expect(overageAddonOfId('messages-overage-yearly')).toEqual({ metric: 'messages', period: 'year' });
    expect(overageAddonOfId('mtu-overage-monthly')).toEqual({ metric: 'mtu', period: 'month' });
    expect(overageAddonOfId('starter:month')).toBeNull();
  });

  it('counts usage over the allowance and the packs bought, and the packs that would cover it', () => {
    const addon = { unitsPerPack: 100 };
    expect(overageOf(200, 250, addon, 0)).toEqual({ extra: 0, over: 0, packsToCover: 0 });
    expect(overageOf(250, 250, addon, 0)).toEqual({ extra: 0, over: 0, packsToCover: 0 });
    expect(overageOf(251, 250, addon, 0)).toEqual({ extra: 0, over: 1, packsToCover: 1 });
    expect(overageOf(351, 250, addon, 1)).toEqual({ extra: 100, over: 1, packsToCover: 1 });
    expect(overageOf(530, 250, addon, 1)).toEqual({ extra: 100, over: 180, packsToCover: 2 });
    expect(overageOf(530, 250, null, 0)).toEqual({ extra: 0, over: 280, packsToCover: 0 });
    expect(overageOf(10_000, 1e9, addon, 0)).toEqual({ extra: 0, over: 0, packsToCover: 0 });
  });
});
