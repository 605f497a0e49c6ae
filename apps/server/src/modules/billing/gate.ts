import {
  type Actor,
  can,
  FEATURE_NOT_AVAILABLE,
  type FeatureAccess,
  type FeatureKey,
  INFINITE,
} from '@convo/domain';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { requireAuth } from '../../http/auth.js';
import { AppError } from '../../http/errors.js';
import { markPolicy } from '../../http/security-route-table.js';
import type { Db } from '../../platform/db/database.js';
import type { Entitlement, Entitlements } from './entitlements.js';
import * as repo from './repository.js';

// The server side of feature gating and of the seat and AI-agent limits (SPEC §6, §9).

type Hook = (request: FastifyRequest, reply: FastifyReply) => Promise<void>;

/** HTTP 402: the request is fine, the plan does not pay for it. */
const PAYMENT_REQUIRED = 402;

const FEATURE_NAMES: Partial<Record<FeatureKey, string>> = {
  webhooks: 'Webhooks',
  sso: 'Single sign-on',
  csat: 'CSAT ratings',
  businessHours: 'Business hours',
  conversationTranscript: 'Conversation transcripts',
  waitingQueue: 'The waiting queue',
  autoClosing: 'Auto-closing conversations',
  rolesAndPermissions: 'Custom roles and permissions',
  messageLogs: 'Message logs',
  conversationReports: 'Reports',
  customDomain: 'A custom domain',
  channelIntegrations: 'This channel integration',
  socialChannels: 'A social channel (Facebook, Instagram)',
  whatsapp: 'WhatsApp',
  mailbox: 'The e-mail channel',
  llmBots: 'An AI agent on a large language model (LLM)',
  conversationSummary: 'The conversation summary',
  translation: 'Translation',
  agentAssist: 'Agent assist',
};

export function featureRefused(feature: FeatureKey, access: Exclude<FeatureAccess, { allowed: true }>) {
  const name = FEATURE_NAMES[feature] ?? feature;
  const message =
    access.reason === FEATURE_NOT_AVAILABLE
      ? `${name} is not part of your plan. Upgrade your plan to use it.`
      : `${name} is not sold on your pricing version. Upgrade to the latest pricing to use it.`;
  return new AppError(PAYMENT_REQUIRED, FEATURE_NOT_AVAILABLE, message, { feature, reason: access.reason });
}

/** Throws when the policy refuses the caller any of the features under this entitlement. */
export function assertFeatures(
  caller: Actor,
  entitlement: Entitlement,
  features: readonly FeatureKey[],
): void {
  for (const feature of features) {
    const access = entitlement.locked[feature];
    if (access && !access.allowed && !can(caller, 'feature.use', { feature, access })) {
      throw featureRefused(feature, access);
    }
  }
}

/**
 * A preHandler (after `authenticate`) refusing the request with 402 FEATURE_NOT_AVAILABLE when the
 * caller's plan does not open the feature(s); `features` may depend on the request (a settings
 * document whose sections are gated one by one).
 */
export function featureGuard(
  entitlements: Entitlements,
  features: FeatureKey | ((request: FastifyRequest) => readonly FeatureKey[]),
): Hook {
  const hook: Hook = async (request) => {
    if (entitlements.provider === null) return;
    const wanted = typeof features === 'string' ? [features] : features(request);
    if (wanted.length === 0) return;
    const caller = requireAuth(request);
    assertFeatures(caller, await entitlements.of(caller.applicationId), wanted);
  };
  // A fixed feature depends on the caller alone: refused before the body is validated (402, not
  // 400). One chosen from the request reads validated input, so it stays after validation.
  return typeof features === 'string' ? markPolicy(hook, { action: 'feature.use', feature: features }) : hook;
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/**
 * One more person may join (an invitation sent or accepted): members holding a seat, plus open
 * invitations when `countInvitations`, must stay under the plan's seats. Inside the caller's
 * transaction, so the count and the insert agree.
 */
export async function assertSeatAvailable(
  tx: Db,
  entitlements: Entitlements,
  applicationId: string,
  opts: { countInvitations: boolean },
): Promise<void> {
  const limit = (await entitlements.of(applicationId, tx)).seatLimit;
  if (limit === null || limit >= INFINITE) return;
  const used =
    (await repo.countSeatsUsed(tx, applicationId)) +
    (opts.countInvitations ? await repo.countPendingInvitations(tx, applicationId) : 0);
  if (used >= limit) {
    throw new AppError(
      PAYMENT_REQUIRED,
      'SEAT_LIMIT_REACHED',
      `Your plan allows ${plural(limit, 'team member', 'team members')} and ${used} ${used === 1 ? 'is' : 'are'} in use (open invitations included). Remove a member or buy more seats first.`,
      { limit, used },
    );
  }
}

/** One more AI agent (bot) may be created under the plan's limit. */
export async function assertAiAgentAvailable(tx: Db, entitlements: Entitlements, applicationId: string) {
  const limit = (await entitlements.of(applicationId, tx)).aiAgentLimit;
  if (limit === null || limit >= INFINITE) return;
  const used = await repo.countAiAgents(tx, applicationId);
  if (used >= limit) {
    throw new AppError(
      PAYMENT_REQUIRED,
      'AI_AGENT_LIMIT_REACHED',
      `Your plan allows ${plural(limit, 'AI agent', 'AI agents')} and you have ${used}. Delete one or upgrade your plan first.`,
      { limit, used },
    );
  }
}
