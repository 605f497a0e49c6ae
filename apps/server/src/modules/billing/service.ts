import type { BillingChangePreview, BillingOverview, BillingState, HelpCenterBilling } from '@convo/api';
import {
  type Currency,
  changePreview,
  currencyForTimeZone,
  currentPeriod,
  defaultCurrency,
  extendedTrialEnd,
  findPricedPlan,
  isPricingVersion,
  LATEST_PRICING_VERSION,
  MAX_OVERAGE_PACKS,
  MAX_TRIAL_EXTENSION_DAYS,
  MS_IN_DAY,
  overageAddon,
  overageOf,
  PLAN,
  PLAN_KEYS,
  type PlanKey,
  PRICING,
  PRICING_VERSIONS,
  type PricingVersion,
  periodPrice,
  seatLimit,
  trialDaysLeft,
  usageAllowance,
  usageMetricForVersion,
} from '@convo/domain';
import type { Db } from '../../platform/db/database.js';
import { type Entitlement, type Entitlements, snapshotOf } from './entitlements.js';
import type { PaymentProvider } from './provider.js';
import * as repo from './repository.js';
import { usageSince } from './usage-meter.js';

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
  const [seatsUsed, aiAgentsUsed, usage, invoices, subscription] = await Promise.all([
    repo.countSeatsUsed(deps.db, applicationId),
    repo.countAiAgents(deps.db, applicationId),
    usageSince(deps.db, applicationId, since),
    deps.provider ? deps.provider.listInvoices(applicationId) : Promise.resolve([]),
    repo.findSubscription(deps.db, applicationId),
  ]);
  const allowance = sub ? usageAllowance(sub) : null;
  const currency = defaultCurrency(timeZone, country);
  const addon = sub ? overageAddon(sub, currency) : null;
  const packs = addon ? (sub?.addonPacks ?? 0) : 0;
  const used = allowance?.metric === 'mtuCount' ? usage.mtu : usage.messages;
  const overage = allowance
    ? overageOf(used, allowance.limit, addon, packs)
    : { extra: 0, over: 0, packsToCover: 0 };
  // Packs are bought online only as an item of a live provider subscription.
  const subscribedOnline = Boolean(
    subscription?.externalSubscriptionId &&
      entitlement.state === 'active' &&
      addon &&
      deps.provider?.addons?.sells(addon.id),
  );
  return {
    mode: entitlement.mode,
    provider: deps.provider?.name ?? null,
    state: entitlement.state,
    plan: sub?.plan ?? null,
    pricingVersion: sub?.pricingVersion ?? null,
    billingPeriodUnit: sub?.billingPeriodUnit ?? null,
    until: sub?.until ?? null,
    currency,
    seats: { used: seatsUsed, bought: sub?.seats ?? null, limit: entitlement.seatLimit },
    aiAgents: { used: aiAgentsUsed, limit: entitlement.aiAgentLimit },
    usage: {
      metric: allowance?.metric ?? usageMetricForVersion(sub?.pricingVersion ?? LATEST_PRICING_VERSION),
      since,
      messages: usage.messages,
      mtu: usage.mtu,
      allowance: allowance?.limit ?? null,
      ...overage,
    },
    addon: addon ? { ...addon, packs, maxPacks: MAX_OVERAGE_PACKS, purchasable: subscribedOnline } : null,
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
  /** Overage add-on packs sold with the plan (the operator's command); absent: kept if the add-on is. */
  addonPacks?: number | undefined;
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

export class SeatsInUseError extends BillingInputError {}

function addonIdOf(sub: { plan: string; pricingVersion: number; billingPeriodUnit: string }): string | null {
  const period = sub.billingPeriodUnit === 'year' ? 'year' : 'month';
  return overageAddon({ ...sub, billingPeriodUnit: period }, 'usd')?.id ?? null;
}

/** A plan with fewer seats than the members holding one is refused, naming how many to remove. */
async function refuseFewerSeatsThanUsed(
  db: Db,
  applicationId: string,
  target: { plan: string; pricingVersion: number; seats: number | null },
): Promise<void> {
  const limit = seatLimit(target);
  const used = await repo.countSeatsUsed(db, applicationId);
  if (used > limit) {
    throw new SeatsInUseError(
      `${used} members hold a seat and the ${target.plan} plan allows ${limit}: remove ${used - limit} first`,
    );
  }
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
    await refuseFewerSeatsThanUsed(tx, input.applicationId, { plan: input.plan, pricingVersion, seats });
    const current = source.subscription;
    const billingPeriodUnit = input.period ?? (current?.billingPeriodUnit === 'year' ? 'year' : 'month');
    const addonId = addonIdOf({ plan: input.plan, pricingVersion, billingPeriodUnit });
    if (input.addonPacks !== undefined && input.addonPacks > 0 && addonId === null) {
      throw new BillingInputError(`the ${input.plan} plan has no overage add-on`);
    }
    return repo.saveSubscription(tx, {
      applicationId: input.applicationId,
      provider: input.provider,
      plan: input.plan,
      pricingVersion,
      seats,
      billingPeriodUnit,
      // Packs of an add-on the new plan still has are kept; another add-on starts with none.
      addonPacks: input.addonPacks ?? (current && addonIdOf(current) === addonId ? current.addonPacks : 0),
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

/**
 * Extends an application's trial by `days` (SPEC §7 "extend trial", the operator's command): from
 * its current end, or from now when it already ended. Refused for an application that is not on
 * trial. The entitlements of this process are invalidated; other processes' expire within their TTL.
 */
export async function extendTrial(
  db: Db,
  input: { applicationId: string; days: number; now?: number; entitlements?: Entitlements },
): Promise<repo.SubscriptionRow> {
  if (!Number.isInteger(input.days) || input.days < 1 || input.days > MAX_TRIAL_EXTENSION_DAYS) {
    throw new BillingInputError(`days must be a whole number from 1 to ${MAX_TRIAL_EXTENSION_DAYS}`);
  }
  const now = input.now ?? Date.now();
  const saved = await db.transaction(async (tx) => {
    const source = await repo.findBillingSource(tx, input.applicationId);
    if (!source) throw new BillingInputError(`no application with id ${input.applicationId}`);
    const snapshot = snapshotOf(source);
    const end = extendedTrialEnd(snapshot, input.days, now);
    if (end === null) {
      throw new BillingInputError(`${input.applicationId} is on the ${snapshot.plan} plan, not on a trial`);
    }
    const current = source.subscription;
    return repo.saveSubscription(tx, {
      applicationId: input.applicationId,
      provider: current?.provider ?? 'manual',
      plan: snapshot.plan,
      pricingVersion: snapshot.pricingVersion,
      seats: snapshot.seats,
      billingPeriodUnit: snapshot.billingPeriodUnit,
      until: new Date(end),
      dueInvoiceCount: snapshot.dueInvoiceCount,
      dueSince: snapshot.dueSince === null ? null : new Date(snapshot.dueSince),
      autoCollection: snapshot.autoCollection,
      externalCustomerId: current?.externalCustomerId ?? null,
      externalSubscriptionId: current?.externalSubscriptionId ?? null,
    });
  });
  input.entitlements?.invalidate(input.applicationId);
  return saved;
}

export class PlanNotSoldError extends BillingInputError {}

/**
 * What changing to `target` would cost now, from the server's price list (SPEC §9) in the member's
 * currency: the current period's remaining days × the price difference. The period is the paid-
 * through date when there is one, else whole months/years from the application's creation.
 * Refused for a plan not sold at a price and for fewer seats than the members holding one.
 */
export async function planChangePreview(
  deps: BillingDeps,
  applicationId: string,
  timeZone: string | null,
  target: { plan: string; period: 'month' | 'year'; seats?: number | undefined },
): Promise<BillingChangePreview> {
  const now = deps.now?.() ?? Date.now();
  const sub = (await deps.entitlements.of(applicationId)).snapshot;
  if (!sub) throw new BillingInputError('Billing is not enabled on this server: every feature is open.');
  const pricingVersion = PRICING[sub.pricingVersion as PricingVersion]?.some((p) => p.key === target.plan)
    ? sub.pricingVersion
    : versionFor(target.plan, undefined);
  const to = { pricingVersion, plan: target.plan, period: target.period, seats: target.seats ?? sub.seats };
  const currency = currencyForTimeZone(timeZone);
  if (periodPrice(to, currency) === null) {
    throw new PlanNotSoldError(
      `the ${target.plan} plan has no listed ${target.period}ly price: get in touch`,
    );
  }
  await refuseFewerSeatsThanUsed(deps.db, applicationId, to);
  const unit = sub.billingPeriodUnit;
  const period =
    sub.until !== null && sub.until > now
      ? { start: shiftUtc(sub.until, unit, -1), end: sub.until }
      : currentPeriod(sub.createdAt, unit, now);
  const current = { pricingVersion: sub.pricingVersion, plan: sub.plan, period: unit, seats: sub.seats };
  const from = periodPrice(current, currency) === null ? null : current;
  const preview = changePreview({ from, to, currency, period, now });
  if (!preview) throw new PlanNotSoldError(`the ${target.plan} plan has no listed price: get in touch`);
  return { currency, ...preview };
}

/** `at` moved by whole months or years (UTC calendar). */
function shiftUtc(at: number, unit: 'month' | 'year', by: number): number {
  const d = new Date(at);
  if (unit === 'year') d.setUTCFullYear(d.getUTCFullYear() + by);
  else d.setUTCMonth(d.getUTCMonth() + by);
  return d.getTime();
}

export class AddonNotSoldError extends BillingInputError {}
export class NoSubscriptionError extends BillingInputError {}

/**
 * Sets the overage add-on's packs (0 removes it; SPEC §9 add-on ids): only for a plan with an
 * overage price, in a currency it is priced in, on an active subscription bought online. The
 * provider bills the change (prorated) first; then the packs are recorded, in one transaction (the
 * subscription-updated webhook that follows says the same and is applied once). The price is the
 * server's: the browser sends a number of packs only.
 */
export async function setAddonPacks(
  deps: BillingDeps,
  applicationId: string,
  currency: Currency,
  packs: number,
): Promise<number> {
  if (!Number.isInteger(packs) || packs < 0 || packs > MAX_OVERAGE_PACKS) {
    throw new BillingInputError(`packs must be a whole number from 0 to ${MAX_OVERAGE_PACKS}`);
  }
  const entitlement = await deps.entitlements.of(applicationId);
  const sub = entitlement.snapshot;
  if (!sub) throw new BillingInputError('Billing is not enabled on this server: every feature is open.');
  const addon = overageAddon(sub, currency);
  if (!addon) {
    throw new AddonNotSoldError(
      `the ${sub.plan} plan has no overage add-on${currency === 'usd' ? '' : ` priced in ${currency}`}: upgrade or get in touch`,
    );
  }
  const sales = deps.provider?.addons;
  if (!sales?.sells(addon.id)) {
    throw new AddonNotSoldError('Overage add-ons are not sold online here: get in touch.');
  }
  const row = await repo.findSubscription(deps.db, applicationId);
  if (entitlement.state !== 'active' || !row?.externalSubscriptionId) {
    throw new NoSubscriptionError('Buy a plan first: add-ons are added to a paid subscription.');
  }
  await sales.setPacks({ subscriptionId: row.externalSubscriptionId, addonId: addon.id, packs });
  await deps.db.transaction((tx) => repo.updateAddonPacks(tx, applicationId, packs));
  deps.entitlements.invalidate(applicationId);
  return packs;
}

/** The payment provider's customer id of an application (null before its first checkout). */
export async function externalCustomerIdOf(db: Db, applicationId: string): Promise<string | null> {
  return (await repo.findSubscription(db, applicationId))?.externalCustomerId ?? null;
}
