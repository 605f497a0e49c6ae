import { z } from 'zod';
import { emailSchema, successEnvelope } from './accounts.js';

// Product API for company SSO with OpenID Connect (SPEC §2 login /sso, §6 settings.sso).

export const ssoSettingsSchema = z.object({
  configured: z.boolean(),
  issuer: z.string(),
  clientId: z.string(),
  hasSecret: z.boolean(),
  allowedDomains: z.array(z.string()),
  enabled: z.boolean(),
  /** The redirect URI to register at the provider. */
  redirectUri: z.string(),
});
export type SsoSettings = z.infer<typeof ssoSettingsSchema>;
export const ssoSettingsResponseSchema = successEnvelope(ssoSettingsSchema);

export const ssoSettingsRequestSchema = z.object({
  issuer: z.string().trim().min(1).max(500),
  clientId: z.string().trim().min(1).max(300),
  /** Empty or absent keeps the stored secret. */
  clientSecret: z.string().max(1000).optional(),
  allowedDomains: z.array(z.string().trim().min(1).max(253)).min(1).max(50),
  enabled: z.boolean(),
});

export const ssoStartQuerySchema = z.object({ email: emailSchema, origin: z.string().max(300) });
