import { REGIONS } from '@convo/domain';
import * as z from 'zod/mini';

// Product API (/api/...) contract for accounts: sign-up, sign-in, session, password, mail.
// The password rule itself lives in @convo/domain; here only the wire shapes.

export const roleTypeSchema = z.enum(['0', '1', '2', '3', '11', '12']);
export const productSchema = z.enum(['classic', 'agent']);
export const variantSchema = z.enum(['classic', 'agentic']);

export const emailSchema = z.string().check(z.trim(), z.toLowerCase(), z.maxLength(254), z.email());
/** Length bounds only: the strength rule is applied by the service with the spec's message. */
export const passwordSchema = z.string().check(z.minLength(1), z.maxLength(128));

export const signupRequestSchema = z.object({
  userName: z.optional(emailSchema),
  email: emailSchema,
  password: passwordSchema,
  name: z.string().check(z.trim(), z.minLength(1), z.maxLength(120)),
  companyName: z.optional(z.string().check(z.trim(), z.minLength(1), z.maxLength(120))),
  loginType: z._default(z.enum(['email', 'oauth']), 'email'),
  roleType: z.optional(roleTypeSchema),
  product: z.optional(productSchema),
  pricingVersion: z.optional(z.number().check(z.int(), z.gte(1), z.lte(9))),
  isEncoded: z.optional(z.boolean()),
  deviceType: z.optional(z.number().check(z.int())),
  billingPlatform: z.optional(z.enum(['shopify'])),
  signupSource: z.optional(z.string().check(z.maxLength(64))),
  dealCode: z.optional(z.string().check(z.maxLength(64))),
  inviteToken: z.optional(z.string().check(z.maxLength(200))),
  shop: z.optional(z.string().check(z.maxLength(255))),
});
export type SignupRequest = z.input<typeof signupRequestSchema>;

export const loginRequestSchema = z.object({
  userName: z.string().check(z.trim(), z.toLowerCase(), z.minLength(1), z.maxLength(254)),
  password: passwordSchema,
  applicationId: z.optional(z.string().check(z.maxLength(64))),
  /** The authenticator code (or a recovery code) when two-factor sign-in is on. */
  otp: z.optional(z.string().check(z.trim(), z.maxLength(32))),
});
export type LoginRequest = z.infer<typeof loginRequestSchema>;

export const companySettingSchema = z.object({
  rolesAndPermissions: z.optional(z.record(z.string(), z.array(z.string()))),
  hideBillingFromNonAdmin: z.optional(z.boolean()),
  featureAccess: z.optional(z.array(z.string())),
  disableSupportWidget: z.optional(z.boolean()),
});

export const applicationSummarySchema = z.object({
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
  /**
   * Blocked by its e-mail domain until a plan is bought (SPEC §8 frequent sign-ups); optional so
   * that a session stored before the field existed still reads.
   */
  signupBlock: z.optional(z.nullable(z.enum(['multiple-accounts', 'frequent-signups']))),
});

export const appSettingsSchema = z.object({
  applicationId: z.string(),
  agentRouting: z.number(),
  collectEmailOnAwayMessage: z.boolean(),
  collectEmailOnWelcomeMessage: z.boolean(),
  removeBotOnAgentHandOff: z.boolean(),
  chatWidget: z.record(z.string(), z.unknown()),
  defaultTeamId: z.string(),
  showConversationSectionOnly: z.boolean(),
  companySetting: companySettingSchema,
});
export type AppSettings = z.infer<typeof appSettingsSchema>;

/** SPEC §3 Session, as the dashboard stores it (base64, never with a password). */
export const sessionSchema = z.object({
  userName: z.string(),
  adminUserName: z.string(),
  name: z.string(),
  email: z.string(),
  roleType: roleTypeSchema,
  roleName: z.string(),
  isAdmin: z.boolean(),
  applicationId: z.string(),
  application: applicationSummarySchema,
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
  product: productSchema,
  appSettings: appSettingsSchema,
});
export type Session = z.infer<typeof sessionSchema>;

export const successEnvelope = <T extends z.core.$ZodType>(data: T) =>
  z.object({ code: z.literal('SUCCESS'), data });

export const sessionResponseSchema = successEnvelope(sessionSchema);
export type SessionResponse = z.infer<typeof sessionResponseSchema>;

export const messageResponseSchema = z.object({ code: z.literal('SUCCESS'), message: z.string() });
export type MessageResponse = z.infer<typeof messageResponseSchema>;

export const passwordChangeRequestSchema = z.object({
  oldPassword: passwordSchema,
  newPassword: passwordSchema,
});

export const passwordResetRequestSchema = z.object({
  userName: z.string().check(z.trim(), z.toLowerCase(), z.minLength(1), z.maxLength(254)),
});
export const passwordResetValidateSchema = z.object({
  userName: z.string().check(z.trim(), z.toLowerCase(), z.minLength(1), z.maxLength(254)),
  code: z.string().check(z.trim(), z.minLength(1), z.maxLength(64)),
});
export const passwordResetUpdateSchema = z.object({
  userName: z.string().check(z.trim(), z.toLowerCase(), z.minLength(1), z.maxLength(254)),
  code: z.string().check(z.trim(), z.minLength(1), z.maxLength(64)),
  newPassword: passwordSchema,
});

export const emailValidateRequestSchema = z.object({
  code: z.string().check(z.trim(), z.minLength(1), z.maxLength(128)),
});

/** Run-time configuration the dashboard reads at boot (no secrets). */
export const clientConfigSchema = z.object({
  variant: variantSchema,
  version: z.string(),
  apiBaseUrl: z.string(),
  messagingBaseUrl: z.string(),
  googleSignIn: z.boolean(),
  devMailbox: z.boolean(),
  errorReporting: z.boolean(),
  /** Metabase embedding is configured (METABASE_*): the navigation lists its page only then. */
  metabase: z._default(z.boolean(), false),
  /** The vendor's support application loaded in the dashboard (SPEC §6); null when not configured. */
  supportAppId: z.nullable(z.string()),
  /** SPEC §7 regional deployment, only when the operator configured one; `name` overrides the label. */
  region: z._default(z.nullable(z.object({ id: z.enum(REGIONS), name: z.nullable(z.string()) })), null),
  /**
   * The public reCAPTCHA site key a sign-up form renders its widget with, when the server checks
   * `register/v2/account` answers (CAPTCHA_SITE_KEY); null otherwise. Never the secret.
   */
  captchaSiteKey: z._default(z.nullable(z.string()), null),
});
export type ClientConfig = z.infer<typeof clientConfigSchema>;

export const ipCountryResponseSchema = z.object({ country: z.string().check(z.regex(/^[a-z]{2}$/)) });
export type IpCountryResponse = z.infer<typeof ipCountryResponseSchema>;

export const outboxMailSchema = z.object({
  id: z.string(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  html: z.nullable(z.string()),
  createdAt: z.number(),
});
export type OutboxMail = z.infer<typeof outboxMailSchema>;
export const outboxListSchema = successEnvelope(z.array(outboxMailSchema));

// Zod-free, so light clients (the dashboard's boot) import it from @convo/api/constants.
export { ACCOUNT_PATHS } from './account-paths.js';
