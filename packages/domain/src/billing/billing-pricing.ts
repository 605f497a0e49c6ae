// The price list of SPEC §9, pricing versions 1-9, as data. Prices are whole currency units
// (dollars, or rupees for the INR variants); `INFINITE` stands for "unlimited".

import { INFINITE } from '../shared';
import {
  type Currency,
  LATEST_PLANS,
  type LatestPlan,
  PLAN,
  type PlanKey,
  type PricingVersion,
} from './billing';

export interface MonthYear {
  month: number;
  year: number;
}

/**
 * How high a plan sits for feature gating: 0 free, 1 entry, 2 middle, 3 top. A feature asks for a
 * level; a plan opens every feature at or below its own level.
 */
export type PlanLevel = 0 | 1 | 2 | 3;
export const TOP_PLAN_LEVEL: PlanLevel = 3;

export interface PricedPlan {
  key: PlanKey;
  level: PlanLevel;
  /** Price per seat, monthly and yearly, in dollars (v1-v5). */
  perSeat?: MonthYear;
  /** The same in rupees where SPEC §9 gives an INR variant. */
  perSeatInr?: MonthYear;
  /** A flat base price (v7-v9); SPEC §9 gives v7 a monthly one only. */
  basePrice?: { month: number; year?: number };
  /** Fewest seats a subscription may buy. */
  minSeats?: number;
  /** Most seats; INFINITE for unlimited. */
  maxSeats?: number;
  /** Monthly tracked users included (v6-v7); INFINITE for unlimited. */
  mtu?: number;
  /** Channel messages included per billing period (v8-v9). */
  messages?: MonthYear;
  aiAgents?: number;
  teamMembers?: number;
  /** Price of an overage add-on unit. */
  overage?: number;
  /** Priced by contract (enterprise of v7 and v9, business of v5). */
  custom?: boolean;
}

const V1_PLANS: readonly PricedPlan[] = [
  { key: PLAN.GROWTH, level: 1, perSeat: { month: 10, year: 8 } },
  { key: PLAN.PRO, level: 2, perSeat: { month: 20, year: 16 } },
  { key: PLAN.ENTERPRISE, level: 3, perSeat: { month: 30, year: 25 } },
];

const V3_PLANS: readonly PricedPlan[] = [
  { key: PLAN.GROWTH, level: 1, perSeat: { month: 15, year: 12 }, perSeatInr: { month: 1000, year: 800 } },
  { key: PLAN.PRO, level: 2, perSeat: { month: 25, year: 20 }, perSeatInr: { month: 1750, year: 1400 } },
  {
    key: PLAN.ENTERPRISE,
    level: 3,
    perSeat: { month: 40, year: 32 },
    perSeatInr: { month: 2750, year: 2200 },
  },
];

/** v3's growth plan for applications that bought it at the old price. */
export const OLD_GROWTH_PER_SEAT: MonthYear = { month: 10, year: 8 };

const V5_LOW_INR: MonthYear = { month: 1600, year: 16000 };
const V5_HIGH_INR: MonthYear = { month: 3200, year: 32000 };

const V9_LEVELS: Readonly<Partial<Record<PlanKey, PlanLevel>>> = {
  [PLAN.STARTER]: 1,
  [PLAN.PROFESSIONAL]: 2,
  [PLAN.ENTERPRISE]: 3,
};

/** Version 9's price list is LATEST_PLANS (billing.ts), with levels; null numbers mean custom. */
function fromLatest(p: LatestPlan): PricedPlan {
  const plan: PricedPlan = { key: p.key, level: V9_LEVELS[p.key] ?? 0 };
  if (p.basePrice) plan.basePrice = p.basePrice;
  if (p.messages) plan.messages = p.messages;
  if (p.aiAgents !== null) plan.aiAgents = p.aiAgents;
  if (p.teamMembers !== null) plan.teamMembers = p.teamMembers;
  if (p.overage !== null) plan.overage = p.overage;
  if (p.basePrice === null) plan.custom = true;
  return plan;
}

export const PRICING: Readonly<Record<PricingVersion, readonly PricedPlan[]>> = {
  1: V1_PLANS,
  2: V1_PLANS.map((p) => ({ ...p, minSeats: 2 })),
  3: V3_PLANS,
  // SPEC §9 gives version 4 no numbers of its own: it sells version 3's plans.
  4: V3_PLANS,
  5: [
    { key: PLAN.START, level: 1, perSeat: { month: 20, year: 200 }, perSeatInr: V5_LOW_INR, minSeats: 2 },
    { key: PLAN.GROW, level: 2, perSeat: { month: 20, year: 200 }, perSeatInr: V5_LOW_INR, minSeats: 5 },
    { key: PLAN.SCALE, level: 3, perSeat: { month: 40, year: 400 }, perSeatInr: V5_HIGH_INR, minSeats: 10 },
    { key: PLAN.BUSINESS, level: 3, maxSeats: INFINITE, custom: true },
  ],
  6: [
    { key: PLAN.FREE, level: 0, mtu: 250 },
    { key: PLAN.ESSENTIAL, level: 1, mtu: 1000 },
    { key: PLAN.UNLIMITED, level: 3, mtu: INFINITE },
  ],
  7: [
    { key: PLAN.LITE, level: 1, basePrice: { month: 100 }, mtu: 500 },
    { key: PLAN.ADVANCED, level: 2, basePrice: { month: 200 }, mtu: 5000 },
    { key: PLAN.ENTERPRISE, level: 3, mtu: INFINITE, custom: true },
  ],
  8: [
    { key: PLAN.LITE, level: 1, messages: { month: 500, year: 6000 } },
    { key: PLAN.ADVANCED, level: 2, messages: { month: 2000, year: 24000 } },
    { key: PLAN.ENTERPRISE, level: 3, messages: { month: INFINITE, year: INFINITE }, custom: true },
  ],
  9: LATEST_PLANS.map(fromLatest),
};

/** Plans outside the price list, whatever the version: their level for feature gating. */
const SPECIAL_PLAN_LEVELS: Readonly<Partial<Record<PlanKey, PlanLevel>>> = {
  [PLAN.FREE]: 0,
  [PLAN.CHURN]: 0,
  // An expired or running trial is decided by the trial status, not by this level.
  [PLAN.TRIAL]: 0,
  [PLAN.STARTUP]: 1,
  [PLAN.PER_AGENT]: 2,
  [PLAN.ECOMMERCE]: TOP_PLAN_LEVEL,
};

export function findPricedPlan(version: number, plan: string): PricedPlan | undefined {
  const plans = PRICING[version as PricingVersion] as readonly PricedPlan[] | undefined;
  return plans?.find((p) => p.key === plan);
}

/** The plan's level in its pricing version; an unknown plan is treated as free. */
export function planLevel(version: number, plan: string): PlanLevel {
  return findPricedPlan(version, plan)?.level ?? SPECIAL_PLAN_LEVELS[plan as PlanKey] ?? 0;
}

/** Per-seat price in the application's currency, or null when the plan is not sold per seat. */
export function perSeatPrice(version: number, plan: string, currency: Currency): MonthYear | null {
  const priced = findPricedPlan(version, plan);
  if (!priced) return null;
  if (currency === 'inr') return priced.perSeatInr ?? null;
  return priced.perSeat ?? null;
}

/** The overage add-ons: one per metered unit and billing period. */
export const OVERAGE_ADDON_IDS = {
  mtu: { month: 'mtu-overage-monthly', year: 'mtu-overage-yearly' },
  messages: { month: 'messages-overage-monthly', year: 'messages-overage-yearly' },
} as const;

// Overage add-ons. SPEC §9 gives each v9 plan an overage price (starter 15, professional 10) and
// add-on ids for MTU and messages, monthly and yearly, but not what one unit of the price buys. Our
// reading (docs/decisions.md): an add-on is sold in packs; a pack adds OVERAGE_PACK_UNITS messages
// (or tracked users) a month to the plan's allowance for the plan's overage price a month. On a
// yearly plan, whose allowance is a year's, the pack is a year's worth: twelve times both.

/** What one pack adds per month of the plan's period. */
export const OVERAGE_PACK_UNITS = 100;
/** Most packs one subscription holds (more is a plan change, or a talk with sales). */
export const MAX_OVERAGE_PACKS = 100;

export type OverageMetric = keyof typeof OVERAGE_ADDON_IDS;

export interface OverageAddon {
  /** The add-on id of SPEC §9 (the Stripe price is configured for it). */
  id: string;
  metric: OverageMetric;
  period: 'month' | 'year';
  /** Messages (or tracked users) one pack adds to the period's allowance. */
  unitsPerPack: number;
  /** One pack's price for the period, in whole currency units. */
  pricePerPack: number;
}

/**
 * The overage add-on a subscription can buy, or null: plans without an overage price (custom,
 * unmetered, older versions, the special plans), and rupees, for which SPEC §9 gives no overage
 * price.
 */
export function overageAddon(
  sub: { plan: string; pricingVersion: number; billingPeriodUnit: 'month' | 'year' },
  currency: Currency,
): OverageAddon | null {
  const priced = findPricedPlan(sub.pricingVersion, sub.plan);
  if (!priced || priced.custom || priced.overage === undefined || currency !== 'usd') return null;
  const metric: OverageMetric | null = priced.messages ? 'messages' : priced.mtu !== undefined ? 'mtu' : null;
  if (metric === null) return null;
  const months = sub.billingPeriodUnit === 'year' ? 12 : 1;
  return {
    id: OVERAGE_ADDON_IDS[metric][sub.billingPeriodUnit],
    metric,
    period: sub.billingPeriodUnit,
    unitsPerPack: OVERAGE_PACK_UNITS * months,
    pricePerPack: priced.overage * months,
  };
}

/** The add-on of an add-on id (the metric and period it was sold for), or null for another id. */
export function overageAddonOfId(id: string): { metric: OverageMetric; period: 'month' | 'year' } | null {
  for (const metric of Object.keys(OVERAGE_ADDON_IDS) as OverageMetric[]) {
    for (const period of ['month', 'year'] as const) {
      if (OVERAGE_ADDON_IDS[metric][period] === id) return { metric, period };
    }
  }
  return null;
}

/** Usage beyond the plan's allowance and the packs bought, and the packs that would cover it. */
export function overageOf(
  used: number,
  allowance: number,
  addon: Pick<OverageAddon, 'unitsPerPack'> | null,
  packs: number,
): { extra: number; over: number; packsToCover: number } {
  const extra = addon ? packs * addon.unitsPerPack : 0;
  if (allowance >= INFINITE) return { extra, over: 0, packsToCover: 0 };
  const over = Math.max(0, used - allowance - extra);
  const packsToCover = addon && over > 0 ? Math.ceil(over / addon.unitsPerPack) : 0;
  return { extra, over, packsToCover };
}
