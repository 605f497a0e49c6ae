import {
  type AccountState,
  type ApplicationLlmCaps,
  accountState,
  aiAgentLimit,
  type FeatureAccess,
  type FeatureKey,
  lockedFeatures,
  PLAN,
  planLlmCaps,
  type SubscriptionSnapshot,
  seatLimit,
  subscriptionTrialStatus,
} from '@convo/domain';
import type { Db } from '../../platform/db/database.js';
import { TtlCache } from '../../platform/ttl-cache.js';
import * as repo from './repository.js';

// What an application may use right now, computed once from its subscription and kept in memory,
// so that a gated route's check is a map lookup (issue 19 budget: < 0.05 ms per request).

export const BILLING_PROVIDERS = ['manual', 'stripe'] as const;
export type BillingProviderName = (typeof BILLING_PROVIDERS)[number];

export interface Entitlement {
  /** 'operator': no billing provider configured, everything open (self-hosted default). */
  mode: 'operator' | 'billed';
  state: AccountState;
  snapshot: SubscriptionSnapshot | null;
  /** The features the plan does not open, with the reason; empty in operator mode. */
  locked: Partial<Record<FeatureKey, FeatureAccess>>;
  seatLimit: number | null;
  aiAgentLimit: number | null;
  /** The LLM bots' replies the plan allows the application an hour and a day; null: no billing. */
  llmCalls: ApplicationLlmCaps | null;
  /** The application's domain block (SPEC §8 frequent sign-ups); null when none is stored. */
  signupBlock: string | null;
}

export const OPERATOR_ENTITLEMENT: Entitlement = Object.freeze({
  mode: 'operator',
  state: 'active',
  snapshot: null,
  locked: Object.freeze({}),
  seatLimit: null,
  aiAgentLimit: null,
  llmCalls: null,
  signupBlock: null,
});

/** The subscription as the rules read it: the subscription row, else the application's own columns. */
export function snapshotOf(source: repo.BillingSource): SubscriptionSnapshot {
  const { application: app, subscription: sub } = source;
  return {
    plan: sub?.plan ?? app.subscriptionPlan,
    pricingVersion: sub?.pricingVersion ?? app.pricingVersion,
    seats: sub?.seats ?? null,
    billingPeriodUnit: sub?.billingPeriodUnit === 'year' ? 'year' : 'month',
    createdAt: app.createdAt.getTime(),
    trialDays: app.trialPeriodDays,
    until: sub?.until?.getTime() ?? null,
    dueInvoiceCount: sub?.dueInvoiceCount ?? app.dueInvoiceCount,
    dueSince: (sub?.dueSince ?? app.paymentDueSince)?.getTime() ?? null,
    autoCollection: (sub?.autoCollection ?? app.autoCollection) === 'off' ? 'off' : 'on',
    addonPacks: sub?.addonPacks ?? 0,
  };
}

export function entitlementOf(source: repo.BillingSource, now: number): Entitlement {
  const snapshot = snapshotOf(source);
  const state = accountState(snapshot, now);
  const ended = state === 'churned' || state === 'plan-ended';
  const trial = subscriptionTrialStatus(snapshot, now);
  const locked = ended
    ? lockedFeatures({ plan: PLAN.FREE, pricingVersion: snapshot.pricingVersion, trial: 'none' })
    : lockedFeatures({
        plan: snapshot.plan,
        pricingVersion: snapshot.pricingVersion,
        companyFeatureAccess: source.companySetting?.featureAccess,
        trial,
      });
  return {
    mode: 'billed',
    state,
    snapshot,
    locked,
    seatLimit: seatLimit(snapshot),
    aiAgentLimit: aiAgentLimit(snapshot),
    llmCalls: planLlmCaps({ plan: snapshot.plan, pricingVersion: snapshot.pricingVersion, trial, ended }),
    signupBlock: source.application.signupBlock,
  };
}

export interface Entitlements {
  readonly provider: BillingProviderName | null;
  /**
   * From memory when known, else read once (concurrent callers share the read). Inside a
   * transaction pass it as `via`: the read must not wait for a second connection.
   */
  of(applicationId: string, via?: Db): Promise<Entitlement>;
  /** Forget an application's entry: its plan just changed. */
  invalidate(applicationId: string): void;
}

/**
 * Entries live `ttlMs` (default 30 s) so that a plan set by the operator command from another
 * process reaches a running server soon; changes made through this process invalidate at once.
 */
export function createEntitlements(
  db: Db,
  provider: BillingProviderName | null,
  opts: { ttlMs?: number; now?: () => number } = {},
): Entitlements {
  const now = opts.now ?? Date.now;
  const cache = new TtlCache<Entitlement>({ ttlMs: opts.ttlMs ?? 30_000, maxEntries: 10_000, now });
  return {
    provider,
    async of(applicationId, via) {
      if (provider === null) return OPERATOR_ENTITLEMENT;
      const cached = cache.get(applicationId);
      if (cached) return cached;
      const read = async (from: Db) => {
        const source = await repo.findBillingSource(from, applicationId);
        // An application that does not exist has nothing gated to reach; its routes answer 404.
        return source ? entitlementOf(source, now()) : OPERATOR_ENTITLEMENT;
      };
      if (via) {
        const value = await read(via);
        cache.set(applicationId, value);
        return value;
      }
      return (await cache.getOrCompute(applicationId, () => read(db))).value;
    },
    invalidate(applicationId) {
      cache.delete(applicationId);
    },
  };
}
