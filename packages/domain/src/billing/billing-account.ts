// Account states of SPEC §4 and the seat and AI-agent limits of SPEC §9, decided from one
// subscription snapshot.

import { ACCOUNT_SUSPENDED_ROUTE, BILLING_ROUTE, TRIAL_EXPIRED_ROUTE } from '../accounts';
import { INFINITE, STARTUP_SEATS_MAX, STARTUP_SEATS_MIN, TRIAL_DAYS, TRIAL_SEATS } from '../shared';
import { isChurned, isSuspended, PLAN, type TrialStatus, trialStatus } from './billing';
import { findPricedPlan } from './billing-pricing';

export const ACCOUNT_STATES = [
  'active',
  'trial',
  'trial-expired',
  'plan-ended',
  'churned',
  'suspended',
] as const;
export type AccountState = (typeof ACCOUNT_STATES)[number];

export interface SubscriptionSnapshot {
  plan: string;
  pricingVersion: number;
  /** Seats bought; null when the plan does not sell seats. */
  seats: number | null;
  billingPeriodUnit: 'month' | 'year';
  /** The application's creation (the trial counts from it). */
  createdAt: number;
  trialDays?: number;
  /**
   * Paid through (a manually invoiced plan) or, on the trial plan, when the trial ends; null when
   * open-ended.
   */
  until: number | null;
  dueInvoiceCount: number;
  /** When the oldest unpaid payment fell due; null if nothing is due. */
  dueSince: number | null;
  autoCollection: 'on' | 'off';
  /** The payment provider could not be asked: never suspend on a failed lookup (SPEC §4). */
  lookupFailed?: boolean;
  /** Overage add-on packs bought (`overageAddon` says what one adds); none when absent. */
  addonPacks?: number;
}

/** Trial status of the snapshot: an explicit trial end wins over the days since creation. */
export function subscriptionTrialStatus(sub: SubscriptionSnapshot, now: number): TrialStatus {
  if ((sub.plan === PLAN.TRIAL || sub.plan === PLAN.FREE) && sub.until !== null) {
    return now < sub.until ? 'active' : 'expired';
  }
  return trialStatus({
    createdAt: sub.createdAt,
    now,
    plan: sub.plan,
    trialDays: sub.trialDays ?? TRIAL_DAYS,
  });
}

export function accountState(sub: SubscriptionSnapshot, now: number): AccountState {
  if (isChurned(sub.plan)) return 'churned';
  const trial = subscriptionTrialStatus(sub, now);
  if (trial === 'active') return 'trial';
  if (trial === 'expired') return 'trial-expired';
  const suspended =
    sub.lookupFailed !== true &&
    sub.plan !== PLAN.STARTUP &&
    isSuspended({
      plan: sub.plan,
      dueInvoiceCount: sub.dueInvoiceCount,
      autoCollection: sub.autoCollection,
      billingPeriodUnit: sub.billingPeriodUnit,
      paymentDueSince: sub.dueSince,
      now,
    });
  if (suspended) return 'suspended';
  if (sub.until !== null && now >= sub.until) return 'plan-ended';
  return 'active';
}

/** States that keep the dashboard's screens closed: where the dashboard sends the member instead. */
export function blockedStateRoute(state: AccountState): string | null {
  switch (state) {
    case 'trial-expired':
      return TRIAL_EXPIRED_ROUTE;
    case 'suspended':
      return ACCOUNT_SUSPENDED_ROUTE;
    case 'churned':
    case 'plan-ended':
      return BILLING_ROUTE;
    default:
      return null;
  }
}

/** Members (people, not bots) the subscription allows: trial 10, startup 1-2, v9 plan limits, else seats bought. */
export function seatLimit(sub: Pick<SubscriptionSnapshot, 'plan' | 'pricingVersion' | 'seats'>): number {
  if (sub.plan === PLAN.TRIAL || sub.plan === PLAN.FREE) return TRIAL_SEATS;
  if (sub.plan === PLAN.STARTUP) {
    return Math.min(STARTUP_SEATS_MAX, Math.max(STARTUP_SEATS_MIN, sub.seats ?? STARTUP_SEATS_MIN));
  }
  const priced = findPricedPlan(sub.pricingVersion, sub.plan);
  if (priced?.teamMembers !== undefined) return priced.teamMembers;
  if (priced?.maxSeats !== undefined) return priced.maxSeats;
  return sub.seats ?? INFINITE;
}

/** AI agents (bots) the plan allows; unlimited where SPEC §9 names no limit. */
export function aiAgentLimit(sub: Pick<SubscriptionSnapshot, 'plan' | 'pricingVersion'>): number {
  return findPricedPlan(sub.pricingVersion, sub.plan)?.aiAgents ?? INFINITE;
}

/** The usage allowance of one billing period: MTU (v6-v7) or messages (v8-v9); null when unmetered. */
export function usageAllowance(
  sub: Pick<SubscriptionSnapshot, 'plan' | 'pricingVersion' | 'billingPeriodUnit'>,
): { metric: 'mtuCount' | 'channelCount'; limit: number } | null {
  const priced = findPricedPlan(sub.pricingVersion, sub.plan);
  if (priced?.messages) {
    return {
      metric: 'channelCount',
      limit: sub.billingPeriodUnit === 'year' ? priced.messages.year : priced.messages.month,
    };
  }
  if (priced?.mtu !== undefined) return { metric: 'mtuCount', limit: priced.mtu };
  return null;
}

/**
 * The error code of an API call refused because the account is blocked (SPEC §4 states; SPEC §2
 * names the dashboard's answer to it, the Subscription Required modal). HTTP 402.
 */
export const SUBSCRIPTION_REQUIRED = 'SUBSCRIPTION_REQUIRED';

export interface AccountRefusal {
  code: typeof SUBSCRIPTION_REQUIRED;
  message: string;
  /** The dashboard screen the state sends members to (SPEC §4). */
  redirect: string;
}

const BLOCKED_STATE_MESSAGES: Readonly<Partial<Record<AccountState, string>>> = {
  'trial-expired': 'Your trial has ended. Purchase a plan to continue.',
  suspended: 'Your account is suspended: invoices are unpaid. Pay them to continue.',
  churned: 'Your subscription has ended. Purchase a plan to continue.',
  'plan-ended': 'Your plan has ended. Purchase a plan to continue.',
};

/**
 * SPEC §4 on the API: an account whose state keeps the dashboard's screens closed can not use the
 * product through the API either; null when the state lets it (active, trial).
 */
export function accountRefusal(state: AccountState): AccountRefusal | null {
  const redirect = blockedStateRoute(state);
  const message = BLOCKED_STATE_MESSAGES[state];
  if (redirect === null || message === undefined) return null;
  return { code: SUBSCRIPTION_REQUIRED, message, redirect };
}
