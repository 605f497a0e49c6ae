// Feature access of SPEC §6: which plan level each gated feature needs, from which pricing version
// it is sold, and the access rule that reads them.

import { PLAN, type PricingVersion, type TrialStatus } from './billing';
import { type PlanLevel, planLevel, TOP_PLAN_LEVEL } from './billing-pricing';

export interface FeatureRule {
  /** The lowest plan level that opens it. */
  level: PlanLevel;
  /** First pricing version that sells it; older versions answer 'upgrade to latest pricing'. */
  since?: PricingVersion;
}

/** The gated features, as data. Keys are stable: the server's gates and the dashboard use them. */
export const FEATURES = {
  // Analytics
  botAnalytics: { level: 2 },
  teamAnalytics: { level: 2 },
  teammateAnalytics: { level: 2 },
  answerFeedbackAnalytics: { level: 2 },
  conversationReports: { level: 1 },
  reportDownload: { level: 2 },
  insightsDashboard: { level: 3 },
  waitingQueueAnalytics: { level: 2 },
  // Conversations
  waitingQueue: { level: 1 },
  autoClosing: { level: 1 },
  automaticAssignment: { level: 1 },
  conversationRules: { level: 1 },
  conversationTranscript: { level: 1 },
  csat: { level: 1 },
  businessHours: { level: 1 },
  awayMessage: { level: 0 },
  welcomeMessage: { level: 0 },
  greetingMessage: { level: 0 },
  quickReplies: { level: 0 },
  tags: { level: 0 },
  notes: { level: 0 },
  prechatLeadCollection: { level: 1 },
  emailFallback: { level: 1 },
  userDetails: { level: 1 },
  teams: { level: 1 },
  messageLogs: { level: 1 },
  campaigns: { level: 2 },
  // AI
  aiAgents: { level: 1 },
  llmBots: { level: 1, since: 7 },
  knowledgeSources: { level: 1, since: 7 },
  translation: { level: 2, since: 8 },
  conversationSummary: { level: 2, since: 8 },
  agentAssist: { level: 2, since: 9 },
  autoSuggest: { level: 1 },
  // Channels
  channelIntegrations: { level: 2 },
  whatsapp: { level: 2 },
  mailbox: { level: 2 },
  socialChannels: { level: 2 },
  // Help center and widget
  helpCenter: { level: 0 },
  customDomain: { level: 2 },
  removeBranding: { level: 2 },
  customCss: { level: 2 },
  // Security and administration
  webhooks: { level: 2 },
  sso: { level: 3 },
  twoFactor: { level: 1 },
  rolesAndPermissions: { level: 3 },
  payloadEncryption: { level: 3 },
  auditLog: { level: 3 },
} as const satisfies Record<string, FeatureRule>;

export type FeatureKey = keyof typeof FEATURES;
export const FEATURE_KEYS = Object.keys(FEATURES) as FeatureKey[];

export function isFeatureKey(value: string): value is FeatureKey {
  return Object.hasOwn(FEATURES, value);
}

/** The error code a refused gated call answers with (HTTP 402). */
export const FEATURE_NOT_AVAILABLE = 'FEATURE_NOT_AVAILABLE';
/** The marker of a feature that the application's (old) pricing version does not sell. */
export const UPGRADE_TO_LATEST_PRICING = 'UPGRADE_TO_LATEST_PRICING';

export type FeatureAccess =
  | { allowed: true }
  | { allowed: false; reason: typeof FEATURE_NOT_AVAILABLE; requiredLevel: PlanLevel }
  | { allowed: false; reason: typeof UPGRADE_TO_LATEST_PRICING };

export interface FeatureAccessInput {
  feature: FeatureKey;
  plan: string | null | undefined;
  pricingVersion: number | null | undefined;
  /** The agent-builder product has every feature. */
  agentBuilder?: boolean;
  /** Features the company setting opens whatever the plan (`companySetting.featureAccess`). */
  companyFeatureAccess?: readonly string[] | undefined;
  /** Trial plans (trial, free) are judged by their trial status. */
  trial: TrialStatus;
}

const OPEN: FeatureAccess = { allowed: true };

/**
 * SPEC §6: open for the agent-builder product, for features listed in the company setting, for the
 * ecommerce plan and when plan or version is missing; otherwise the feature's level must not exceed
 * the plan's (a running trial counts as the top level, an expired one as free).
 */
export function featureAccess(input: FeatureAccessInput): FeatureAccess {
  const { feature, plan, pricingVersion } = input;
  if (input.agentBuilder === true) return OPEN;
  if (input.companyFeatureAccess?.includes(feature) === true) return OPEN;
  if (plan === PLAN.ECOMMERCE || !plan || pricingVersion == null) return OPEN;
  const rule: FeatureRule = FEATURES[feature];
  if (rule.since !== undefined && pricingVersion < rule.since) {
    return { allowed: false, reason: UPGRADE_TO_LATEST_PRICING };
  }
  const level = input.trial === 'active' ? TOP_PLAN_LEVEL : planLevel(pricingVersion, plan);
  return rule.level <= level
    ? OPEN
    : { allowed: false, reason: FEATURE_NOT_AVAILABLE, requiredLevel: rule.level };
}

/** Every feature the plan does not open (the dashboard's upgrade prompts read this). */
export function lockedFeatures(
  input: Omit<FeatureAccessInput, 'feature'>,
): Partial<Record<FeatureKey, FeatureAccess>> {
  const locked: Partial<Record<FeatureKey, FeatureAccess>> = {};
  for (const feature of FEATURE_KEYS) {
    const access = featureAccess({ ...input, feature });
    if (!access.allowed) locked[feature] = access;
  }
  return locked;
}
