import type { BillingOverview, BillingState, HelpCenterBilling } from '@convo/api';
import {
  defaultCurrency,
  findPricedPlan,
  isPricingVersion,
  LATEST_PRICING_VERSION,
  MS_IN_DAY,
  PLAN,
  PLAN_KEYS,
  type PlanKey,
  PRICING,
  PRICING_VERSIONS,
  seatLimit,
  trialDaysLeft,
  usageAllowance,
  usageMetricForVersion,
} from '@convo/domain';
import type { Db } from '../../platform/db/database.js';
import type { Entitlement, Entitlements } from './entitlements.js';
import type { PaymentProvider } from './provider.js';
import * as repo from './repository.js';

export interface BillingDeps {
  db: Db;
  entitlements: Entitlements;
  provider: PaymentProvider | null;
  now?: () => number;
}

export class BillingInputError extends Error {}

function trialDaysLeftOf(entitlement: Entitlement, now: number): number | null {
  const sub = entitlement.snapshot;
  if (entitlement.state !== 'trial' || !sub) return null;
  if (sub.until !== null) return Math.max(0, Math.ceil((sub.until - now) / MS_IN_DAY));
  return trialDaysLeft({
    createdAt: sub.createdAt,
    now,
    ...(sub.trialDays ? { trialDays: sub.trialDays } : {}),
  });
}

export async function billingState(deps: BillingDeps, applicationId: string): Promise<BillingState> {
  const entitlement = await deps.entitlements.of(applicationId);
  const now = deps.now?.() ?? Date.now();
  return {
    mode: entitlement.mode,
    state: entitlement.state,
    plan: entitlement.snapshot?.plan ?? null,
    trialDaysLeft: trialDaysLeftOf(entitlement, now),
    lockedFeatures: Object.fromEntries(
      Object.entries(entitlement.locked).flatMap(([feature, access]) =>
        access && !access.allowed
          ? [
              [
                feature,
                {
                  reason: access.reason,
                  ...('requiredLevel' in access ? { requiredLevel: access.requiredLevel } : {}),
                },
              ],
            ]
          : [],
      ),
    ),
  };
}

/** 'YYYY-MM' eleven months before `now`'s month: a yearly plan's usage window. */
function twelveMonthsBack(now: number): string {
  const d = new Date(now);
  return repo.usagePeriod(new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() - 11, 1)));
}

export async function billingOverview(
  deps: BillingDeps,
  applicationId: string,
  timeZone: string | null,
  country: string,
): Promise<BillingOverview> {
  const now = deps.now?.() ?? Date.now();
  const entitlement = await deps.entitlements.of(applicationId);
  const sub = entitlement.snapshot;
  const since = sub?.billingPeriodUnit === 'year' ? twelveMonthsBack(now) : repo.usagePeriod(new Date(now));
  const [seatsUsed, aiAgentsUsed, usage, invoices] = await Promise.all([
    repo.countSeatsUsed(deps.db, applicationId),
    repo.countAiAgents(deps.db, applicationId),
    repo.usageSince(deps.db, applicationId, since),
    deps.provider ? deps.provider.listInvoices(applicationId) : Promise.resolve([]),
  ]);
  const allowance = sub ? usageAllowance(sub) : null;
  return {
    mode: entitlement.mode,
    provider: deps.provider?.name ?? null,
    state: entitlement.state,
    plan: sub?.plan ?? null,
    pricingVersion: sub?.pricingVersion ?? null,
    billingPeriodUnit: sub?.billingPeriodUnit ?? null,
    until: sub?.until ?? null,
    currency: defaultCurrency(timeZone, country),
    seats: { used: seatsUsed, bought: sub?.seats ?? null, limit: entitlement.seatLimit },
    aiAgents: { used: aiAgentsUsed, limit: entitlement.aiAgentLimit },
    usage: {
      metric: allowance?.metric ?? usageMetricForVersion(sub?.pricingVersion ?? LATEST_PRICING_VERSION),
      since,
      messages: usage.messages,
      mtu: usage.mtu,
      allowance: allowance?.limit ?? null,
    },
    invoices,
    offers: deps.provider ? [...deps.provider.offers] : [],
  };
}

export function helpCenterBilling(deps: Pick<BillingDeps, 'provider'>): HelpCenterBilling {
  // No help-center subscription is sold yet by either provider: every help center is on the free plan.
  return {
    mode: deps.provider ? 'billed' : 'operator',
    provider: deps.provider?.name ?? null,
    plan: PLAN.FREE,
  };
}

/** Plans sold outside the price list; they keep whatever pricing version is asked. */
const UNLISTED_PLANS: readonly string[] = [
  PLAN.TRIAL,
  PLAN.FREE,
  PLAN.STARTUP,
  PLAN.PER_AGENT,
  PLAN.CHURN,
  PLAN.ECOMMERCE,
];

export interface SetPlanInput {
  applicationId: string;
  plan: string;
  seats?: number | undefined;
  period?: 'month' | 'year' | undefined;
  /** Paid through, or the end of a trial; null clears it. */
  until?: Date | null | undefined;
  pricingVersion?: number | undefined;
  provider: 'manual' | 'stripe';
  /** The provider's customer and subscription ids (Stripe); kept from before when absent. */
  external?: { customerId: string | null; subscriptionId: string | null } | undefined;
}

/** The newest pricing version that sells the plan (special plans: the latest). */
function versionFor(plan: string, asked: number | undefined): number {
  if (asked !== undefined) {
    if (!isPricingVersion(asked))
      throw new BillingInputError(`pricing version must be one of ${PRICING_VERSIONS.join(', ')}`);
    if (!UNLISTED_PLANS.includes(plan) && !findPricedPlan(asked, plan))
      throw new BillingInputError(`pricing version ${asked} has no plan "${plan}"`);
    return asked;
  }
  if (UNLISTED_PLANS.includes(plan)) return LATEST_PRICING_VERSION;
  const newest = [...PRICING_VERSIONS].reverse().find((v) => PRICING[v].some((p) => p.key === plan));
  if (newest === undefined) throw new BillingInputError(`unknown plan "${plan}"`);
  return newest;
}

/**
 * Sets an application's subscription (the manual provider's operator command, and the Stripe
 * webhooks): refuses unknown plans, too few seats for the plan, and a change that leaves fewer
 * seats than the members holding one (naming how many to remove first). One transaction.
 */
export async function setPlan(db: Db, input: SetPlanInput): Promise<repo.SubscriptionRow> {
  if (!PLAN_KEYS.includes(input.plan as PlanKey)) {
    throw new BillingInputError(`unknown plan "${input.plan}"; plans: ${PLAN_KEYS.join(', ')}`);
  }
  const pricingVersion = versionFor(input.plan, input.pricingVersion);
  const priced = findPricedPlan(pricingVersion, input.plan);
  const seats = input.seats ?? null;
  if (seats !== null && priced?.minSeats !== undefined && seats < priced.minSeats) {
    throw new BillingInputError(`the ${input.plan} plan needs at least ${priced.minSeats} seats`);
  }
  return db.transaction(async (tx) => {
    const source = await repo.findBillingSource(tx, input.applicationId);
    if (!source) throw new BillingInputError(`no application with id ${input.applicationId}`);
    const limit = seatLimit({ plan: input.plan, pricingVersion, seats });
    const used = await repo.countSeatsUsed(tx, input.applicationId);
    if (used > limit) {
      throw new BillingInputError(
        `${used} members hold a seat and the ${input.plan} plan allows ${limit}: remove ${used - limit} first`,
      );
    }
    const current = source.subscription;
    return repo.saveSubscription(tx, {
      applicationId: input.applicationId,
      provider: input.provider,
      plan: input.plan,
      pricingVersion,
      seats,
      billingPeriodUnit: input.period ?? current?.billingPeriodUnit ?? 'month',
      // A new plan starts open-ended unless the operator gives its end.
      until: input.until ?? null,
      // A plan set by hand starts with nothing due.
      dueInvoiceCount: 0,
      dueSince: null,
      autoCollection: current?.autoCollection ?? 'on',
      externalCustomerId: input.external?.customerId ?? current?.externalCustomerId ?? null,
      externalSubscriptionId: input.external?.subscriptionId ?? current?.externalSubscriptionId ?? null,
    });
  });
}
