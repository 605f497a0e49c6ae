// What boot validates (the run-time config, the stored session, an error's body), in zod mini: the
// contracts of @convo/api are classic zod, whose ~25 KB would otherwise load with every page, the
// sign-in page included (issue 39). Each schema is pinned to the contract's type, so a field the
// contract adds or changes fails the typecheck here; boot-schemas.test.ts parses the same samples
// with both. The pages validate their own answers with the contracts, loaded with them.

import type { ApiErrorBody, AppSettings, ClientConfig, Session, SessionResponse } from '@convo/api';
import { REGIONS } from '@convo/domain';
import * as z from 'zod/mini';

export const clientConfigSchema: z.ZodMiniType<ClientConfig, unknown> = z.object({
  variant: z.enum(['classic', 'agentic']),
  version: z.string(),
  apiBaseUrl: z.string(),
  messagingBaseUrl: z.string(),
  googleSignIn: z.boolean(),
  devMailbox: z.boolean(),
  errorReporting: z.boolean(),
  metabase: z._default(z.boolean(), false),
  supportAppId: z.nullable(z.string()),
  region: z._default(z.nullable(z.object({ id: z.enum(REGIONS), name: z.nullable(z.string()) })), null),
  captchaSiteKey: z._default(z.nullable(z.string()), null),
});

const appSettings = z.object({
  applicationId: z.string(),
  agentRouting: z.number(),
  collectEmailOnAwayMessage: z.boolean(),
  collectEmailOnWelcomeMessage: z.boolean(),
  removeBotOnAgentHandOff: z.boolean(),
  chatWidget: z.record(z.string(), z.unknown()),
  defaultTeamId: z.string(),
  showConversationSectionOnly: z.boolean(),
  companySetting: z.object({
    rolesAndPermissions: z.optional(z.record(z.string(), z.array(z.string()))),
    hideBillingFromNonAdmin: z.optional(z.boolean()),
    featureAccess: z.optional(z.array(z.string())),
    disableSupportWidget: z.optional(z.boolean()),
  }),
});
export const appSettingsSchema: z.ZodMiniType<AppSettings, unknown> = appSettings;

/** The session as stored under its key: without the app settings, which have their own. */
const storedSession = z.object({
  userName: z.string(),
  adminUserName: z.string(),
  name: z.string(),
  email: z.string(),
  roleType: z.enum(['0', '1', '2', '3', '11', '12']),
  roleName: z.string(),
  isAdmin: z.boolean(),
  applicationId: z.string(),
  application: z.object({
    applicationId: z.string(),
    key: z.string(),
    name: z.string(),
    createdAtTime: z.number(),
    trialPeriod: z.number(),
    pricingPackage: z.number(),
    products: z.array(z.object({ productId: z.string() })),
    subscriptionPlan: z.string(),
    pricingVersion: z.number(),
    mtu: z.number(),
    paymentDueSince: z.nullable(z.number()),
    dueInvoiceCount: z.number(),
    auto_collection: z.enum(['on', 'off']),
    encryptionEnabled: z.boolean(),
    signupBlock: z.optional(z.nullable(z.enum(['multiple-accounts', 'frequent-signups']))),
  }),
  imageLink: z.nullable(z.string()),
  availabilityStatus: z.number(),
  created_at: z.number(),
  emailVerified: z.boolean(),
  industry: z.nullable(z.string()),
  userIndustryRole: z.nullable(z.string()),
  token: z.string(),
  tokenExpiresAt: z.number(),
  userKey: z.string(),
  customerId: z.string(),
  adminDisplayName: z.string(),
  product: z.enum(['classic', 'agent']),
});

export const storedSessionSchema: z.ZodMiniType<Omit<Session, 'appSettings'>, unknown> = storedSession;

/** The answer of sign-in and users/me: the sign-in page reads it without classic zod (issue 39). */
export const sessionResponseSchema: z.ZodMiniType<SessionResponse, unknown> = z.object({
  code: z.literal('SUCCESS'),
  data: z.extend(storedSession, { appSettings }),
});

export const apiErrorSchema: z.ZodMiniType<ApiErrorBody, unknown> = z.object({
  code: z.string(),
  message: z.string(),
  details: z.optional(z.unknown()),
});
