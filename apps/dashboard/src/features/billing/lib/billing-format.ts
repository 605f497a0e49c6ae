import type { BillingOverview } from '@convo/api';
import { INFINITE } from '@convo/domain';

// Small display rules of the billing screens, kept pure so they are tested apart.

/** A plan key as a name: 'per_agent' → 'Per agent', 'professional' → 'Professional'. */
export function planName(plan: string): string {
  const words = plan.replace(/_/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** A limit the server gives (null or INFINITE: none). */
export function isUnlimited(limit: number | null): boolean {
  return limit === null || limit >= INFINITE;
}

/** The period's allowance with the overage add-on's packs, or null when unmetered. */
export function usageAllowanceTotal(usage: BillingOverview['usage']): number | null {
  if (isUnlimited(usage.allowance) || usage.allowance === null) return null;
  return usage.allowance + usage.extra;
}

/**
 * Used against the allowance (with the add-on's packs) as a percentage for the usage bar (capped
 * at 100), or null when unmetered.
 */
export function usagePercent(usage: BillingOverview['usage']): number | null {
  const allowance = usageAllowanceTotal(usage);
  if (allowance === null || allowance <= 0) return null;
  const used = usage.metric === 'channelCount' ? usage.messages : usage.mtu;
  return Math.min(100, Math.round((used / allowance) * 100));
}

/** A price in whole currency units (the price list's) in the reader's language: 15 usd → '$15'. */
export function formatPrice(amount: number, currency: string, language: string): string {
  try {
    return new Intl.NumberFormat(language, {
      style: 'currency',
      currency: currency.toUpperCase(),
      maximumFractionDigits: Number.isInteger(amount) ? 0 : 2,
    }).format(amount);
  } catch {
    return `${amount} ${currency.toUpperCase()}`;
  }
}

/** The number the usage bar counts: messages on v8-v9, monthly active users before. */
export function usageUsed(usage: BillingOverview['usage']): number {
  return usage.metric === 'channelCount' ? usage.messages : usage.mtu;
}

/** An invoice amount (smallest unit) in the reader's language: 4000 usd → '$40.00'. */
export function formatAmount(amount: number, currency: string, language: string): string {
  try {
    return new Intl.NumberFormat(language, { style: 'currency', currency: currency.toUpperCase() }).format(
      amount / 100,
    );
  } catch {
    return `${(amount / 100).toFixed(2)} ${currency.toUpperCase()}`;
  }
}

/** 'YYYY-MM' as a month name in the reader's language. */
export function formatPeriod(period: string, language: string): string {
  const [year, month] = period.split('-').map(Number);
  if (!year || !month) return period;
  return new Date(Date.UTC(year, month - 1, 1)).toLocaleDateString(language, {
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });
}
