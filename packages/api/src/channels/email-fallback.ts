import { MAX_FALLBACK_DELAY_MINUTES } from '@convo/domain';
import { z } from 'zod';
import { successEnvelope } from '../accounts/index.js';

// /settings/email-fallback (SPEC §2; §4 fallback types: message forwarding 0, undelivered 1,
// unread 2, unanswered 3): which of the team's messages a widget customer is mailed, and after
// how long. Every type is always listed; a type never saved is off with its default delay.

export const fallbackTypeSchema = z.union([z.literal(0), z.literal(1), z.literal(2), z.literal(3)]);

export const emailFallbackRuleSchema = z.object({
  fallbackType: fallbackTypeSchema,
  enabled: z.boolean(),
  /** Minutes after the team's message before it is checked; message forwarding is always 0. */
  delayMinutes: z.number().int().min(0).max(MAX_FALLBACK_DELAY_MINUTES),
});
export type EmailFallbackRule = z.infer<typeof emailFallbackRuleSchema>;

export const emailFallbackSettingsSchema = z.object({
  rules: z
    .array(emailFallbackRuleSchema)
    .min(1)
    .max(4)
    .refine((rules) => new Set(rules.map((r) => r.fallbackType)).size === rules.length, {
      message: 'Each fallback type may be given once.',
    }),
});
export type EmailFallbackSettings = z.infer<typeof emailFallbackSettingsSchema>;
export const emailFallbackResponseSchema = successEnvelope(emailFallbackSettingsSchema);
