import { describe, expect, it } from 'vitest';
import { PLAN } from './billing';
import {
  FEATURE_KEYS,
  FEATURE_NOT_AVAILABLE,
  FEATURES,
  type FeatureAccessInput,
  featureAccess,
  lockedFeatures,
  UPGRADE_TO_LATEST_PRICING,
} from './billing-features';

const base: Omit<FeatureAccessInput, 'feature'> = { plan: PLAN.STARTER, pricingVersion: 9, trial: 'none' };

describe('feature access (SPEC §6)', () => {
  it('names the SPEC features in the matrix', () => {
    for (const key of [
      'botAnalytics',
      'teamAnalytics',
      'waitingQueue',
      'autoClosing',
      'csat',
      'customDomain',
      'sso',
      'webhooks',
      'channelIntegrations',
      'translation',
      'conversationSummary',
      'agentAssist',
      'businessHours',
      'twoFactor',
    ]) {
      expect(FEATURE_KEYS).toContain(key);
    }
  });

  it('opens features up to the plan level and refuses those above it', () => {
    expect(featureAccess({ ...base, feature: 'csat' })).toEqual({ allowed: true });
    expect(featureAccess({ ...base, feature: 'webhooks' })).toEqual({
      allowed: false,
      reason: FEATURE_NOT_AVAILABLE,
      requiredLevel: 2,
    });
    expect(featureAccess({ ...base, plan: PLAN.PROFESSIONAL, feature: 'webhooks' }).allowed).toBe(true);
    expect(featureAccess({ ...base, plan: PLAN.PROFESSIONAL, feature: 'sso' }).allowed).toBe(false);
    expect(featureAccess({ ...base, plan: PLAN.ENTERPRISE, feature: 'sso' }).allowed).toBe(true);
  });

  it('marks features an old pricing version does not sell as upgrade to latest pricing', () => {
    expect(FEATURES.agentAssist.since).toBe(9);
    expect(
      featureAccess({ ...base, plan: PLAN.ENTERPRISE, pricingVersion: 8, feature: 'agentAssist' }),
    ).toEqual({
      allowed: false,
      reason: UPGRADE_TO_LATEST_PRICING,
    });
    expect(
      featureAccess({ ...base, plan: PLAN.ADVANCED, pricingVersion: 8, feature: 'translation' }).allowed,
    ).toBe(true);
  });

  it('is open for the agent builder, company-listed features, ecommerce and a missing plan or version', () => {
    expect(featureAccess({ ...base, feature: 'sso', agentBuilder: true }).allowed).toBe(true);
    expect(featureAccess({ ...base, feature: 'sso', companyFeatureAccess: ['sso'] }).allowed).toBe(true);
    expect(featureAccess({ ...base, feature: 'sso', companyFeatureAccess: ['webhooks'] }).allowed).toBe(
      false,
    );
    expect(featureAccess({ ...base, feature: 'sso', plan: PLAN.ECOMMERCE }).allowed).toBe(true);
    expect(featureAccess({ ...base, feature: 'sso', plan: null }).allowed).toBe(true);
    expect(featureAccess({ ...base, feature: 'sso', pricingVersion: null }).allowed).toBe(true);
  });

  it('uses the trial status for trial plans: everything while active, free level once expired', () => {
    expect(featureAccess({ ...base, plan: PLAN.TRIAL, trial: 'active', feature: 'sso' }).allowed).toBe(true);
    expect(featureAccess({ ...base, plan: PLAN.TRIAL, trial: 'expired', feature: 'sso' }).allowed).toBe(
      false,
    );
    expect(featureAccess({ ...base, plan: PLAN.TRIAL, trial: 'expired', feature: 'tags' }).allowed).toBe(
      true,
    );
  });

  it('lists exactly the locked features', () => {
    const locked = lockedFeatures({ ...base, plan: PLAN.PROFESSIONAL });
    expect(Object.keys(locked).sort()).toEqual(FEATURE_KEYS.filter((k) => FEATURES[k].level > 2).sort());
    expect(lockedFeatures({ ...base, plan: PLAN.ENTERPRISE })).toEqual({});
  });
});
