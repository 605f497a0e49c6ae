// Plans, pricing versions and the trial / suspension rules of SPEC §4 and §9.

import { MAX_UNPAID_DAYS, MS_IN_DAY, SECONDS_IN_DAY, TRIAL_DAYS, UNPAID_INVOICE_LIMIT } from '../shared';

export const PLAN = {
  TRIAL: 'trial',
  FREE: 'free',
  STARTUP: 'startup',
  PER_AGENT: 'per_agent',
  CHURN: 'churn',
  ECOMMERCE: 'ecommerce',
  // v1-v3 per seat
  GROWTH: 'growth',
  PRO: 'pro',
  ENTERPRISE: 'enterprise',
  // v5
  START: 'start',
  GROW: 'grow',
  SCALE: 'scale',
  BUSINESS: 'business',
  // v6
  ESSENTIAL: 'essential',
  UNLIMITED: 'unlimited',
  // v7 / v8
  LITE: 'lite',
  ADVANCED: 'advanced',
  // v9
  STARTER: 'starter',
  PROFESSIONAL: 'professional',
} as const;
export type PlanKey = (typeof PLAN)[keyof typeof PLAN];
export const PLAN_KEYS: readonly PlanKey[] = Object.values(PLAN);

/** The help center is billed as a separate product. */
export const HELPCENTER_PRODUCT = 'helpcenter';

/** Plans that are not paid subscriptions. */
const UNPAID_PLANS: readonly string[] = [PLAN.TRIAL, PLAN.FREE, PLAN.STARTUP, PLAN.CHURN];

export function isPaidPlan(plan: string | null | undefined): boolean {
  return typeof plan === 'string' && plan !== '' && !UNPAID_PLANS.includes(plan);
}

export function isChurned(plan: string | null | undefined): boolean {
  return plan === PLAN.CHURN;
}

export const PRICING_VERSIONS = [1, 2, 3, 4, 5, 6, 7, 8, 9] as const;
export type PricingVersion = (typeof PRICING_VERSIONS)[number];
export const LATEST_PRICING_VERSION = 9;

export function isPricingVersion(value: unknown): value is PricingVersion {
  return typeof value === 'number' && (PRICING_VERSIONS as readonly number[]).includes(value);
}

export const USAGE_METRICS = ['mtuCount', 'channelCount'] as const;
export type UsageMetric = (typeof USAGE_METRICS)[number];

/** Versions 1-7 bill monthly tracked users; 8-9 bill channel messages. */
export function usageMetricForVersion(version: number): UsageMetric {
  return version >= 8 ? 'channelCount' : 'mtuCount';
}

export const BILLING_PERIOD_UNITS = ['month', 'year'] as const;
export type BillingPeriodUnit = (typeof BILLING_PERIOD_UNITS)[number];

export const AUTO_COLLECTION = ['on', 'off'] as const;
export type AutoCollection = (typeof AUTO_COLLECTION)[number];

export const CURRENCIES = ['usd', 'inr'] as const;
export type Currency = (typeof CURRENCIES)[number];

const INR_TIME_ZONES: readonly string[] = ['Asia/Calcutta', 'Asia/Kolkata'];

export function currencyForTimeZone(timeZone: string | null | undefined): Currency {
  return timeZone != null && INR_TIME_ZONES.includes(timeZone) ? 'inr' : 'usd';
}

/** The member's own time zone decides; without one, the country of their address (SPEC §7 IP lookup). */
export function defaultCurrency(
  timeZone: string | null | undefined,
  country: string | null | undefined,
): Currency {
  if (timeZone != null && timeZone !== '') return currencyForTimeZone(timeZone);
  return country === 'in' ? 'inr' : 'usd';
}

export interface LatestPlan {
  key: PlanKey;
  basePrice: { month: number; year: number } | null;
  messages: { month: number; year: number } | null;
  aiAgents: number | null;
  teamMembers: number | null;
  /** Overage price; null for custom-priced plans. */
  overage: number | null;
}

/** Pricing version 9 plans (SPEC §9); enterprise is custom, so its numbers are null. */
export const LATEST_PLANS: readonly LatestPlan[] = [
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
  { key: PLAN.ENTERPRISE, basePrice: null, messages: null, aiAgents: null, teamMembers: null, overage: null },
];

type Instant = number | Date;

function toMs(value: Instant): number {
  return value instanceof Date ? value.getTime() : value;
}

/** Whole days elapsed between two instants (never negative). */
export function daysBetween(from: Instant, to: Instant): number {
  return Math.max(0, Math.floor((toMs(to) - toMs(from)) / MS_IN_DAY));
}

export type TrialStatus = 'active' | 'expired' | 'none';

export interface TrialInput {
  /** Application creation time (epoch ms or Date). */
  createdAt: Instant;
  now: Instant;
  plan: string | null | undefined;
  trialDays?: number;
}

/**
 * Only free and trial plans have a trial. Active while elapsed whole days < trialDays + 1,
 * expired once they exceed trialDays.
 */
export function trialStatus({ createdAt, now, plan, trialDays = TRIAL_DAYS }: TrialInput): TrialStatus {
  if (plan !== PLAN.FREE && plan !== PLAN.TRIAL) return 'none';
  return daysBetween(createdAt, now) < trialDays + 1 ? 'active' : 'expired';
}

/** Days of trial left for the banner; 0 once expired. */
export function trialDaysLeft({ createdAt, now, trialDays = TRIAL_DAYS }: Omit<TrialInput, 'plan'>): number {
  return Math.max(0, trialDays - daysBetween(createdAt, now));
}

export interface SuspensionInput {
  plan: string | null | undefined;
  dueInvoiceCount: number | null | undefined;
  autoCollection: string | null | undefined;
  billingPeriodUnit: string | null | undefined;
  /** When the oldest unpaid payment fell due (epoch ms or Date); null if nothing is due. */
  paymentDueSince: Instant | null | undefined;
  now: Instant;
}

/**
 * Paid non-startup plans with due invoices and auto-collection not off are suspended:
 * monthly when the unpaid invoice count reaches the limit, yearly when payment is overdue by
 * the maximum unpaid days. Callers pass false-y inputs when the subscription lookup failed.
 */
export function isSuspended(input: SuspensionInput): boolean {
  const { plan, dueInvoiceCount, autoCollection, billingPeriodUnit, paymentDueSince, now } = input;
  if (!isPaidPlan(plan)) return false;
  const due = dueInvoiceCount ?? 0;
  if (due <= 0 || autoCollection === 'off') return false;
  if (billingPeriodUnit === 'month') return due >= UNPAID_INVOICE_LIMIT;
  if (billingPeriodUnit === 'year') {
    return paymentDueSince != null && daysBetween(paymentDueSince, now) >= MAX_UNPAID_DAYS;
  }
  return false;
}

/**
 * Durations up to a day read 'Xh Ym Zs' (leading zero units dropped); from 86400 s on,
 * days are added: '1d 2h 3m 4s'.
 */
export function formatDuration(seconds: number): string {
  const total = Number.isFinite(seconds) && seconds > 0 ? Math.floor(seconds) : 0;
  const d = Math.floor(total / SECONDS_IN_DAY);
  const h = Math.floor((total % SECONDS_IN_DAY) / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  if (d > 0) return `${d}d ${h}h ${m}m ${s}s`;
  if (h > 0) return `${h}h ${m}m ${s}s`;
  if (m > 0) return `${m}m ${s}s`;
  return `${s}s`;
}

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;

/** 'DD MMMM YYYY' in the runtime's local time zone. */
export function formatLongDate(date: Instant): string {
  const d = new Date(toMs(date));
  return `${String(d.getDate()).padStart(2, '0')} ${MONTHS[d.getMonth()]} ${d.getFullYear()}`;
}

/**
 * SPEC §9: under 60 minutes 'N mins ago', under 2880 minutes 'N hrs ago', else 'DD MMMM YYYY'.
 * Future instants count as now.
 */
export function relativeTime(date: Instant, now: Instant): string {
  const minutes = Math.max(0, Math.floor((toMs(now) - toMs(date)) / 60_000));
  if (minutes < 1) return 'just now';
  if (minutes < 60) return minutes === 1 ? '1 min ago' : `${minutes} mins ago`;
  if (minutes < 2880) {
    const hours = Math.floor(minutes / 60);
    return hours === 1 ? '1 hr ago' : `${hours} hrs ago`;
  }
  return formatLongDate(date);
}
