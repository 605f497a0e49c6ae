// Extending a trial (SPEC §7 "extend trial") and the price preview of a plan change (issue 19):
// pure rules over the price list of billing-pricing.ts. Amounts are in the currency's smallest
// unit (cents, paise) so that a preview never shows a float's rounding.

import { MS_IN_DAY, TRIAL_DAYS } from '../shared';
import { type BillingPeriodUnit, type Currency, PLAN } from './billing';
import type { SubscriptionSnapshot } from './billing-account';
import { findPricedPlan } from './billing-pricing';

export const MAX_TRIAL_EXTENSION_DAYS = 365;

/**
 * When the trial ends after extending it by `days`: from its current end, or from now when it has
 * already ended (an expired trial reopens for `days`). The current end is the explicit one, else
 * the first instant trialStatus calls expired (day trialDays + 1 since creation). Null when the
 * subscription is not on a trial plan.
 */
export function extendedTrialEnd(
  sub: Pick<SubscriptionSnapshot, 'plan' | 'createdAt' | 'trialDays' | 'until'>,
  days: number,
  now: number,
): number | null {
  if (sub.plan !== PLAN.TRIAL && sub.plan !== PLAN.FREE) return null;
  const currentEnd = sub.until ?? sub.createdAt + ((sub.trialDays ?? TRIAL_DAYS) + 1) * MS_IN_DAY;
  return Math.max(currentEnd, now) + days * MS_IN_DAY;
}

export interface PlanChoice {
  pricingVersion: number;
  plan: string;
  period: BillingPeriodUnit;
  /** Seats bought; plans priced per seat need it, flat-priced plans ignore it. */
  seats: number | null;
}

/**
 * Versions 1-4 quote their yearly per-seat price as a monthly rate billed yearly (growth 10/8);
 * from version 5 on the yearly figure is the price of the year (start 20/200).
 */
const YEARLY_FIGURE_IS_MONTHLY_RATE_UP_TO_VERSION = 4;

/** The price of one billing period of the choice, in minor units; null when not on the price list. */
export function periodPrice(choice: PlanChoice, currency: Currency): number | null {
  const priced = findPricedPlan(choice.pricingVersion, choice.plan);
  if (!priced || priced.custom) return null;
  const perSeat = currency === 'inr' ? (priced.perSeatInr ?? null) : (priced.perSeat ?? null);
  if (perSeat) {
    const seats = Math.max(choice.seats ?? 1, priced.minSeats ?? 1);
    const figure = choice.period === 'year' ? perSeat.year : perSeat.month;
    const yearly =
      choice.period === 'year' && choice.pricingVersion <= YEARLY_FIGURE_IS_MONTHLY_RATE_UP_TO_VERSION
        ? figure * 12
        : figure;
    return Math.round(yearly * seats * 100);
  }
  // Base prices are in dollars only (SPEC §9 gives them no INR variant).
  if (priced.basePrice && currency === 'usd') {
    const base = choice.period === 'year' ? priced.basePrice.year : priced.basePrice.month;
    return base === undefined ? null : Math.round(base * 100);
  }
  return null;
}

/** The billing period holding `now`, counted in whole months or years from `anchor` (UTC). */
export function currentPeriod(
  anchor: number,
  unit: BillingPeriodUnit,
  now: number,
): { start: number; end: number } {
  const a = new Date(anchor);
  const step = unit === 'year' ? 12 : 1;
  const at = (n: number) =>
    Date.UTC(
      a.getUTCFullYear(),
      a.getUTCMonth() + n * step,
      a.getUTCDate(),
      a.getUTCHours(),
      a.getUTCMinutes(),
      a.getUTCSeconds(),
    );
  let n = Math.max(0, Math.floor((now - anchor) / ((unit === 'year' ? 366 : 31) * MS_IN_DAY)));
  while (at(n + 1) <= now) n += 1;
  return { start: at(n), end: at(n + 1) };
}

export interface ChangePreview {
  /** Minor units of the current and the new plan's period price. */
  currentPrice: number;
  newPrice: number;
  /** Whole days left in the current period (a started day counts), and the period's length. */
  remainingDays: number;
  periodDays: number;
  /** The unused part of the current period, given back. */
  credit: number;
  /** What the new plan costs until the period ends (the whole new period when the unit changes). */
  charge: number;
  /** charge − credit: positive is paid now, negative is left as credit. */
  amountDue: number;
  /** A yearly ↔ monthly switch starts a new period now. */
  periodRestarts: boolean;
}

/**
 * Proration of SPEC §9's prices: the remaining days × the price difference per day. Switching
 * between monthly and yearly credits the unused days and bills the whole new period. Null when
 * either plan is not on the price list (custom plans are quoted by hand).
 */
export function changePreview(input: {
  /** Null when the current plan is not sold for a price (trial, free): the new plan starts now. */
  from: PlanChoice | null;
  to: PlanChoice;
  currency: Currency;
  period: { start: number; end: number };
  now: number;
}): ChangePreview | null {
  const currentPrice = input.from ? periodPrice(input.from, input.currency) : 0;
  const newPrice = periodPrice(input.to, input.currency);
  if (currentPrice === null || newPrice === null) return null;
  const periodDays = Math.max(1, Math.round((input.period.end - input.period.start) / MS_IN_DAY));
  const remainingDays = Math.min(
    periodDays,
    Math.max(0, Math.ceil((input.period.end - input.now) / MS_IN_DAY)),
  );
  const credit = Math.round((currentPrice * remainingDays) / periodDays);
  const periodRestarts = input.from === null || input.from.period !== input.to.period;
  // Same period: one rounding of the difference, so the amount due is exactly days × difference.
  const amountDue = periodRestarts
    ? newPrice - credit
    : Math.round(((newPrice - currentPrice) * remainingDays) / periodDays);
  return {
    currentPrice,
    newPrice,
    remainingDays,
    periodDays,
    credit,
    charge: credit + amountDue,
    amountDue,
    periodRestarts,
  };
}
